// Ledger benchmark: transfers per second and the latency of one transfer, each transfer in its
// own transaction (BEGIN … COMMIT included), measured
//   - on PGlite in memory (budget: at least 1,000 sequential `transfer`s per second; the run
//     fails below it) and in a temporary folder on disk, as `npm start` runs it (no budget);
//   - on PostgreSQL when DATABASE_URL is set, in a fresh schema dropped afterwards: sequential,
//     and 8 concurrent workers on distinct players (no fixed budget).
// Two kinds of transfer, alternately holding and releasing 1.00 for one bet after another:
//   `transfer`            the ledger primitive on known accounts: locks, idempotency key, funds,
//                         insert, and the database's own checks (the budgeted figure);
//   `holdExposure/release` what placing and cancelling a bet costs through the wallet: the same
//                         plus account lookup by kind, and the per-bet hold check on release.
// PGlite runs in this process, so its lines also give CPU time per transfer: a figure that does
// not move when other processes share the machine, unlike transfers per second.
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../../apps/server/src/db/database';
import { migrate } from '../../apps/server/src/db/migrate';
import { auditLedger } from '../../apps/server/src/modules/wallet/ledger-audit';
import {
  ensurePlayerAccounts,
  transfer,
  type PlayerRef,
  type TransferResult,
} from '../../apps/server/src/modules/wallet/ledger';
import {
  deposit,
  holdExposure,
  releaseExposure,
} from '../../apps/server/src/modules/wallet/wallet-movements';

/** Sequential ledger transfers per second that PGlite (in memory) must reach. */
const PGLITE_BUDGET_PER_S = 1_000;
// PGlite compiles its hottest WebAssembly functions again, optimised, while it runs: measure after.
const WARMUP_TRANSFERS = 2_000;
const SEQUENTIAL_TRANSFERS = Number(process.env.LEDGER_BENCH_TRANSFERS ?? 5_000);
const WORKERS = 8;
const TRANSFERS_PER_WORKER = Math.ceil(SEQUENTIAL_TRANSFERS / 4);
const DOMAIN = 'bench.ledger';
const KINDS = ['transfer', 'holdExposure/release'] as const;

type Kind = (typeof KINDS)[number];
type Step = (i: number) => Promise<TransferResult>;

interface Figures {
  transfers: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  cpuMsPerTransfer: number;
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;
}

/** A funded player and a step that holds 1.00 for a bet, then releases it, bet after bet. */
async function playerSteps(db: Database, kind: Kind, tag: string): Promise<Step> {
  const player: PlayerRef = { domain: DOMAIN, ownerId: randomUUID(), book: 'real' };
  const funded = await db.transaction((tx) =>
    deposit(tx, { ...player, amountMinor: 1_000_000, idempotencyKey: `fund:${tag}` }),
  );
  if (funded.status !== 'ok') throw new Error(`funding failed: ${funded.status}`);
  const ids = await db.transaction((tx) => ensurePlayerAccounts(tx, player));
  const amountMinor = 100;
  return (i) => {
    const idempotencyKey = `${tag}:${i}`;
    const hold = i % 2 === 0;
    const reference = `bet-${tag}-${Math.floor(i / 2)}`;
    if (kind === 'transfer') {
      return db.transaction((tx) =>
        transfer(tx, {
          idempotencyKey,
          code: hold ? 'bet_hold' : 'bet_release',
          reference,
          legs: [
            { accountId: ids.cashId, amountMinor: hold ? -amountMinor : amountMinor },
            { accountId: ids.exposureId, amountMinor: hold ? amountMinor : -amountMinor },
          ],
        }),
      );
    }
    const request = { ...player, amountMinor, reference, idempotencyKey };
    return db.transaction((tx) =>
      hold ? holdExposure(tx, request) : releaseExposure(tx, request),
    );
  };
}

/** Runs `count` steps one after another in each loop, all loops at once. */
async function measure(steps: Step[], count: number): Promise<Figures> {
  const latencies: number[] = [];
  const cpuStart = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    steps.map(async (step) => {
      for (let i = 0; i < count; i++) {
        const t0 = performance.now();
        const result = await step(i);
        latencies.push(performance.now() - t0);
        if (result.status !== 'ok') throw new Error(`transfer ${i} ended ${result.status}`);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuStart);
  latencies.sort((a, b) => a - b);
  return {
    transfers: latencies.length,
    perSecond: latencies.length / seconds,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    cpuMsPerTransfer: (cpu.user + cpu.system) / 1000 / latencies.length,
  };
}

async function run(db: Database, kind: Kind, workers: number, count: number): Promise<Figures> {
  const tag = randomBytes(4).toString('hex');
  await measure([await playerSteps(db, kind, `warm-${tag}`)], WARMUP_TRANSFERS);
  const steps = await Promise.all(
    Array.from({ length: workers }, (_, w) => playerSteps(db, kind, `${tag}-${w}`)),
  );
  return measure(steps, count);
}

function report(
  label: string,
  figures: Figures,
  options: { budgetPerSecond?: number; inProcess: boolean },
): boolean {
  const { budgetPerSecond, inProcess } = options;
  const within = budgetPerSecond === undefined || figures.perSecond >= budgetPerSecond;
  const budget =
    budgetPerSecond === undefined
      ? 'no budget'
      : `budget >= ${budgetPerSecond.toLocaleString('en')}/s: ${within ? 'PASS' : 'FAIL'}`;
  const cpu = inProcess ? `  cpu ${figures.cpuMsPerTransfer.toFixed(2)} ms` : '';
  console.log(
    `${label.padEnd(56)} ${figures.perSecond.toFixed(0).padStart(5)} transfers/s  ` +
      `p50 ${figures.p50Ms.toFixed(2)} ms  p99 ${figures.p99Ms.toFixed(2)} ms${cpu}  ` +
      `(${figures.transfers} transfers; ${budget})`,
  );
  return within;
}

async function assertSound(db: Database): Promise<void> {
  const audit = await auditLedger(db);
  const sound =
    audit.totalMinor === 0 &&
    audit.unbalancedTransferIds.length === 0 &&
    audit.mixedTransferIds.length === 0 &&
    audit.mismatchedAccountIds.length === 0 &&
    audit.overdrawnAccountIds.length === 0;
  if (!sound)
    throw new Error(`the ledger is unsound after the benchmark: ${JSON.stringify(audit)}`);
}

let withinBudget = true;

{
  const db = await openDatabase({ databaseUrl: null, pgliteDir: null });
  await migrate(db);
  for (const kind of KINDS) {
    const figures = await run(db, kind, 1, SEQUENTIAL_TRANSFERS);
    const budgetPerSecond = kind === 'transfer' ? PGLITE_BUDGET_PER_S : undefined;
    const label = `PGlite in memory, sequential, ${kind}`;
    if (!report(label, figures, { budgetPerSecond, inProcess: true })) withinBudget = false;
  }
  await assertSound(db);
  await db.close();
}

{
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backlay-ledger-bench-'));
  try {
    const db = await openDatabase({ databaseUrl: null, pgliteDir: path.join(dir, 'pglite') });
    await migrate(db);
    for (const kind of KINDS) {
      const figures = await run(db, kind, 1, SEQUENTIAL_TRANSFERS);
      report(`PGlite on disk (temp dir), sequential, ${kind}`, figures, { inProcess: true });
    }
    await assertSound(db);
    await db.close();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const databaseUrl = process.env.DATABASE_URL;
if (databaseUrl) {
  const schema = `bench_ledger_${randomBytes(4).toString('hex')}`;
  const db = await openDatabase({ databaseUrl, pgliteDir: null, schema });
  try {
    await migrate(db);
    for (const kind of KINDS) {
      const sequential = await run(db, kind, 1, SEQUENTIAL_TRANSFERS);
      report(`PostgreSQL, sequential, ${kind}`, sequential, { inProcess: false });
      const concurrent = await run(db, kind, WORKERS, TRANSFERS_PER_WORKER);
      report(`PostgreSQL, ${WORKERS} workers, distinct players, ${kind}`, concurrent, {
        inProcess: false,
      });
    }
    await assertSound(db);
  } finally {
    await db.exec(`DROP SCHEMA ${schema} CASCADE`);
    await db.close();
  }
} else {
  console.log('PostgreSQL: not measured (DATABASE_URL is not set)');
}

console.log(`Ledger benchmark: ${withinBudget ? 'within budget' : 'over budget'}`);
process.exit(withinBudget ? 0 : 1);
