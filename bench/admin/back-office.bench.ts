// Back-office benchmark, on PostgreSQL (DATABASE_URL), in a fresh schema dropped afterwards:
//   - player search across 100,000 real players on 32 brands (plus 20,000 demo players), as
//     an owner (every brand) and as a brand-scoped operator: names by prefix, mobile numbers,
//     ids, the newest players, and a second page;
//   - the book of one market with 10,000 bets (5,000 matched back/lay pairs from 2,000 players
//     and the market maker): per-runner P&L of the players and the house, the newest bets and
//     the settlement history.
// Budget: p99 under 50 ms each. Without DATABASE_URL nothing is measured (and nothing fails).
import { randomBytes } from 'node:crypto';
import { openDatabase, type Database } from '../../apps/server/src/db/database';
import { migrate } from '../../apps/server/src/db/migrate';
import { searchPlayers, type PlayerSearch } from '../../apps/server/src/modules/account';
import { marketBook } from '../../apps/server/src/modules/exchange';
import { reportLatency, timed, type Latencies } from '../support/latency';

const BUDGET_P99_MS = 50;
const PLAYERS = 100_000;
const DEMO_PLAYERS = 20_000;
const BRANDS = 32;
const SEARCHES = Number(process.env.BACK_OFFICE_BENCH_SEARCHES ?? 2_000);
const BOOK_READS = Number(process.env.BACK_OFFICE_BENCH_BOOK_READS ?? 300);
const BOOK_PAIRS = 5_000;
const BOOK_PLAYERS = 2_000;

const report = (label: string, figures: Latencies) =>
  reportLatency(label, figures, { budgetP99Ms: BUDGET_P99_MS, unit: 'calls', width: 48 });

const brandOf = (i: number) => `brand${i % BRANDS}.example`;

/** 100,000 real and 20,000 demo players, written by the database itself. */
async function seedPlayers(db: Database): Promise<string[]> {
  await db.query(
    `INSERT INTO users (domain, user_name, mobile, password_hash, status, is_demo, stakes,
       created_at, expires_at)
     SELECT 'brand' || (i % $2::int) || '.example',
       (ARRAY['arjun','priya','rahul','sneha','vikram','anita','rohit','kavya'])[1 + i % 8] || i,
       CASE WHEN i <= $1::int THEN '+9198' || lpad(i::text, 8, '0') END,
       'x', 'active', i > $1::int, '[]'::jsonb,
       now() - make_interval(secs => i),
       CASE WHEN i > $1::int THEN now() + interval '1 day' END
     FROM generate_series(1, $1::int + $3::int) AS i`,
    [PLAYERS, BRANDS, DEMO_PLAYERS],
  );
  await db.exec('ANALYZE users');
  const rows = await db.query<{ id: string }>(
    'SELECT id FROM users WHERE NOT is_demo ORDER BY random() LIMIT 200',
  );
  return rows.map((row) => row.id);
}

/**
 * One football match-odds market with 10,000 bets: 5,000 back/lay pairs, each fully matched
 * by one fill at a ladder price, between 2,000 real players (the newest of brand 0) and the
 * market maker (a house owner), written by the database itself.
 */
async function seedMarketBook(db: Database): Promise<string> {
  const [event] = await db.query<{ id: string }>(
    `INSERT INTO sport_events (external_id, sport_id, competition, title, participants, start_at,
       status) VALUES ('bench-book', 1, 'Bench League', 'Home v Away', ARRAY['Home', 'Away'],
       now(), 'IN_PLAY') RETURNING id`,
  );
  const [market] = await db.query<{ id: string }>(
    `INSERT INTO markets (event_id, market_key, type, name, status, in_play)
     VALUES ($1, 'match_odds', 'MATCH_ODDS', 'Match Odds', 'OPEN', true) RETURNING id`,
    [event?.id],
  );
  const marketId = market?.id ?? '';
  await db.query(
    `INSERT INTO market_runners (market_id, runner_id, name, sort_order)
     VALUES ($1, 1, 'Home', 0), ($1, 2, 'Away', 1), ($1, 3, 'The Draw', 2)`,
    [marketId],
  );
  const house = '00000000-0000-4000-8000-00000000b00c';
  await db.query(
    `WITH players AS (
       SELECT id, row_number() OVER (ORDER BY created_at DESC) AS n FROM users
       WHERE domain = 'brand0.example' AND NOT is_demo LIMIT $2
     ), pairs AS (
       SELECT i, 1 + i % 3 AS runner, 20 + i % 60 AS tick, 1000 + (i % 50) * 100 AS stake,
         (SELECT id FROM players WHERE n = 1 + i % $2) AS player, i % 2 = 0 AS player_backs
       FROM generate_series(1, $3) AS i
     ), backs AS (
       INSERT INTO bets (market_id, runner_id, domain, book, owner_id, is_house, side,
         price_tick, stake_minor, matched_minor, matched_value, placed_at)
       SELECT $1, runner, CASE WHEN player_backs THEN 'brand0.example' ELSE 'house' END, 'real',
         CASE WHEN player_backs THEN player ELSE $4::uuid END, NOT player_backs, 'BACK', tick,
         stake, stake, 0, now() - make_interval(secs => i)
       FROM pairs ORDER BY i RETURNING id, runner_id, price_tick, stake_minor, placed_at
     ), lays AS (
       INSERT INTO bets (market_id, runner_id, domain, book, owner_id, is_house, side,
         price_tick, stake_minor, matched_minor, matched_value, placed_at)
       SELECT $1, runner, CASE WHEN player_backs THEN 'house' ELSE 'brand0.example' END, 'real',
         CASE WHEN player_backs THEN $4::uuid ELSE player END, player_backs, 'LAY', tick,
         stake, stake, 0, now() - make_interval(secs => i)
       FROM pairs ORDER BY i RETURNING id, placed_at
     )
     INSERT INTO bet_fills (market_id, runner_id, back_bet_id, lay_bet_id, price_tick, stake_minor)
     SELECT $1, b.runner_id, b.id, l.id, b.price_tick, b.stake_minor
     FROM backs b JOIN lays l ON l.placed_at = b.placed_at`,
    [marketId, BOOK_PLAYERS, BOOK_PAIRS, house],
  );
  await db.exec('ANALYZE bets; ANALYZE bet_fills; ANALYZE markets');
  return marketId;
}

const databaseUrl = process.env.DATABASE_URL;
let withinBudget = true;
if (!databaseUrl) {
  console.log('Back office: not measured (DATABASE_URL is not set)');
} else {
  const schema = `bench_admin_${randomBytes(4).toString('hex')}`;
  const db = await openDatabase({ databaseUrl, pgliteDir: null, schema });
  try {
    await migrate(db);
    const ids = await seedPlayers(db);
    const names = ['arjun', 'pri', 'rahul12', 'sneha4', 'v', 'anita99', 'rohit1234', 'kav'];
    const searches: PlayerSearch[] = [];
    for (let i = 0; i < SEARCHES + 200; i++) {
      const scoped = i % 2 === 0;
      const brands = scoped ? [brandOf(i), brandOf(i + 1)] : ('all' as const);
      const q = [
        names[i % names.length] ?? '',
        `98${String(i * 37).padStart(4, '0')}`,
        ids[i % ids.length] ?? '',
        '',
      ][i % 4];
      searches.push({ q: q ?? '', brands, demo: i % 10 === 0, limit: 50 });
    }
    // One round to warm the plans and the cache, then the measured one.
    await timed(200, (i) => searchPlayers(db, searches[SEARCHES + i] as PlayerSearch));
    const search = await timed(SEARCHES, async (i) => {
      const query = searches[i] as PlayerSearch;
      const page = await searchPlayers(db, query);
      if (i % 5 === 0 && page.nextAfter) {
        await searchPlayers(db, { ...query, after: page.nextAfter });
      }
    });
    if (!report('PostgreSQL, player search over 100,000 players', search)) withinBudget = false;

    const marketId = await seedMarketBook(db);
    await timed(20, () => marketBook(db, marketId));
    const book = await timed(BOOK_READS, () => marketBook(db, marketId));
    if (!report('PostgreSQL, market book with 10,000 bets', book)) withinBudget = false;
  } finally {
    await db.exec(`DROP SCHEMA ${schema} CASCADE`);
    await db.close();
  }
}
console.log(`Back-office benchmark: ${withinBudget ? 'within budget' : 'over budget'}`);
process.exit(withinBudget ? 0 : 1);
