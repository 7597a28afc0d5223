// Batch postings benchmark: what the ledger costs per transfer when a batch of two-leg transfers
// posts in one statement, as a group of casino callbacks or a market's bets does, on PostgreSQL
// (DATABASE_URL; PGlite otherwise, printed). Two forms, alternated in one run on one schema:
//   set-wise     `postScopedMoves` as it is: `ledger_post_moves` decides the batch in order and
//                writes it in a fixed number of statements (db/functions/ledger_post_moves.sql);
//   per transfer the form batches had before it: `ledger_post_transfer` called once per transfer
//                (LATERAL), about ten statements each. Kept here as the reference.
// Each transaction posts k casino bets or wins (cash to house, house to cash) of k players,
// for k = 1, 2, 4 and 8. Printed per transfer: wall time with one client, and the database's
// CPU (PostgreSQL's processes, or this process for PGlite, which runs in it). Budget, a ratio on
// one machine in one run: set-wise costs at most 0.6 of per transfer in database CPU at k = 8
// on PostgreSQL, at most 0.85 on PGlite (no locks there, so less to save). The ledger is audited
// at the end.
import { randomBytes, randomUUID } from 'node:crypto';
import { openDatabase, type Database } from '../../apps/server/src/db/database';
import { migrate } from '../../apps/server/src/db/migrate';
import { auditLedger, SOUND_LEDGER } from '../../apps/server/src/modules/wallet/ledger-audit';
import { scopedMovesCall, type ScopedMove } from '../../apps/server/src/modules/wallet/ledger';
import { deposit } from '../../apps/server/src/modules/wallet/wallet-movements';
import { cpuMsBetween, cpuMsByProcess } from '../support/process-cpu';

const PLAYERS = 400;
const TRANSFERS_PER_STEP = Number(process.env.BATCH_POSTINGS_TRANSFERS ?? 1_200);
const ROUNDS = 4;
const SIZES = [1, 2, 4, 8] as const;
const DOMAIN = 'bench.batches';

/** The per-transfer form: ledger_post_transfer once per move, as batches posted before. */
const PER_TRANSFER_SQL = `SELECT m.n, r.*
  FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::uuid[],
    $7::text[], $8::text[], $9::bigint[]) WITH ORDINALITY
    AS m (key, code, reference, domain, book, owner, from_kind, to_kind, amount, n)
  CROSS JOIN LATERAL ledger_post_transfer(
    m.key, m.code, m.reference,
    ledger_account_ids(m.domain, m.book, m.owner, ARRAY[m.from_kind, m.to_kind]),
    ARRAY[-m.amount, m.amount], NULL::uuid, NULL, NULL
  ) AS r
  ORDER BY m.n`;

type Form = 'set-wise' | 'per transfer';

interface Totals {
  wallMs: number;
  cpuMs: number;
  transfers: number;
}

function cpuNow(inProcess: boolean): Map<number, number> | number {
  if (!inProcess) return cpuMsByProcess('postgres');
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

function cpuSince(inProcess: boolean, before: Map<number, number> | number): number {
  const after = cpuNow(inProcess);
  if (typeof before === 'number' && typeof after === 'number') return after - before;
  if (typeof before !== 'number' && typeof after !== 'number') return cpuMsBetween(before, after);
  throw new Error('mixed CPU readings');
}

async function step(db: Database, form: Form, owners: string[], k: number, tag: string) {
  const batches = Math.ceil(TRANSFERS_PER_STEP / k);
  for (let b = 0; b < batches; b++) {
    const moves: ScopedMove[] = Array.from({ length: k }, (_, j) => {
      const win = (b + j) % 2 === 1;
      return {
        idempotencyKey: `${tag}:${b}:${j}`,
        code: win ? 'casino_win' : 'casino_bet',
        reference: `casino:${tag}:${b}`,
        scope: { domain: DOMAIN, book: 'real', ownerId: owners[(b * k + j) % owners.length] ?? '' },
        from: win ? 'house' : 'player_cash',
        to: win ? 'player_cash' : 'house',
        amountMinor: 100,
      };
    });
    const call = scopedMovesCall(moves);
    await db.transaction(async (tx) => {
      const rows = await tx.query<{ result: string }>(
        form === 'set-wise' ? call.sql : PER_TRANSFER_SQL,
        call.params,
      );
      if (rows.length !== k || rows.some((row) => row.result !== 'ok')) {
        throw new Error(`a batch did not post: ${rows.map((row) => row.result).join(', ')}`);
      }
    });
  }
  return batches * k;
}

async function main(): Promise<boolean> {
  const databaseUrl = process.env.DATABASE_URL ?? null;
  const schema = `bench_batches_${randomBytes(4).toString('hex')}`;
  const db = await openDatabase({ databaseUrl, pgliteDir: null, schema });
  const store = databaseUrl ? 'PostgreSQL' : 'PGlite (DATABASE_URL is not set)';
  const inProcess = !databaseUrl;
  try {
    await migrate(db);
    const owners: string[] = [];
    for (let i = 0; i < PLAYERS; i++) {
      const ownerId = randomUUID();
      await db.transaction((tx) =>
        deposit(tx, {
          domain: DOMAIN,
          ownerId,
          amountMinor: 100_000_000,
          idempotencyKey: `fund:${ownerId}`,
        }),
      );
      owners.push(ownerId);
    }
    const totals = new Map<string, Totals>();
    // Round 0 warms both forms up and is not counted; the forms alternate which goes first.
    for (let round = 0; round <= ROUNDS; round++) {
      for (const k of SIZES) {
        const forms: Form[] =
          round % 2 ? ['set-wise', 'per transfer'] : ['per transfer', 'set-wise'];
        for (const form of forms) {
          const cpuBefore = cpuNow(inProcess);
          const started = performance.now();
          const transfers = await step(db, form, owners, k, `${round}:${k}:${form}`);
          const wallMs = performance.now() - started;
          const cpuMs = cpuSince(inProcess, cpuBefore);
          if (round === 0) continue;
          const key = `${form}|${k}`;
          const t = totals.get(key) ?? { wallMs: 0, cpuMs: 0, transfers: 0 };
          totals.set(key, {
            wallMs: t.wallMs + wallMs,
            cpuMs: t.cpuMs + cpuMs,
            transfers: t.transfers + transfers,
          });
        }
      }
    }
    const cpuPer = (form: Form, k: number) => {
      const t = totals.get(`${form}|${k}`);
      return t ? t.cpuMs / t.transfers : NaN;
    };
    for (const k of SIZES) {
      const line = (['per transfer', 'set-wise'] as const).map((form) => {
        const t = totals.get(`${form}|${k}`);
        if (!t) return `${form}: not measured`;
        return `${form} ${(t.wallMs / t.transfers).toFixed(3)} ms wall, ${cpuPer(form, k).toFixed(3)} ms CPU`;
      });
      const ratio = cpuPer('set-wise', k) / cpuPer('per transfer', k);
      console.log(
        `ledger.batchPostings ${store}, ${k} a batch, per transfer: ${line.join('; ')}; set-wise/per transfer CPU ${ratio.toFixed(2)}`,
      );
    }
    const audit = await auditLedger(db);
    if (JSON.stringify(audit) !== JSON.stringify(SOUND_LEDGER)) {
      throw new Error(`the ledger is unsound after the benchmark: ${JSON.stringify(audit)}`);
    }
    const ratioAt8 = cpuPer('set-wise', 8) / cpuPer('per transfer', 8);
    const budget = databaseUrl ? 0.6 : 0.85;
    const within = ratioAt8 <= budget;
    console.log(
      `ledger.batchPostings: set-wise/per transfer CPU at 8 a batch ${ratioAt8.toFixed(2)}, budget <= ${budget} ${within ? 'PASS' : 'FAIL'}; ledger audit sound`,
    );
    return within;
  } finally {
    await db.exec(`DROP SCHEMA ${schema} CASCADE`);
    await db.close();
  }
}

main().then(
  (within) => process.exit(within ? 0 : 1),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
