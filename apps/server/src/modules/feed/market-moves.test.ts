import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { MarketStatusData } from '@backlay/contract/hub';
import type { Database, Queryable } from '../../db/database';
import { TEST_BACKENDS, testAppConfig } from '../../test-helper';
import { createDomainRules } from '../brands';
import { demoPlayer, exchangeApp, placeBody, TEST_HOST } from '../exchange/exchange-test-kit';
import type { Book } from '../wallet';
import { auditLedger, SOUND_LEDGER } from '../wallet/ledger-audit';
import { createFeedRunner } from './feed-runner';
import { MARKET_MAKER_OWNERS, quotesFor } from './market-maker';
import { replayMoves, type MarketState } from './market-moves';
import type { FeedMarketSpec, FeedUpdate } from './simulator';

const rules = createDomainRules(testAppConfig().domainsDir);

const OPEN: MarketState = {
  status: 'OPEN',
  feedSuspended: false,
  operatorSuspended: false,
  suspendedReason: null,
  fair: [0.5, 0.5],
};

describe('a market’s moves replayed in memory', () => {
  it('requotes on prices while open, and a withdrawal even while suspended', () => {
    expect(replayMoves(OPEN, [{ kind: 'prices', probabilities: [0.6, 0.4] }])).toMatchObject({
      requotedAt: { status: 'OPEN', fair: [0.6, 0.4] },
      statusChanges: [],
      suspensionsAdded: 0,
    });
    const suspended = replayMoves(OPEN, [
      { kind: 'suspend', reason: 'Ball running' },
      { kind: 'prices', probabilities: [0.3, 0.7] },
    ]);
    expect(suspended.requotedAt).toBeNull();
    expect(suspended.state).toMatchObject({ status: 'SUSPENDED', fair: [0.3, 0.7] });
    expect(replayMoves(suspended.state, [{ kind: 'withdraw' }]).requotedAt).toEqual({
      status: 'SUSPENDED',
      fair: null,
    });
  });

  it('reopens on the latest prices, and tells each change of status in order', () => {
    const replayed = replayMoves(OPEN, [
      { kind: 'suspend', reason: 'Ball running' },
      { kind: 'prices', probabilities: [0.3, 0.7] },
      { kind: 'resume' },
      { kind: 'suspend', reason: 'Wicket' },
    ]);
    expect(replayed.statusChanges).toEqual([
      { status: 'SUSPENDED', reason: 'Ball running' },
      { status: 'OPEN', reason: null },
      { status: 'SUSPENDED', reason: 'Wicket' },
    ]);
    expect(replayed.suspensionsAdded).toBe(2);
    expect(replayed.requotedAt).toEqual({ status: 'OPEN', fair: [0.3, 0.7] });
    expect(replayed.state).toMatchObject({ feedSuspended: true, suspendedReason: 'Wicket' });
  });

  it('leaves an operator’s hold in place and a settled market alone', () => {
    const held = { ...OPEN, status: 'SUSPENDED' as const, operatorSuspended: true };
    const replayed = replayMoves(held, [{ kind: 'suspend', reason: 'Goal' }, { kind: 'resume' }]);
    expect(replayed.state.status).toBe('SUSPENDED');
    expect(replayed.requotedAt).toBeNull();
    expect(replayed.suspensionsAdded).toBe(0);
    const settled = replayMoves({ ...OPEN, status: 'SETTLED' }, [
      { kind: 'prices', probabilities: [0.9, 0.1] },
      { kind: 'suspend', reason: 'Goal' },
    ]);
    expect(settled).toMatchObject({ state: { status: 'SETTLED', fair: [0.5, 0.5] } });
    expect(settled.requotedAt).toBeNull();
    expect(settled.statusChanges).toEqual([]);
  });
});

/** `target` with every statement it runs (on itself or in its transactions) noted in `seen`. */
function counting<T extends Queryable>(target: T, seen: string[]): T {
  return new Proxy(target, {
    get(object, property) {
      if (property === 'query' || property === 'exec') {
        return (sql: string, params?: unknown[]) => {
          seen.push(sql);
          return property === 'query' ? object.query(sql, params) : object.exec(sql);
        };
      }
      if (property === 'transaction') {
        const db = object as unknown as Database;
        return (work: (tx: Queryable) => Promise<unknown>, options?: object) =>
          db.transaction((tx) => work(counting(tx, seen)), options);
      }
      const value: unknown = Reflect.get(object, property, object);
      return typeof value === 'function' ? (value as () => unknown).bind(object) : value;
    },
  });
}

/** Values of one fancy session: 'fancy:runs@V'. */
const fancyValue = (runs: number): FeedMarketSpec => ({
  key: `fancy:runs@${runs}`,
  type: 'FANCY',
  name: '10 Over Runs IND',
  runners: ['Yes', 'No'],
  line: runs - 0.5,
});

const MATCH_ODDS: FeedMarketSpec = {
  key: 'match_odds',
  type: 'MATCH_ODDS',
  name: 'Match Odds',
  runners: ['India', 'Australia'],
  line: null,
};

describe.each(TEST_BACKENDS)('a tick’s market moves on %s', async (backend) => {
  const x = await exchangeApp(backend);

  /** A runner on a database that notes every statement, and a publisher that notes pushes. */
  function watchedRunner() {
    const statements: string[] = [];
    const odds: { marketId: string; book: Book }[] = [];
    const statuses: MarketStatusData[] = [];
    const runner = createFeedRunner({
      db: counting(x.db, statements),
      rules,
      publisher: {
        publishMarketOdds: async (data, book) => {
          odds.push({ marketId: data.MarketId, book });
        },
        publishMarketStatus: async (data) => {
          statuses.push(data);
        },
        isWatched: () => true,
      },
      log: { error: (...args: unknown[]) => console.error(...args), info: () => undefined },
      idPrefix: `mv${randomUUID().slice(0, 6)}-`,
    });
    const forget = () => {
      statements.length = 0;
      odds.length = 0;
      statuses.length = 0;
    };
    return { runner, statements, odds, statuses, forget };
  }

  /** A fixture with match odds and `values` fancy run values, all priced. */
  async function fixture(run: ReturnType<typeof watchedRunner>, values: number) {
    const externalId = `mv-${randomUUID().slice(0, 8)}`;
    const markets = [MATCH_ODDS, ...Array.from({ length: values }, (_, i) => fancyValue(40 + i))];
    await run.runner.applyAll([
      {
        kind: 'fixture',
        fixture: {
          externalId,
          sportId: 3,
          competition: 'Test Series',
          venueTimeZone: 'Asia/Kolkata',
          title: `India v Australia ${externalId}`,
          participants: ['India', 'Australia'],
          startAt: new Date(Date.now() + 60 * 60_000),
          markets,
        },
      },
      ...prices(externalId, markets, 0),
    ]);
    const rows = await x.db.query<{ id: string; market_key: string }>(
      `SELECT m.id, m.market_key FROM markets m JOIN sport_events e ON e.id = m.event_id
       WHERE e.external_id LIKE '%' || $1`,
      [externalId],
    );
    const ids = Object.fromEntries(rows.map((row) => [row.market_key, row.id]));
    return { externalId, markets, ids };
  }

  /** Fair prices for every market, moved by `step` hundredths from an even line. */
  function prices(externalId: string, markets: FeedMarketSpec[], step: number): FeedUpdate[] {
    return markets.map((market, i) => {
      const yes = Math.min(0.9, 0.3 + 0.03 * i + step / 100);
      return { kind: 'prices', externalId, marketKey: market.key, probabilities: [yes, 1 - yes] };
    });
  }

  /** The market maker's resting orders on a market, as comparable rows. */
  const makerResting = (marketId: string) =>
    x.db.query<{ book: string; runner_id: number; side: string; price_tick: number; rest: string }>(
      `SELECT book, runner_id, side, price_tick,
         (stake_minor - matched_minor - cancelled_minor)::text AS rest
       FROM bets WHERE market_id = $1 AND owner_id = ANY ($2::uuid[])
         AND matched_minor + cancelled_minor < stake_minor
       ORDER BY book, runner_id, side, price_tick, rest`,
      [marketId, Object.values(MARKET_MAKER_OWNERS)],
    );

  it('writes nothing and pushes nothing for prices published again unchanged', async () => {
    const run = watchedRunner();
    const { externalId, markets, ids } = await fixture(run, 3);
    await run.runner.applyAll(prices(externalId, markets, 2));
    run.forget();
    await run.runner.applyAll(prices(externalId, markets, 2));
    expect(run.statements).toEqual([]);
    expect(run.odds).toEqual([]);
    expect(run.statuses).toEqual([]);
    // What rests is what the prices quote.
    const [fancy] = await makerResting(ids['fancy:runs@40'] ?? '');
    const published = prices(externalId, markets, 2)[1];
    const [wanted] = quotesFor({
      type: 'FANCY',
      runners: [
        { id: 1, name: 'Yes', sortOrder: 1 },
        { id: 2, name: 'No', sortOrder: 2 },
      ],
      fairProbabilities: published?.kind === 'prices' ? published.probabilities : null,
    });
    expect(fancy).toMatchObject({ runner_id: 1, price_tick: wanted?.priceTick });
    expect(Number(fancy?.rest)).toBe(wanted?.stakeMinor);
  });

  it('moves many markets in as few statements as one', async () => {
    const run = watchedRunner();
    const few = await fixture(run, 1);
    const many = await fixture(run, 12);
    run.forget();
    await run.runner.applyAll(prices(few.externalId, few.markets, 5));
    const forFew = run.statements.length;
    const pushedFew = new Set(run.odds.map((push) => push.marketId)).size;
    run.forget();
    await run.runner.applyAll(prices(many.externalId, many.markets, 5));
    // Read and lock, write, the market maker's holds (and their lock on PostgreSQL), then the
    // watched prices read for their pushes, per book.
    expect(forFew).toBeGreaterThan(0);
    expect(forFew).toBeLessThanOrEqual(8);
    expect(run.statements.length).toBe(forFew);
    // Every market whose quotes moved is pushed, in both books.
    expect(pushedFew).toBe(few.markets.length);
    expect(new Set(run.odds.map((push) => push.marketId)).size).toBe(many.markets.length);
    expect(run.odds.length).toBe(many.markets.length * 2);
    expect(await auditLedger(x.db)).toEqual(SOUND_LEDGER);
  });

  it('pushes each change of status and the prices of a requote, and nothing else', async () => {
    const run = watchedRunner();
    const { externalId, ids } = await fixture(run, 1);
    const key = 'fancy:runs@40';
    const marketId = ids[key] ?? '';
    run.forget();
    await run.runner.applyAll([{ kind: 'suspend', externalId, marketKey: key, reason: 'Wicket' }]);
    expect(run.statuses).toMatchObject([
      { MarketId: marketId, Status: 'suspended', Reason: 'Wicket' },
    ]);
    expect(run.odds).toEqual([]);
    // Prices while suspended wait for the reopening: stored, not quoted, not pushed.
    run.forget();
    const moved: FeedUpdate = {
      kind: 'prices',
      externalId,
      marketKey: key,
      probabilities: [0.7, 0.3],
    };
    await run.runner.applyAll([moved]);
    expect(run.statuses).toEqual([]);
    expect(run.odds).toEqual([]);
    run.forget();
    await run.runner.applyAll([{ kind: 'resume', externalId, marketKey: key }]);
    expect(run.statuses).toMatchObject([{ MarketId: marketId, Status: 'open', Reason: null }]);
    expect(run.odds).toEqual([
      { marketId, book: 'real' },
      { marketId, book: 'play' },
    ]);
    // At 0.7 the value offers No: the house rests a back on Yes.
    expect((await makerResting(marketId)).map((row) => row.side)).toEqual(['BACK', 'BACK']);
  });

  it('leaves the markets as applying each update alone would', async () => {
    const together = watchedRunner();
    const alone = watchedRunner();
    const a = await fixture(together, 2);
    const b = await fixture(alone, 2);
    const moves = (externalId: string): FeedUpdate[] => [
      { kind: 'prices', externalId, marketKey: 'match_odds', probabilities: [0.62, 0.38] },
      { kind: 'suspend', externalId, marketKey: 'fancy:runs@40', reason: 'Ball running' },
      { kind: 'prices', externalId, marketKey: 'fancy:runs@40', probabilities: [0.58, 0.42] },
      {
        kind: 'score',
        externalId,
        score: { summary: 'IND 12/0 (1.0)', teams: [], commentary: [] },
      },
      { kind: 'resume', externalId, marketKey: 'fancy:runs@40' },
      { kind: 'prices', externalId, marketKey: 'fancy:runs@41', probabilities: [0.2, 0.8] },
      { kind: 'withdraw', externalId, marketKey: 'fancy:runs@41' },
      { kind: 'suspend', externalId, marketKey: 'match_odds', reason: 'Goal' },
      { kind: 'prices', externalId, marketKey: 'match_odds', probabilities: [0.7, 0.3] },
      { kind: 'prices', externalId, marketKey: 'fancy:runs@41', probabilities: [0.25, 0.75] },
    ];
    await together.runner.applyAll(moves(a.externalId));
    for (const update of moves(b.externalId)) await alone.runner.applyAll([update]);

    const state = async (ids: Record<string, string>) => {
      const markets = [];
      for (const key of ['match_odds', 'fancy:runs@40', 'fancy:runs@41']) {
        const [row] = await x.db.query(
          `SELECT status, feed_suspended, suspended_reason, suspensions, fair_probabilities
           FROM markets WHERE id = $1`,
          [ids[key]],
        );
        markets.push({ key, row, resting: await makerResting(ids[key] ?? '') });
      }
      return markets;
    };
    const after = await state(a.ids);
    expect(after).toEqual(await state(b.ids));
    expect(after.map((m) => m.resting.length)).toEqual([24, 2, 2]);
    expect(after[0]?.row).toMatchObject({ status: 'SUSPENDED', fair_probabilities: [0.7, 0.3] });
    expect(await auditLedger(x.db)).toEqual(SOUND_LEDGER);
  });

  it('matches a player’s resting order the new quotes cross, as a requote always did', async () => {
    const run = watchedRunner();
    const { externalId, markets, ids } = await fixture(run, 0);
    const marketId = ids.match_odds ?? '';
    const player = await demoPlayer(x);
    // Laying India at 1.5 while the house backs it near 3.4: the order rests.
    const placed = await x.call('POST', 'Bet/PlaceBetV2', {
      host: TEST_HOST,
      token: player.token,
      body: placeBody(marketId, 1, 'LAY', 1.5, 200),
    });
    expect(placed.body, JSON.stringify(placed.body.error)).toMatchObject({ success: true });
    const matched = () =>
      x.db.query<{ matched_minor: string }>(
        'SELECT matched_minor::text FROM bets WHERE market_id = $1 AND owner_id = $2',
        [marketId, player.id],
      );
    expect(await matched()).toEqual([{ matched_minor: '0' }]);

    // India now at 0.8: the house backs it near 1.27, and its new order takes the player's lay.
    run.forget();
    await run.runner.applyAll([
      { kind: 'prices', externalId, marketKey: markets[0]?.key ?? '', probabilities: [0.8, 0.2] },
    ]);
    expect(await matched()).toEqual([{ matched_minor: '20000' }]);
    expect(run.odds.map((push) => push.book)).toContain('play');
    expect(await auditLedger(x.db)).toEqual(SOUND_LEDGER);
  });
});
