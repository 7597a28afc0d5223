import { beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { TEST_BACKENDS, testAppConfig } from '../../test-helper';
import {
  demoPlayer,
  exchangeApp,
  placeBody,
  seedEvent,
  TEST_HOST,
  type ExchangeApp,
  quotedRunners,
} from '../exchange/exchange-test-kit';
import { createDomainRules } from '../brands';
import { auditLedger, SOUND_LEDGER } from '../wallet/ledger-audit';
import { feedTimeMs } from './feed-clock';
import {
  MAX_UPDATES_PER_TICK,
  openFeedLoop,
  type FeedLoop,
  type FeedLoopOptions,
} from './feed-loop';
import { createFeedRunner, type FeedPublisher } from './feed-runner';
import { createSimulator, type FeedScore, type FeedUpdate } from './simulator';

const SEED = 4242;
const PACE = 6;
/** One per sport, each under way at the start: a horse race ends within a simulated minute. */
const FIXTURES_PER_SPORT = 1;
const SECOND_MS = 1_000;
const STEP_MS = 10 * SECOND_MS;
/** Applying a simulated minute takes seconds on a busy machine (every price requotes). */
const TIMEOUT_MS = 180_000;

const rules = createDomainRules(testAppConfig().domainsDir);
const publisher: FeedPublisher = {
  publishMarketOdds: async () => undefined,
  publishMarketStatus: async () => undefined,
};

interface Timed {
  atMs: number;
  update: FeedUpdate;
}

/** What an uninterrupted simulator publishes from `startMs` for `durationMs`, by the second. */
function referenceFeed(seed: number, startMs: number, durationMs: number): Timed[] {
  const simulator = createSimulator({
    seed,
    start: new Date(startMs),
    pace: PACE,
    fixturesPerSport: FIXTURES_PER_SPORT,
  });
  const timed: Timed[] = [];
  for (let atMs = startMs; atMs <= startMs + durationMs; atMs += SECOND_MS) {
    for (const update of simulator.advance(new Date(atMs))) timed.push({ atMs, update });
  }
  return timed;
}

/** Feed loops on one fake wall clock, logging warnings and errors into a list. */
function feedHarness(x: ExchangeApp, seed: number) {
  const startMs = Math.floor(Date.now() / SECOND_MS) * SECOND_MS;
  const clock = { wallMs: startMs };
  const logged: { level: 'error' | 'warn'; message: string }[] = [];
  const note =
    (level: 'error' | 'warn') =>
    (...args: unknown[]) =>
      logged.push({ level, message: String(args.find((arg) => typeof arg === 'string')) });
  const options: FeedLoopOptions = {
    db: x.db,
    rules,
    publisher,
    log: { error: note('error'), warn: note('warn'), info: () => undefined },
    seed,
    pace: PACE,
    fixturesPerSport: FIXTURES_PER_SPORT,
    now: () => clock.wallMs,
  };
  return {
    startMs,
    clock,
    logged,
    open: (overrides: Partial<FeedLoopOptions> = {}) => openFeedLoop({ ...options, ...overrides }),
    /** Moves the wall clock on by `stepMs` and ticks, `times` times. */
    async run(loop: FeedLoop, stepMs: number, times = 1) {
      for (let i = 0; i < times; i++) {
        clock.wallMs += stepMs;
        await loop.tick();
      }
    },
  };
}

const prefixOf = (loop: FeedLoop): string => loop.runs()[0]?.idPrefix ?? '';

/** The horse race a run has in play, with its match odds market. */
async function raceInPlay(db: Database, prefix: string) {
  const [race] = await db.query<{ external_id: string; market_id: string }>(
    `SELECT e.external_id, m.id AS market_id FROM sport_events e
     JOIN markets m ON m.event_id = e.id AND m.market_key = 'match_odds'
     WHERE starts_with(e.external_id, $1) AND e.sport_id = 26 AND e.status = 'IN_PLAY'`,
    [prefix],
  );
  if (!race) throw new Error('no race in play');
  return { feedId: race.external_id.slice(prefix.length), marketId: race.market_id };
}

/**
 * When players can first bet on a market after the feed reopened it (its first prices once open:
 * a race is suspended at the off, and a suspended market has no quotes), with nothing closing it
 * within the same second.
 */
function firstOpenPrices(reference: readonly Timed[], feedId: string, marketKey = 'match_odds') {
  const about = reference.filter(
    ({ update }) =>
      update.kind !== 'fixture' &&
      update.externalId === feedId &&
      'marketKey' in update &&
      update.marketKey === marketKey,
  );
  const reopened = about.findIndex(({ update }) => update.kind === 'resume');
  const priced = about.slice(reopened + 1).find(({ update }) => update.kind === 'prices');
  const closes = about.slice(reopened + 1).find(({ update }) => update.kind === 'suspend');
  if (reopened < 0 || !priced || (closes && closes.atMs <= priced.atMs)) {
    throw new Error(`${feedId} is never open with prices`);
  }
  return priced.atMs;
}

/** The feed's result for a market, with the second it came in. */
function resultOf(reference: readonly Timed[], feedId: string, marketKey = 'match_odds') {
  const found = reference.find(
    ({ update }) =>
      update.kind === 'result' && update.externalId === feedId && update.marketKey === marketKey,
  );
  if (!found || found.update.kind !== 'result') throw new Error(`no result for ${feedId}`);
  return { atMs: found.atMs, winner: found.update.winner };
}

/** Two demo players take the maker's prices: one backs the first runner, one lays the second. */
async function betOn(x: ExchangeApp, marketId: string): Promise<string[]> {
  const runners = await quotedRunners(x, marketId);
  const players: string[] = [];
  for (const [index, side] of (['BACK', 'LAY'] as const).entries()) {
    const runner = runners[index];
    const price = side === 'BACK' ? runner?.back[0]?.price : runner?.lay[0]?.price;
    if (runner === undefined || price === undefined) throw new Error('no price to take');
    const player = await demoPlayer(x);
    const placed = await x.call('POST', 'Bet/PlaceBetV2', {
      host: TEST_HOST,
      token: player.token,
      body: placeBody(marketId, runner.runnerId, side, price, 300),
    });
    expect(placed.body, JSON.stringify(placed.body.error)).toMatchObject({ success: true });
    players.push(player.id);
  }
  expect(await playerBets(x.db, marketId)).toEqual(
    players.map((ownerId) => ({ owner_id: ownerId, matched: true, profit_minor: null })),
  );
  return players;
}

/** The players' bets on a market: matched, and their result once settled. */
async function playerBets(db: Database, marketId: string) {
  const rows = await db.query<{ owner_id: string; matched: boolean; profit_minor: string | null }>(
    `SELECT owner_id, matched_minor > 0 AS matched, profit_minor FROM bets
     WHERE market_id = $1 AND NOT is_house ORDER BY id`,
    [marketId],
  );
  return rows.map((row) => ({
    ...row,
    profit_minor: row.profit_minor === null ? null : Number(row.profit_minor),
  }));
}

async function marketOf(db: Database, marketId: string) {
  const [row] = await db.query<{ status: string; winner_runner_id: number | null }>(
    'SELECT status, winner_runner_id FROM markets WHERE id = $1',
    [marketId],
  );
  return row;
}

/** A run's markets still open or suspended. */
async function openMarketIds(db: Database, prefix: string): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `SELECT m.id FROM markets m JOIN sport_events e ON e.id = m.event_id
     WHERE starts_with(e.external_id, $1) AND m.status IN ('OPEN', 'SUSPENDED') ORDER BY m.id`,
    [prefix],
  );
  return rows.map((row) => row.id);
}

/** A run's markets settled void, as `<feed id>/<market key>`. */
async function voidedMarkets(db: Database, prefix: string): Promise<string[]> {
  const rows = await db.query<{ external_id: string; market_key: string }>(
    `SELECT e.external_id, m.market_key FROM markets m JOIN sport_events e ON e.id = m.event_id
     WHERE starts_with(e.external_id, $1) AND m.status = 'SETTLED' AND m.winner_runner_id IS NULL`,
    [prefix],
  );
  return rows.map((row) => `${row.external_id.slice(prefix.length)}/${row.market_key}`).sort();
}

/** The markets the feed itself reported void up to `untilMs`, as `<feed id>/<market key>`. */
function reportedVoid(reference: readonly Timed[], untilMs: number): string[] {
  return reference
    .flatMap(({ atMs, update }) =>
      atMs <= untilMs && update.kind === 'result' && update.winner === null
        ? [`${update.externalId}/${update.marketKey}`]
        : [],
    )
    .sort();
}

/** Every event of a run as the database has it, by the feed's id. */
async function eventsOf(db: Database, prefix: string) {
  const rows = await db.query<{ external_id: string; status: string; score: FeedScore | null }>(
    'SELECT external_id, status, score FROM sport_events WHERE starts_with(external_id, $1)',
    [prefix],
  );
  return new Map(
    rows.map((row) => [
      row.external_id.slice(prefix.length),
      { status: row.status, score: row.score },
    ]),
  );
}

/** The same, as the reference feed has it after everything up to `untilMs`. */
function referenceEvents(reference: readonly Timed[], untilMs: number) {
  const events = new Map<string, { status: string; score: FeedScore | null }>();
  for (const { atMs, update } of reference) {
    if (atMs > untilMs) break;
    if (update.kind === 'fixture') {
      events.set(update.fixture.externalId, { status: 'UPCOMING', score: null });
      continue;
    }
    const event = events.get(update.externalId);
    if (event === undefined) continue;
    if (update.kind === 'status') event.status = update.status;
    if (update.kind === 'score') event.score = update.score;
  }
  return events;
}

/** The database, except that recording applied progress fails while `failing`: a crash there. */
function crashingOnProgress(db: Database) {
  const state = { failing: false };
  const wrapped: Database = {
    kind: db.kind,
    query: <Row>(sql: string, params?: unknown[]) =>
      state.failing && sql.includes('SET applied_until')
        ? Promise.reject(new Error('the process died before recording its progress'))
        : db.query<Row>(sql, params),
    exec: (sql) => db.exec(sql),
    afterCommit: (effect) => db.afterCommit(effect),
    origin: db.origin,
    transaction: (work, options) => db.transaction(work, options),
    tryExclusiveRole: (key) => db.tryExclusiveRole(key),
    close: () => db.close(),
  };
  return { db: wrapped, state };
}

describe('the simulated feed’s volume', () => {
  it(
    'keeps every simulated second, cricket balls running included, within one tick’s updates',
    () => {
      // Real time at the default settings: a tick takes one simulated second.
      const start = new Date('2025-03-01T12:00:00Z');
      const simulator = createSimulator({ seed: 2025, start });
      let busiest = 0;
      let suspensions = 0;
      simulator.advance(start);
      for (let second = 1; second <= 3 * 3_600; second++) {
        const updates = simulator.advance(new Date(start.getTime() + second * SECOND_MS));
        busiest = Math.max(busiest, updates.length);
        suspensions += updates.filter((update) => update.kind === 'suspend').length;
      }
      expect(suspensions).toBeGreaterThan(1_000);
      expect(busiest).toBeLessThan(MAX_UPDATES_PER_TICK / 2);
    },
    TIMEOUT_MS,
  );
});

describe.each(TEST_BACKENDS)('the simulated feed across restarts on %s', async (backend) => {
  const x = await exchangeApp(backend);
  const quiet = { error: () => undefined, info: () => undefined };

  // Every test starts with no stored run and nothing of earlier tests' runs left open.
  beforeEach(async () => {
    await x.db.query('DELETE FROM feed_runs');
    const sweeper = createFeedRunner({ db: x.db, rules, publisher, log: quiet, idPrefix: '-' });
    await sweeper.abandonOthers('sim', []);
  });

  it(
    'a run stopped dead resumes: open markets stay open with their bets and settle on their results',
    async () => {
      const feed = feedHarness(x, SEED);
      const first = await feed.open();
      await first.tick();
      const prefix = prefixOf(first);
      expect(prefix).toMatch(/^sim4242-/);
      const reference = referenceFeed(SEED, feed.startMs, 5 * 60 * SECOND_MS);
      const race = await raceInPlay(x.db, prefix);
      const result = resultOf(reference, race.feedId);
      expect(result.winner).not.toBeNull();
      feed.clock.wallMs = firstOpenPrices(reference, race.feedId);
      await first.tick();
      const players = await betOn(x, race.marketId);
      await feed.run(first, 2 * SECOND_MS);
      expect(result.atMs).toBeGreaterThan(feed.clock.wallMs);
      const open = await openMarketIds(x.db, prefix);
      expect(open).toContain(race.marketId);

      // The process dies: nothing stops, nothing more is written. Another starts 5 s later with
      // FEED_SEED unset and goes on with the stored run.
      feed.clock.wallMs += 5 * SECOND_MS;
      const second = await feed.open({ seed: undefined });
      expect(second.runs().map((run) => [run.idPrefix, run.seed, run.windingDown])).toEqual([
        [prefix, SEED, false],
      ]);
      expect(await openMarketIds(x.db, prefix)).toEqual(open);
      expect(await voidedMarkets(x.db, prefix)).toEqual(reportedVoid(reference, feed.startMs));
      expect(await playerBets(x.db, race.marketId)).toEqual(
        players.map((ownerId) => ({ owner_id: ownerId, matched: true, profit_minor: null })),
      );

      // The resumed feed runs the race to the result an uninterrupted feed gives it.
      for (let step = 0; step < 30 && feed.clock.wallMs <= result.atMs; step++) {
        await feed.run(second, STEP_MS);
      }
      expect(await marketOf(x.db, race.marketId)).toEqual({
        status: 'SETTLED',
        winner_runner_id: (result.winner ?? Number.NaN) + 1,
      });
      const settled = await playerBets(x.db, race.marketId);
      expect(settled.map((bet) => bet.owner_id)).toEqual(players);
      for (const bet of settled) expect(bet.profit_minor).not.toBe(0);
      expect(settled.some((bet) => (bet.profit_minor ?? 0) > 0)).toBe(true);
      expect(await voidedMarkets(x.db, prefix)).toEqual(reportedVoid(reference, feed.clock.wallMs));
      expect(await auditLedger(x.db)).toEqual(SOUND_LEDGER);
      expect(feed.logged).toEqual([]);
    },
    TIMEOUT_MS,
  );

  it.each([
    ['its latest snapshot', false],
    ['its seed alone', true],
  ])(
    'a run resumed from %s leaves the database as the uninterrupted feed would',
    async (_from, dropSnapshot) => {
      const feed = feedHarness(x, SEED + 1);
      const first = await feed.open();
      await first.tick();
      const prefix = prefixOf(first);
      await feed.run(first, 15 * SECOND_MS, 4);
      if (dropSnapshot) {
        await x.db.query('UPDATE feed_runs SET snapshot = NULL, snapshot_at = NULL');
      }
      feed.clock.wallMs += 7 * SECOND_MS;
      const second = await feed.open();
      expect(second.runs().map((run) => run.idPrefix)).toEqual([prefix]);
      await feed.run(second, 20 * SECOND_MS, 6);
      const appliedUntilMs = second.runs()[0]?.appliedUntilMs ?? 0;
      expect(appliedUntilMs).toBe(feed.clock.wallMs);

      const reference = referenceFeed(SEED + 1, feed.startMs, appliedUntilMs - feed.startMs);
      const expected = referenceEvents(reference, appliedUntilMs);
      expect([...expected.values()].some((event) => event.status === 'FINISHED')).toBe(true);
      expect(await eventsOf(x.db, prefix)).toEqual(expected);
      expect(await voidedMarkets(x.db, prefix)).toEqual(reportedVoid(reference, appliedUntilMs));
      const settled = await x.db.query<{ external_id: string; market_key: string; winner: number }>(
        `SELECT e.external_id, m.market_key, m.winner_runner_id AS winner FROM markets m
         JOIN sport_events e ON e.id = m.event_id
         WHERE starts_with(e.external_id, $1) AND m.status = 'SETTLED'`,
        [prefix],
      );
      expect(settled.length).toBeGreaterThan(0);
      for (const row of settled) {
        const feedId = row.external_id.slice(prefix.length);
        const { winner } = resultOf(reference, feedId, row.market_key);
        expect(row.winner, `${feedId} ${row.market_key}`).toBe(winner === null ? null : winner + 1);
      }
      expect(feed.logged).toEqual([]);
    },
    TIMEOUT_MS,
  );

  it(
    "applying the last tick's updates again after a crash before its mark moves no money twice",
    async () => {
      const feed = feedHarness(x, SEED + 2);
      const crashing = crashingOnProgress(x.db);
      const first = await feed.open({ db: crashing.db });
      await first.tick();
      const prefix = prefixOf(first);
      const reference = referenceFeed(SEED + 2, feed.startMs, 5 * 60 * SECOND_MS);
      const race = await raceInPlay(x.db, prefix);
      const result = resultOf(reference, race.feedId);
      feed.clock.wallMs = firstOpenPrices(reference, race.feedId);
      await first.tick();
      await betOn(x, race.marketId);

      // Recorded up to just before the result; then the tick that settles the race is applied
      // but the process dies before recording it.
      feed.clock.wallMs = result.atMs - 5 * SECOND_MS;
      await first.tick();
      const markMs = feed.clock.wallMs;
      expect(first.runs()[0]?.appliedUntilMs).toBe(markMs);
      expect((await marketOf(x.db, race.marketId))?.status).not.toBe('SETTLED');
      crashing.state.failing = true;
      feed.clock.wallMs = result.atMs + 15 * SECOND_MS;
      await expect(first.tick()).rejects.toThrow(/died/);
      expect((await marketOf(x.db, race.marketId))?.status).toBe('SETTLED');
      // Players' movements, what every account holds, settlements and players' bets. (Prices
      // applied again requote the market maker, whose holds may move and move back.)
      const money = async () => ({
        playerTransfers: await x.db.query(
          `SELECT id, code, reference FROM ledger_transfers WHERE domain <> 'exchange.house'
           ORDER BY id`,
        ),
        accounts: await x.db.query(
          `SELECT account_id, sum(amount_minor)::text AS minor FROM ledger_entries
           GROUP BY account_id ORDER BY account_id`,
        ),
        settlements: await x.db.query(
          'SELECT market_id, owner_id, profit_minor FROM market_settlements ORDER BY 1, 2',
        ),
        bets: await x.db.query(
          'SELECT id, profit_minor, settled_at FROM bets WHERE NOT is_house ORDER BY id',
        ),
      });
      const before = await money();

      // The next process resumes at the recorded mark and applies that tick's updates again.
      const second = await feed.open();
      expect(second.runs()[0]?.appliedUntilMs).toBe(markMs);
      await second.tick();
      expect(second.runs()[0]?.appliedUntilMs).toBe(feed.clock.wallMs);
      expect(await money()).toEqual(before);
      expect(await auditLedger(x.db)).toEqual(SOUND_LEDGER);
      expect(await eventsOf(x.db, prefix)).toEqual(referenceEvents(reference, feed.clock.wallMs));
    },
    TIMEOUT_MS,
  );

  it(
    'a new seed starts a new run; the old one winds down to its results, voiding nothing',
    async () => {
      const feed = feedHarness(x, SEED + 3);
      const first = await feed.open();
      await first.tick();
      const oldPrefix = prefixOf(first);
      const reference = referenceFeed(SEED + 3, feed.startMs, 5 * 60 * SECOND_MS);
      const race = await raceInPlay(x.db, oldPrefix);
      const result = resultOf(reference, race.feedId);
      expect(result.winner).not.toBeNull();
      feed.clock.wallMs = firstOpenPrices(reference, race.feedId);
      await first.tick();
      await betOn(x, race.marketId);
      // So that the wind-down ends within the test, the run's other events end first (as their
      // results would come from the feed).
      const oldRunner = createFeedRunner({
        db: x.db,
        rules,
        publisher,
        log: quiet,
        idPrefix: oldPrefix,
      });
      const others = await x.db.query<{ external_id: string; market_key: string }>(
        `SELECT e.external_id, m.market_key FROM sport_events e JOIN markets m ON m.event_id = e.id
         WHERE starts_with(e.external_id, $1) AND e.external_id <> $2`,
        [oldPrefix, oldPrefix + race.feedId],
      );
      await oldRunner.applyAll(
        others.flatMap((row): FeedUpdate[] => {
          const externalId = row.external_id.slice(oldPrefix.length);
          return [
            { kind: 'status', externalId, status: 'FINISHED' },
            { kind: 'result', externalId, marketKey: row.market_key, winner: 0 },
          ];
        }),
      );
      expect(await openMarketIds(x.db, oldPrefix)).toEqual([race.marketId]);
      const eventsBefore = await eventsOf(x.db, oldPrefix);

      feed.clock.wallMs += 5 * SECOND_MS;
      const second = await feed.open({ seed: SEED + 4 });
      const [fresh, old] = second.runs();
      expect(fresh).toMatchObject({ seed: SEED + 4, windingDown: false });
      expect(old).toMatchObject({ idPrefix: oldPrefix, windingDown: true });
      expect(feed.logged.map((entry) => entry.level)).toEqual(['warn']);
      expect(await openMarketIds(x.db, oldPrefix)).toEqual([race.marketId]);

      // The race plays on to its result; the old run adds nothing, and goes once it is done.
      for (let step = 0; step < 30 && second.runs().length > 1; step++) {
        await feed.run(second, STEP_MS);
      }
      expect(second.runs().map((run) => run.idPrefix)).toEqual([fresh?.idPrefix]);
      expect(await x.db.query('SELECT id_prefix FROM feed_runs')).toEqual([
        { id_prefix: fresh?.idPrefix },
      ]);
      expect(await marketOf(x.db, race.marketId)).toEqual({
        status: 'SETTLED',
        winner_runner_id: (result.winner ?? Number.NaN) + 1,
      });
      for (const bet of await playerBets(x.db, race.marketId)) {
        expect(bet.profit_minor).not.toBe(0);
      }
      expect([...(await eventsOf(x.db, oldPrefix)).keys()].sort()).toEqual(
        [...eventsBefore.keys()].sort(),
      );
      expect(await voidedMarkets(x.db, oldPrefix)).toEqual([]);
      expect(await auditLedger(x.db)).toEqual(SOUND_LEDGER);
      expect(feed.logged.map((entry) => entry.level)).toEqual(['warn']);
    },
    TIMEOUT_MS,
  );

  it(
    'voids a market only on a result the feed reports void, or when no run can finish it',
    async () => {
      // Events of a simulated run that kept no record (as before runs were stored), and of
      // another feed.
      const legacy = createFeedRunner({
        db: x.db,
        rules,
        publisher,
        log: quiet,
        idPrefix: 'sim9-l0st-',
      });
      const orphan = await seedEvent(x.db, legacy);
      const abandoned = await seedEvent(x.db, legacy);
      const other = await seedEvent(x.db, x.feed);
      const idOf = (event: { markets: Record<string, string> }) => event.markets.match_odds ?? '';
      for (const event of [orphan, abandoned, other]) await betOn(x, idOf(event));

      // The feed reports one abandoned: its market is void. A cancelled event stays cancelled
      // when an older status comes again.
      await legacy.applyAll([
        { kind: 'status', externalId: abandoned.externalId, status: 'CANCELLED' },
        { kind: 'result', externalId: abandoned.externalId, marketKey: 'match_odds', winner: null },
        { kind: 'status', externalId: abandoned.externalId, status: 'IN_PLAY' },
      ]);
      const [event] = await x.db.query<{ status: string }>(
        'SELECT status FROM sport_events WHERE id = $1',
        [abandoned.eventId],
      );
      expect(event?.status).toBe('CANCELLED');
      expect(await marketOf(x.db, idOf(abandoned))).toEqual({
        status: 'SETTLED',
        winner_runner_id: null,
      });
      for (const bet of await playerBets(x.db, idOf(abandoned))) expect(bet.profit_minor).toBe(0);
      expect((await marketOf(x.db, idOf(orphan)))?.status).toBe('OPEN');

      // A simulated feed starting finds events of a run nobody can resume: they are cancelled,
      // with an error in the log. Another feed's events are not its business.
      const feed = feedHarness(x, SEED + 5);
      await feed.open();
      expect(feed.logged.map((entry) => entry.level)).toEqual(['error']);
      expect(await marketOf(x.db, idOf(orphan))).toEqual({
        status: 'SETTLED',
        winner_runner_id: null,
      });
      expect((await marketOf(x.db, idOf(other)))?.status).toBe('OPEN');
      expect(await auditLedger(x.db)).toEqual(SOUND_LEDGER);
    },
    TIMEOUT_MS,
  );

  it(
    'keeps the feed clock across restarts, at the time scale asked for from each start on',
    async () => {
      const feed = feedHarness(x, SEED + 6);
      const first = await feed.open({ timeScale: 60 });
      await feed.run(first, SECOND_MS);
      const prefix = prefixOf(first);
      const clockOf = (loop: FeedLoop) =>
        loop.runs()[0]?.clock ?? { wallMs: 0, feedMs: 0, timeScale: 0 };
      expect(first.runs()[0]?.appliedUntilMs).toBe(feed.startMs + 60 * SECOND_MS);

      // Down for two seconds: two simulated minutes at scale 60, which the feed catches up.
      feed.clock.wallMs += 2 * SECOND_MS;
      const second = await feed.open({ timeScale: 60 });
      expect(prefixOf(second)).toBe(prefix);
      expect(feedTimeMs(clockOf(second), feed.clock.wallMs)).toBe(
        feed.startMs + 3 * 60 * SECOND_MS,
      );
      await second.tick();
      expect(second.runs()[0]?.appliedUntilMs).toBe(feed.startMs + 3 * 60 * SECOND_MS);

      // Restarted at real time: the same run, no jump, then one simulated second a second.
      feed.clock.wallMs += SECOND_MS;
      const third = await feed.open({ timeScale: 1 });
      expect(prefixOf(third)).toBe(prefix);
      const resumedAtMs = feedTimeMs(clockOf(third), feed.clock.wallMs);
      expect(resumedAtMs).toBe(feed.startMs + 4 * 60 * SECOND_MS);
      expect(feedTimeMs(clockOf(third), feed.clock.wallMs + 5 * SECOND_MS)).toBe(
        resumedAtMs + 5 * SECOND_MS,
      );
      expect(feed.logged).toEqual([]);
    },
    TIMEOUT_MS,
  );

  it(
    'replaces a run the simulator can no longer build, voiding its open events, loudly',
    async () => {
      const feed = feedHarness(x, SEED + 7);
      const first = await feed.open();
      await feed.run(first, 5 * SECOND_MS);
      const prefix = prefixOf(first);
      const open = await openMarketIds(x.db, prefix);
      expect(open.length).toBeGreaterThan(0);
      // As if another version of the simulator had invented this run: an event it does not know.
      await x.db.query(
        `UPDATE sport_events SET title = 'Someone v Else'
         WHERE id = (SELECT min(id) FROM sport_events WHERE starts_with(external_id, $1))`,
        [prefix],
      );

      const second = await feed.open();
      expect(second.runs().map((run) => [run.seed, run.windingDown])).toEqual([[SEED + 7, false]]);
      expect(prefixOf(second)).not.toBe(prefix);
      expect(feed.logged.map((entry) => entry.level)).toEqual(['error', 'error']);
      expect(await openMarketIds(x.db, prefix)).toEqual([]);
      expect((await voidedMarkets(x.db, prefix)).length).toBe(open.length);
      expect(await auditLedger(x.db)).toEqual(SOUND_LEDGER);
    },
    TIMEOUT_MS,
  );
});
