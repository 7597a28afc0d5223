// Settlement with bonus wagering: a market with 5,000 real-money bettors (each backing ₹100 at
// 2.0, matched by the market maker) settled as the feed settles it, once while none of them holds
// a bonus and once while every one holds an active betting bonus (whose wagering the settlement
// counts, in its own transaction, through the exchange's settlement hook). The same bettors and
// positions on both markets; two rounds, the faster of each kind kept. Budget: settlement with
// bonuses takes less than 20% longer. On PostgreSQL (DATABASE_URL, in a fresh schema dropped
// afterwards), else on in-memory PGlite.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { priceToTick } from '../../packages/exchange/src/ladder';
import { openDatabase, type Database } from '../../apps/server/src/db/database';
import { migrate } from '../../apps/server/src/db/migrate';
import { countSettledMarket } from '../../apps/server/src/modules/bonus/wagering';
import { createDomainRules } from '../../apps/server/src/modules/brands';
import {
  FEED,
  findMarket,
  onMarketSettled,
  settleMarketResult,
  syncExposure,
} from '../../apps/server/src/modules/exchange';
import { createFeedRunner } from '../../apps/server/src/modules/feed/feed-runner';
import {
  deposit,
  ensurePlayerAccounts,
  exposureMovesStatement,
  fundFromHouse,
  lockAccounts,
  readExposureMoves,
  type ExposureMoveRow,
} from '../../apps/server/src/modules/wallet';

const BETTORS = Number(process.env.BONUS_BENCH_BETTORS ?? 5_000);
const ROUNDS = 2;
const BUDGET_GROWTH = 0.2;
const DOMAIN = '99exch.com';
const STAKE_MINOR = 10_000;
const DOMAINS_DIR = path.resolve('config/domains');

/** A value the bench needs to go on: throws when it is missing. */
function must<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`no ${what}`);
  return value;
}

const databaseUrl = process.env.DATABASE_URL || null;
const schema = databaseUrl ? `bench_bonus_${randomBytes(4).toString('hex')}` : undefined;
const db: Database = await openDatabase({
  databaseUrl,
  pgliteDir: null,
  ...(schema ? { schema } : {}),
});

async function insertUsers(count: number, house: boolean): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `INSERT INTO users (domain, user_name, mobile, password_hash, status, is_demo, stakes)
     SELECT $1, $2 || i, NULL, '!', 'active', false, '[]'::jsonb FROM generate_series(1, $3::int) i
     RETURNING id`,
    [DOMAIN, `${house ? 'mm' : 'b'}${randomBytes(3).toString('hex')}_`, count],
  );
  return rows.map((row) => row.id);
}

/** A market of a new event, straight from the feed (no quotes: the bench writes the fills). */
async function newMarket(n: number): Promise<{ id: string; runners: number[] }> {
  const feed = createFeedRunner({
    db,
    rules: createDomainRules(DOMAINS_DIR),
    publisher: {
      publishMarketOdds: async () => undefined,
      publishMarketStatus: async () => undefined,
    },
    log: { error: (...args: unknown[]) => console.error(...args), info: () => undefined },
    idPrefix: `bb${n}-`,
  });
  const externalId = `bench-${n}-${randomBytes(3).toString('hex')}`;
  await feed.applyAll([
    {
      kind: 'fixture',
      fixture: {
        externalId,
        sportId: 3,
        competition: 'Bench Series',
        venueTimeZone: 'Asia/Kolkata',
        title: `Bench ${n}`,
        participants: ['India', 'Australia'],
        startAt: new Date(Date.now() + 3_600_000),
        markets: [
          {
            key: 'match_odds',
            type: 'MATCH_ODDS',
            name: 'Match Odds',
            runners: ['India', 'Australia'],
            line: null,
          },
        ],
      },
    },
  ]);
  const [row] = await db.query<{ id: string }>(
    `SELECT m.id FROM markets m JOIN sport_events e ON e.id = m.event_id
     WHERE e.external_id LIKE '%' || $1`,
    [externalId],
  );
  const market = row ? await findMarket(db, row.id) : undefined;
  if (!market) throw new Error('the feed made no market');
  return { id: market.id, runners: market.runners.map((runner) => runner.id) };
}

/** Every bettor backs ₹100 at 2.0 on the first runner, all matched by the market maker's one lay. */
async function seedPositions(
  market: { id: string; runners: number[] },
  bettors: { id: string; cashId: string; exposureId: string }[],
  maker: string,
): Promise<void> {
  const tickOf2 = priceToTick(2);
  if (tickOf2 === undefined) throw new Error('2.0 is not on the ladder');
  const runner = must(market.runners[0], 'runner');
  await db.transaction(async (tx) => {
    const backs = await tx.query<{ id: string }>(
      `INSERT INTO bets (market_id, runner_id, domain, book, owner_id, side, price_tick, stake_minor,
         matched_minor, matched_value)
       SELECT $1, $2, $3, 'real', o, 'BACK', $4, $5::bigint, $5::bigint, $5::bigint * 200
       FROM unnest($6::uuid[]) o
       RETURNING id`,
      [market.id, runner, DOMAIN, tickOf2, STAKE_MINOR, bettors.map((b) => b.id)],
    );
    const total = STAKE_MINOR * bettors.length;
    const [lay] = await tx.query<{ id: string }>(
      `INSERT INTO bets (market_id, runner_id, domain, book, owner_id, is_house, side, price_tick,
         stake_minor, matched_minor, matched_value)
       VALUES ($1, $2, $3, 'real', $4, true, 'LAY', $5, $6::bigint, $6::bigint, $6::bigint * 200)
       RETURNING id`,
      [market.id, runner, DOMAIN, maker, tickOf2, total],
    );
    await tx.query(
      `INSERT INTO bet_fills (market_id, runner_id, back_bet_id, lay_bet_id, price_tick, stake_minor)
       SELECT $1, $2, b, $3, $4, $5 FROM unnest($6::bigint[]) b`,
      [
        market.id,
        runner,
        must(lay, 'market maker bet').id,
        tickOf2,
        STAKE_MINOR,
        backs.map((b) => b.id),
      ],
    );
    // Each bettor's liability held, as placement would have held it.
    await lockAccounts(
      tx,
      bettors.flatMap((b) => [b.cashId, b.exposureId]),
    );
    const statement = exposureMovesStatement(
      market.id,
      bettors.map((b) => ({
        cashAccountId: b.cashId,
        exposureAccountId: b.exposureId,
        deltaMinor: STAKE_MINOR,
        idempotencyKey: `bench-hold:${market.id}:${b.id}`,
      })),
    );
    readExposureMoves(
      tx,
      await tx.query<ExposureMoveRow>(statement.sql, statement.params),
      bettors.length,
    );
    await syncExposure(
      tx,
      { id: market.id, runnerIds: market.runners },
      {
        ownerId: maker,
        domain: DOMAIN,
        book: 'real',
        isHouse: true,
      },
      `bench-maker:${market.id}`,
    );
  });
}

async function settle(marketId: string, runner: number): Promise<number> {
  const rules = createDomainRules(DOMAINS_DIR);
  const started = performance.now();
  await db.transaction((tx) => settleMarketResult(tx, rules, marketId, runner, FEED));
  return performance.now() - started;
}

/** Seeds, settles and reports; answers whether the growth is within budget. */
async function measure(): Promise<boolean> {
  await migrate(db);
  onMarketSettled(db, countSettledMarket);
  const seededAt = performance.now();
  const ids = await insertUsers(BETTORS, false);
  const maker = must((await insertUsers(1, true))[0], 'market maker');
  const bettors: { id: string; cashId: string; exposureId: string }[] = [];
  for (const id of ids) {
    const accounts = await ensurePlayerAccounts(db, { domain: DOMAIN, ownerId: id, book: 'real' });
    const paid = await deposit(db, {
      domain: DOMAIN,
      ownerId: id,
      amountMinor: STAKE_MINOR * (ROUNDS * 2 + 1),
      idempotencyKey: `bench-deposit:${id}`,
    });
    if (paid.status !== 'ok') throw new Error(`deposit: ${paid.status}`);
    bettors.push({ id, cashId: accounts.cashId, exposureId: accounts.exposureId });
  }
  await fundFromHouse(db, {
    domain: DOMAIN,
    ownerId: maker,
    book: 'real',
    amountMinor: STAKE_MINOR * BETTORS * (ROUNDS * 2 + 1),
    idempotencyKey: `bench-maker:${maker}`,
  });
  // Each bettor's active betting bonus: ₹1,000 to wager 10 times, which no one market completes.
  const [campaignRow] = await db.query<{ id: string }>(
    `INSERT INTO bonus_campaigns (domain, title, description, public, type, amount_kind,
       amount_minor, wagering_tenths, product, min_price_hundredths, betting_percent, expiry_days,
       uses_per_player, eligibility, starts_at)
     VALUES ($1, 'Bench', '', false, 'REGISTRATION', 'FIXED', 100000, 100, 'BETTING', 150, 100,
       30, 1, 'ALL', now()) RETURNING id`,
    [DOMAIN],
  );
  const campaign = must(campaignRow, 'campaign');
  const terms = JSON.stringify({
    type: 'REGISTRATION',
    amountKind: 'FIXED',
    amount: 1000,
    percent: null,
    maxAmount: null,
    minDeposit: null,
    minLoss: null,
    referralTrigger: null,
    wageringMultiplier: 10,
    product: 'BETTING',
    betting: { minPrice: 1.5, percent: 100 },
    casino: null,
    expiryDays: 30,
    usesPerPlayer: 1,
    usesTotal: null,
    startsAt: new Date().toISOString(),
    endsAt: null,
    title: 'Bench',
    description: '',
  });
  await db.query(
    `INSERT INTO player_bonuses (campaign_id, domain, owner_id, source, status, product,
       amount_minor, required_minor, terms, claimed_at, expires_at)
     SELECT $1, $2, o, 'use:1', 'OFFERED', 'BETTING', 100000, 1000000, $3::jsonb, now(),
       now() + interval '30 days'
     FROM unnest($4::uuid[]) o`,
    [campaign.id, DOMAIN, terms, ids],
  );
  const markets = [];
  for (let i = 0; i < ROUNDS * 2; i++) {
    const market = await newMarket(i);
    await seedPositions(market, bettors, maker);
    markets.push(market);
  }
  if (databaseUrl) await db.exec('ANALYZE');
  console.log(
    `Seeded ${BETTORS.toLocaleString('en-IN')} bettors and ${markets.length} markets in ${((performance.now() - seededAt) / 1000).toFixed(1)} s (${databaseUrl ? 'PostgreSQL' : 'PGlite'})`,
  );

  // The bench switches the bonuses on and off between settlements: OFFERED bonuses count nothing.
  const bonusesActive = (active: boolean) =>
    db.query(`UPDATE player_bonuses SET status = $2 WHERE campaign_id = $1`, [
      campaign.id,
      active ? 'ACTIVE' : 'OFFERED',
    ]);
  const without: number[] = [];
  const withBonuses: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const plain = must(markets[round * 2], 'market');
    const counted = must(markets[round * 2 + 1], 'market');
    await bonusesActive(false);
    without.push(await settle(plain.id, must(plain.runners[1], 'runner')));
    await bonusesActive(true);
    withBonuses.push(await settle(counted.id, must(counted.runners[1], 'runner')));
  }
  const [wagered] = await db.query<{ n: number; sum: string }>(
    `SELECT count(*)::int AS n, sum(wagered_minor)::text AS sum FROM player_bonuses
     WHERE campaign_id = $1 AND wagered_minor > 0`,
    [campaign.id],
  );
  if (wagered?.n !== BETTORS || Number(wagered.sum) !== BETTORS * STAKE_MINOR * ROUNDS) {
    throw new Error(`wagering was not counted for every bettor: ${JSON.stringify(wagered)}`);
  }
  const plainMs = Math.min(...without);
  const bonusMs = Math.min(...withBonuses);
  const growth = bonusMs / plainMs - 1;
  const withinBudget = growth < BUDGET_GROWTH;
  console.log(
    `Settling a market of ${BETTORS.toLocaleString('en-IN')} bettors: ${plainMs.toFixed(0)} ms without bonuses (runs ${without.map((ms) => ms.toFixed(0)).join(', ')}), ${bonusMs.toFixed(0)} ms with an active bonus each (runs ${withBonuses.map((ms) => ms.toFixed(0)).join(', ')})`,
  );
  console.log(
    `Ratio ${(bonusMs / plainMs).toFixed(3)} (growth ${(growth * 100).toFixed(1)}%, budget < ${BUDGET_GROWTH * 100}%): ${withinBudget ? 'within budget' : 'OVER BUDGET'}`,
  );
  return withinBudget;
}

const withinBudget = await measure().finally(async () => {
  if (schema) await db.exec(`DROP SCHEMA ${schema} CASCADE`);
  await db.close();
});
process.exit(withinBudget ? 0 : 1);
