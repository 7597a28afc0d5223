// Loss-limit benchmark, on PostgreSQL (DATABASE_URL), in a fresh schema dropped afterwards: a
// heavy real-money bettor with 20,000 markets settled over 60 days and loss limits per 24 hours,
// 7 days and 30 days. Timed:
//   - the check each of their bets runs after its hold (`lossLimitBreach`: their net result on
//     settled bets over each window, plus their open liability);
//   - the same check for a player with no loss limit set (what every other player's bet skips
//     entirely: they never call it; shown for scale).
// Budget: p99 under 20 ms for the limited player's check. Without DATABASE_URL nothing is
// measured (and nothing fails).
import { randomBytes } from 'node:crypto';
import { openDatabase } from '../../apps/server/src/db/database';
import { migrate } from '../../apps/server/src/db/migrate';
import { settledResultSince } from '../../apps/server/src/modules/exchange';
import { lossLimitBreach } from '../../apps/server/src/modules/responsible-gambling';
import { ensurePlayerAccounts } from '../../apps/server/src/modules/wallet';
import { reportLatency, timed, type Latencies } from '../support/latency';

const BUDGET_P99_MS = 20;
/** A heavy bettor: 20,000 markets in 60 days, over 300 a day. */
const MARKETS = 20_000;
const DAYS = 60;
const READS = Number(process.env.LOSS_LIMIT_BENCH_READS ?? 500);
const DOMAIN = 'bench.example';

const report = (label: string, figures: Latencies) =>
  reportLatency(label, figures, { budgetP99Ms: BUDGET_P99_MS, unit: 'checks', width: 58 });

async function insertPlayer(db: Awaited<ReturnType<typeof openDatabase>>): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO users (domain, user_name, mobile, password_hash, status, is_demo, stakes)
     VALUES ($1, $2, NULL, '!', 'active', false, '[]'::jsonb) RETURNING id`,
    [DOMAIN, `bench_${randomBytes(4).toString('hex')}`],
  );
  if (!row) throw new Error('no player');
  return row.id;
}

const databaseUrl = process.env.DATABASE_URL;
let withinBudget = true;
if (!databaseUrl) {
  console.log('Loss limit: not measured (DATABASE_URL is not set)');
} else {
  const schema = `bench_loss_${randomBytes(4).toString('hex')}`;
  const db = await openDatabase({ databaseUrl, pgliteDir: null, schema });
  try {
    await migrate(db);
    const ownerId = await insertPlayer(db);
    await ensurePlayerAccounts(db, { domain: DOMAIN, ownerId, book: 'real' });
    const started = performance.now();
    // The markets they bet on, settled over 60 days: one row per market, what it made them.
    // Foreign keys are off for this one seeding transaction (replica mode): the markets
    // themselves are not needed to read the results.
    await db.transaction(async (tx) => {
      await tx.query(`SET LOCAL session_replication_role = replica`);
      await tx.query(
        `INSERT INTO market_settlements (market_id, owner_id, domain, book, profit_minor,
           commission_minor, settled_at)
         SELECT 'bench.' || i, $2, $3, 'real',
           CASE WHEN i % 3 = 0 THEN 9000 ELSE -10000 END,
           CASE WHEN i % 3 = 0 THEN 180 ELSE 0 END,
           now() - make_interval(secs => (($1::int - i) * $4::float8 * 86400 / $1::int)::int)
         FROM generate_series(1, $1::int) AS i`,
        [MARKETS, ownerId, DOMAIN, DAYS],
      );
    });
    await db.query(
      `INSERT INTO gambling_limits (user_id, kind, time_window, amount_minor, updated_at)
       SELECT $1, 'LOSS', w, 100000000, now() FROM unnest(ARRAY['day', 'week', 'month']) w`,
      [ownerId],
    );
    await db.exec('ANALYZE market_settlements; ANALYZE gambling_limits');
    console.log(
      `Seeded ${MARKETS.toLocaleString('en-IN')} settled markets over ${DAYS} days in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const limited = { id: ownerId, domain: DOMAIN, demo: false };
    const other = { id: await insertPlayer(db), domain: DOMAIN, demo: false };
    const check = (player: typeof limited) => () =>
      db.transaction((tx) => lossLimitBreach(tx, player, settledResultSince, new Date()));
    // The limits are far above the seeded losses: the check must pass, reading every window.
    if ((await check(limited)()) !== null) throw new Error('the bench player is over a limit');
    await timed(30, check(limited));
    if (
      !report(
        'PostgreSQL, loss check of a bettor with 20,000 settled markets',
        await timed(READS, check(limited)),
      )
    )
      withinBudget = false;
    reportLatency(
      'PostgreSQL, the same for a player without limits',
      await timed(READS, check(other)),
      {
        budgetP99Ms: BUDGET_P99_MS,
        unit: 'checks; shown for scale',
        width: 58,
      },
    );
  } finally {
    await db.exec(`DROP SCHEMA ${schema} CASCADE`);
    await db.close();
  }
}
console.log(`Loss-limit benchmark: ${withinBudget ? 'within budget' : 'over budget'}`);
process.exit(withinBudget ? 0 : 1);
