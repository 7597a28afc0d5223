/**
 * Helpers of the exchange's integration tests: an app with a controllable bet delay, events and
 * markets written through the real feed runner, demo players, placement outside the app (single
 * or batched), and a fingerprint of everything a refused call must leave unchanged.
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../../db/database';
import type { Player } from '../../http/api-route';
import { build, testAppConfig, type Backend } from '../../test-helper';
import { bettingRulesOf, findUserById, sportFlagsOf } from '../account';
import { caller } from '../account/account-test-kit';
import { createDomainRules } from '../brands';
import { createFeedRunner, type FeedRunner } from '../feed/feed-runner';
import type { FeedMarketSpec, FeedUpdate } from '../feed/simulator/types';
import { createBetPlacement } from './bet-placement';
import { createMarketTurns, type MarketTurns } from './market-turns';
import type { ExchangeDeps } from './placement';

/** Test hosts get the test settings: every sport switched on, default betting rules. */
export const TEST_HOST = 'localhost';

export async function exchangeApp(backend: Backend, options: { domainsDir?: string } = {}) {
  const domainsDir = options.domainsDir ?? testAppConfig().domainsDir;
  const sleeps: number[] = [];
  // The bet delay "passes" at once, after whatever a test wants to happen during it.
  let duringDelay: () => Promise<void> = async () => undefined;
  const { app, db } = await build({
    backend,
    config: { domainsDir },
    sleep: async (ms) => {
      sleeps.push(ms);
      await duringDelay();
    },
  });
  const published = { odds: 0, status: 0 };
  const feed = createFeedRunner({
    db,
    rules: createDomainRules(domainsDir),
    publisher: {
      publishMarketOdds: async () => {
        published.odds++;
      },
      publishMarketStatus: async () => {
        published.status++;
      },
    },
    log: { error: (...args: unknown[]) => console.error(...args), info: () => undefined },
    idPrefix: `t${randomUUID().slice(0, 6)}-`,
  });
  return {
    app,
    db,
    feed,
    call: caller(app),
    published,
    sleeps,
    /** What happens while an in-play bet waits out its delay (once; then nothing again). */
    setDuringDelay(work: () => Promise<void>) {
      duringDelay = async () => {
        duringDelay = async () => undefined;
        await work();
      };
    },
  };
}

export type ExchangeApp = Awaited<ReturnType<typeof exchangeApp>>;

/** `count` match-odds markets of one event, keyed `m0`, `m1`, … (bets spread over markets). */
export function matchOddsMarkets(count: number): FeedMarketSpec[] {
  return Array.from({ length: count }, (_, m) => ({
    key: `m${m}`,
    type: 'MATCH_ODDS' as const,
    name: `Match Odds (${m})`,
    runners: ['India', 'Australia'],
    line: null,
  }));
}

/** A cricket event's markets: match odds, the bookmaker market and one fancy runs line. */
export const CRICKET_MARKETS: FeedMarketSpec[] = [
  {
    key: 'match_odds',
    type: 'MATCH_ODDS',
    name: 'Match Odds',
    runners: ['India', 'Australia'],
    line: null,
  },
  {
    key: 'bookmaker',
    type: 'BOOKMAKER',
    name: 'Bookmaker',
    runners: ['India', 'Australia'],
    line: null,
  },
  {
    key: 'fancy:6-over-runs:IND',
    type: 'FANCY',
    name: '6 Over Runs IND',
    runners: ['Yes', 'No'],
    line: 48.5,
  },
];

/** A feed runner on `db` whose publisher goes nowhere, for tests that only need markets. */
export function silentFeedRunner(db: Database): FeedRunner {
  return createFeedRunner({
    db,
    rules: createDomainRules(testAppConfig().domainsDir),
    publisher: {
      publishMarketOdds: async () => undefined,
      publishMarketStatus: async () => undefined,
    },
    log: { error: (...args: unknown[]) => console.error(...args), info: () => undefined },
    idPrefix: `t${randomUUID().slice(0, 6)}-`,
  });
}

let fixtureNumber = 0;

export interface SeededEvent {
  externalId: string;
  eventId: number;
  /** Market ids by feed key. */
  markets: Record<string, string>;
}

/** Writes an event with its markets through the feed, with fair prices the market maker quotes. */
export async function seedEvent(
  db: Database,
  feed: FeedRunner,
  options: {
    sportId?: 1 | 2 | 3 | 25 | 26;
    markets?: FeedMarketSpec[];
    probabilities?: Record<string, number[]>;
    startsInMinutes?: number;
    venueTimeZone?: string;
  } = {},
): Promise<SeededEvent> {
  const externalId = `fx-${++fixtureNumber}-${randomUUID().slice(0, 6)}`;
  const markets = options.markets ?? [
    {
      key: 'match_odds',
      type: 'MATCH_ODDS',
      name: 'Match Odds',
      runners: ['India', 'Australia'],
      line: null,
    },
  ];
  const updates: FeedUpdate[] = [
    {
      kind: 'fixture',
      fixture: {
        externalId,
        sportId: options.sportId ?? 3,
        competition: 'Test Series',
        venueTimeZone: options.venueTimeZone ?? 'Asia/Kolkata',
        title: `India v Australia ${fixtureNumber}`,
        participants: ['India', 'Australia'],
        startAt: new Date(Date.now() + (options.startsInMinutes ?? 60) * 60_000),
        markets,
      },
    },
  ];
  for (const market of markets) {
    const probabilities =
      options.probabilities?.[market.key] ?? market.runners.map(() => 1 / market.runners.length);
    updates.push({ kind: 'prices', externalId, marketKey: market.key, probabilities });
  }
  await feed.applyAll(updates);
  const rows = await db.query<{ event_id: string; id: string; market_key: string }>(
    `SELECT m.event_id, m.id, m.market_key FROM markets m
     JOIN sport_events e ON e.id = m.event_id WHERE e.external_id LIKE '%' || $1`,
    [externalId],
  );
  expect(rows.length).toBe(markets.length);
  return {
    externalId,
    eventId: Number(rows[0]?.event_id),
    markets: Object.fromEntries(rows.map((row) => [row.market_key, row.id])),
  };
}

/** A fresh demo player (₹1,00,000 of play money) on the test host. */
export async function demoPlayer(
  x: Pick<ExchangeApp, 'call' | 'db'>,
): Promise<{ token: string; id: string }> {
  // Each from an address of its own, as players are: the per-address demo limit has its own tests.
  const ip = `198.19.${randomInt(256)}.${randomInt(256)}`;
  const res = await x.call('GET', 'Account/LoginAsDemoUser', { host: TEST_HOST, ip });
  expect(res.body.success).toBe(true);
  const token = res.body.result.accessToken as string;
  const [row] = await x.db.query<{ id: string }>(
    `SELECT id FROM users WHERE is_demo ORDER BY created_at DESC, id LIMIT 1`,
  );
  const info = await x.call('GET', 'Setting/GetSetting', { host: TEST_HOST, token });
  expect(info.body.success).toBe(true);
  return { token, id: (info.body.result.userId as string | null) ?? row?.id ?? '' };
}

/** A fresh demo player as the placement code takes one, with what the bearer check reads. */
export async function placingPlayer(x: Pick<ExchangeApp, 'call' | 'db'>): Promise<Player> {
  const { id } = await demoPlayer(x);
  const [row] = await x.db.query<{ domain: string }>('SELECT domain FROM users WHERE id = $1', [
    id,
  ]);
  const user = row ? await findUserById(x.db, row.domain, id) : undefined;
  if (!row || !user) throw new Error(`no user ${id}`);
  return {
    id,
    domain: row.domain,
    demo: true,
    sports: sportFlagsOf(user),
    betting: bettingRulesOf(user),
  };
}

/** What placing bets one by one needs, outside the app: the test rules, no waits, no pushes. */
export function placementDeps(db: Database): ExchangeDeps & { inTurn: MarketTurns } {
  return {
    db,
    rules: createDomainRules(testAppConfig().domainsDir),
    sleep: async () => undefined,
    onChange: () => undefined,
    inTurn: createMarketTurns(),
  };
}

/** Bets placed one by one, outside the app: the single path alone. */
export function singlePlacement(db: Database) {
  const deps = placementDeps(db);
  return { deps, placement: createBetPlacement(deps, null) };
}

/** The same with a batcher in front, wired as the app wires its one. */
export function batchingPlacement(db: Database, log: Pick<FastifyBaseLogger, 'error'>) {
  const deps = placementDeps(db);
  return { deps, placement: createBetPlacement(deps, { log }) };
}

/** The runners of a market with the prices quoted on them, as a guest reads them. */
export async function quotedRunners(x: ExchangeApp, marketId: string) {
  const odds = await x.call('GET', 'Odds/GetUserOddsV2', {
    host: TEST_HOST,
    query: { marketIds: marketId },
  });
  return odds.body.result[0].runners as {
    runnerId: number;
    back: { price: number }[];
    lay: { price: number }[];
  }[];
}

/** Everything a refused bet call must leave as it was: bets, fills, markets and the ledger. */
export async function exchangeState(db: Database): Promise<string> {
  const parts: string[] = [];
  for (const sql of [
    'SELECT * FROM bets ORDER BY id',
    'SELECT * FROM bet_fills ORDER BY id',
    'SELECT id, status, suspensions FROM markets ORDER BY id',
    'SELECT count(*) AS n FROM ledger_transfers',
    'SELECT id, balance_minor FROM ledger_accounts ORDER BY id',
  ]) {
    parts.push(JSON.stringify(await db.query(sql)));
  }
  return parts.join('\n');
}

export const placeBody = (
  marketId: string,
  runnerId: number,
  side: 'BACK' | 'LAY',
  price: number,
  stake: number,
  extra: Record<string, unknown> = {},
) => ({
  marketId,
  runnerId,
  side,
  price,
  stake,
  idempotencyKey: randomUUID().replace(/-/g, ''),
  ...extra,
});
