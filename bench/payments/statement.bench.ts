// Statement benchmark, on PostgreSQL (DATABASE_URL), in a fresh schema dropped afterwards: one
// real-money player whose cash account has 100,000 ledger entries (deposits, bet holds and
// releases, settlements, withdrawals), read as `Transaction/GetHistory` reads it:
//   - the first page (20 rows, newest first, each with its running balance);
//   - a deep page, 90,000 rows down, reached by its cursor;
//   - the first page of one type (withdrawals, 1 movement in 100).
// Budget: p99 under 30 ms each. Without DATABASE_URL nothing is measured (and nothing fails).
import { randomBytes, randomUUID } from 'node:crypto';
import { openDatabase } from '../../apps/server/src/db/database';
import { migrate } from '../../apps/server/src/db/migrate';
import { statementCursors, transactionHistory } from '../../apps/server/src/modules/payments';
import { ensurePlayerAccounts } from '../../apps/server/src/modules/wallet';
import { reportLatency, timed, type Latencies } from '../support/latency';

const BUDGET_P99_MS = 30;
const ENTRIES = 100_000;
const DEEP = 90_000;
const READS = Number(process.env.STATEMENT_BENCH_READS ?? 500);
const DOMAIN = 'bench.example';

const report = (label: string, figures: Latencies) =>
  reportLatency(label, figures, { budgetP99Ms: BUDGET_P99_MS, unit: 'reads', width: 52 });

const databaseUrl = process.env.DATABASE_URL;
let withinBudget = true;
if (!databaseUrl) {
  console.log('Statement: not measured (DATABASE_URL is not set)');
} else {
  const schema = `bench_statement_${randomBytes(4).toString('hex')}`;
  const db = await openDatabase({ databaseUrl, pgliteDir: null, schema });
  try {
    await migrate(db);
    const ownerId = randomUUID();
    const player = { id: ownerId, domain: DOMAIN, demo: false };
    const accounts = await ensurePlayerAccounts(db, { domain: DOMAIN, ownerId, book: 'real' });
    const started = performance.now();
    // 100,000 balanced transfers written in bulk by the database itself. The entry trigger
    // takes one transfer per statement, so it is off for this one seeding transaction
    // (replica mode) and the cached balance is set to the entries' sum at the end.
    await db.transaction(async (tx) => {
      await tx.query(`SET LOCAL session_replication_role = replica`);
      const [clearing] = await tx.query<{ id: string }>(
        `INSERT INTO ledger_accounts (domain, kind, book) VALUES ($1, 'payment_clearing', 'real')
         RETURNING id`,
        [DOMAIN],
      );
      await tx.query(
        `WITH moves AS (
           SELECT i, gen_random_uuid() AS id,
             CASE WHEN i % 100 = 0 THEN 'withdrawal_hold' WHEN i % 4 = 0 THEN 'deposit'
               WHEN i % 4 = 1 THEN 'bet_hold' WHEN i % 4 = 2 THEN 'bet_release'
               ELSE 'bet_settle_win' END AS code,
             CASE WHEN i % 100 = 0 THEN -300 WHEN i % 4 = 1 THEN -500 ELSE 1000 END AS amount
           FROM generate_series(1, $1::int) AS i
         ), transfers AS (
           INSERT INTO ledger_transfers (id, idempotency_key, domain, book, code, reference,
             created_at)
           SELECT id, 'bench:' || i, $2, 'real', code, 'bench-' || i,
             now() - make_interval(secs => $1::int - i)
           FROM moves RETURNING id
         )
         INSERT INTO ledger_entries (transfer_id, account_id, amount_minor, reference)
         SELECT id, account, amount, 'bench-' || i FROM (
           SELECT i, id, $3::uuid AS account, amount, 0 AS leg FROM moves
           UNION ALL SELECT i, id, $4::uuid, -amount, 1 FROM moves
         ) legs ORDER BY i, leg`,
        [ENTRIES, DOMAIN, accounts.cashId, clearing?.id],
      );
      await tx.query(
        `UPDATE ledger_accounts SET balance_minor = (
           SELECT sum(amount_minor) FROM ledger_entries WHERE account_id = $1) WHERE id = $1`,
        [accounts.cashId],
      );
    });
    await db.exec('ANALYZE ledger_entries; ANALYZE ledger_transfers; ANALYZE ledger_accounts');
    console.log(
      `Seeded ${ENTRIES.toLocaleString('en-IN')} entries in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const cursors = statementCursors(randomBytes(32));
    // Where a page 90,000 rows down starts: the entry there, and the balance before it.
    const [deep] = await db.query<{ seq: string }>(
      `SELECT seq::text AS seq FROM ledger_entries WHERE account_id = $1
       ORDER BY seq DESC OFFSET $2 LIMIT 1`,
      [accounts.cashId, DEEP],
    );
    const [before] = await db.query<{ balance: string }>(
      `SELECT sum(amount_minor)::text AS balance FROM ledger_entries
       WHERE account_id = $1 AND seq < $2`,
      [accounts.cashId, deep?.seq],
    );
    if (!deep || !before) throw new Error('the deep page was not found');
    const deepCursor = cursors.write(ownerId, {
      seq: deep.seq,
      balanceBeforeMinor: Number(before.balance),
      // Only the cash account moves here, so the available amount is the balance.
      availableBeforeMinor: Number(before.balance),
    });

    const page = { MaxResultCount: 20 } as const;
    const first = () => transactionHistory(db, cursors, player, page);
    const deepPage = () => transactionHistory(db, cursors, player, { ...page, cursor: deepCursor });
    const withdrawals = () =>
      transactionHistory(db, cursors, player, { ...page, type: 'WITHDRAWAL' as const });
    // Each page is checked once: full, and its running balances consistent row to row.
    for (const read of [first, deepPage, withdrawals]) {
      const { items } = await read();
      if (items.length !== 20) throw new Error(`a page had ${items.length} rows`);
    }
    const { items } = await first();
    for (let i = 1; i < items.length; i++) {
      const newer = items[i - 1];
      const older = items[i];
      if (!newer || !older || Math.abs(older.balance + newer.amount - newer.balance) > 1e-9) {
        throw new Error('running balances do not add up');
      }
    }
    for (const read of [first, deepPage, withdrawals]) await timed(30, read);
    if (!report('PostgreSQL, statement first page (100,000 entries)', await timed(READS, first)))
      withinBudget = false;
    if (!report('PostgreSQL, statement page 90,000 rows down', await timed(READS, deepPage)))
      withinBudget = false;
    if (!report('PostgreSQL, statement first page of withdrawals', await timed(READS, withdrawals)))
      withinBudget = false;
  } finally {
    await db.exec(`DROP SCHEMA ${schema} CASCADE`);
    await db.close();
  }
}
console.log(`Statement benchmark: ${withinBudget ? 'within budget' : 'over budget'}`);
process.exit(withinBudget ? 0 : 1);
