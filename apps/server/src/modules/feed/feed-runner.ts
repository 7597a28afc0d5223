/**
 * Applies a feed's updates to the database and tells the hub: fixtures become events with their
 * markets and runners (a later 'market' adds one: a fancy session's new run value), statuses and
 * scores move the event, prices move the market maker's quotes (a 'withdraw' takes them away),
 * suspensions (with the feed's reason) and results move the market (a result settles it). In
 * order, under the markets' row locks, so it interleaves safely with players' bets: the market
 * moves (prices, withdrawals, suspensions, reopenings) and scores between two updates of another
 * kind go together in one transaction of a few statements (market-moves.ts), every other change
 * in a transaction of its own. The feed is anything producing `FeedUpdate`s: the built-in
 * simulator, or a real provider's adapter later.
 *
 * Applying updates again, in order, is harmless, so a feed resumed after a crash may repeat what
 * it applied after its last recorded mark: a fixture or market is inserted once (ON CONFLICT DO
 * NOTHING), a finished or cancelled event keeps its status, turning in play and settling leave a
 * market already in play or settled alone (settling is what moves players' money), suspending
 * and reopening only move a market that is open or suspended, and prices requote the market
 * maker, whose quotes end where they ended.
 */
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { SportId } from '@backlay/contract/sports';
import type { Database, Queryable } from '../../db/database';
import {
  FEED,
  lockMarketRow,
  publishMarketOdds,
  publishMarketStatus,
  setMarketOpen,
  settleMarketResult,
  turnInPlay,
  type MarketPublisher,
  type MarketRow,
} from '../exchange';
import type { DomainRules } from '../brands';
import { BOOKS, type Book } from '../wallet';
import { requote } from './market-maker';
import { applyMarketMoves, type MarketMove } from './market-moves';
import type { FeedFixture, FeedMarketSpec, FeedScore, FeedUpdate } from './simulator/types';

/** What the runner tells after commits; the app's hub. */
export type FeedPublisher = MarketPublisher;

export interface FeedRunnerDeps {
  db: Database;
  rules: Pick<DomainRules, 'limits'>;
  publisher: FeedPublisher;
  log: Pick<FastifyBaseLogger, 'error' | 'info'>;
  /** Prefixed to the feed's event ids, so two feeds (or two simulator runs) never collide. */
  idPrefix: string;
}

/** An update that moves one market, applied with the tick's others (market-moves.ts). */
type MarketMoveUpdate = Extract<FeedUpdate, { kind: 'prices' | 'withdraw' | 'suspend' | 'resume' }>;

function isMarketMove(update: FeedUpdate): update is MarketMoveUpdate {
  return (
    update.kind === 'prices' ||
    update.kind === 'withdraw' ||
    update.kind === 'suspend' ||
    update.kind === 'resume'
  );
}

function moveOf(update: MarketMoveUpdate): MarketMove {
  switch (update.kind) {
    case 'prices':
      return { kind: 'prices', probabilities: update.probabilities };
    case 'withdraw':
      return { kind: 'withdraw' };
    case 'suspend':
      return { kind: 'suspend', reason: update.reason };
    case 'resume':
      return { kind: 'resume' };
  }
}

/** Fair prices as a comparable key (null: withdrawn). */
const fairKey = (fair: readonly number[] | null) => JSON.stringify(fair);

/** The domain whose betting rules set market bet delays (the defaults). */
const RULES_DOMAIN = '';

/** An event (`e`) the feed still has to finish: not ended, or with a market not yet settled. */
const EVENT_STILL_OPEN = `(e.status IN ('UPCOMING', 'IN_PLAY')
  OR EXISTS (SELECT FROM markets m WHERE m.event_id = e.id AND m.status IN ('OPEN', 'SUSPENDED')))`;

export function createFeedRunner(deps: FeedRunnerDeps) {
  const { db, publisher, log } = deps;
  const eventIds = new Map<string, number>();
  const marketIds = new Map<string, string>();
  const marketKey = (externalId: string, key: string) => `${externalId}\n${key}`;
  /**
   * Each market's fair prices as this runner last wrote them: prices published again unchanged
   * (the simulator republishes quiet markets) move nothing and cost nothing. (So a quote a
   * player took part of is topped up at the market's next price move, not at a republish.)
   */
  const writtenFair = new Map<string, string>();
  /** The moves of the updates being applied, by market in order, waiting to go together. */
  const pendingMoves = new Map<string, MarketMove[]>();
  /** The latest score of each event (the feed's id) among the updates being applied. */
  const pendingScores = new Map<string, FeedScore>();

  const publishStatus = (marketId: string) => publishMarketStatus(db, publisher, marketId);
  const betDelayOf = (sportId: number) =>
    deps.rules.limits(RULES_DOMAIN, sportId as SportId, 'MATCH_ODDS').betDelaySeconds;
  const requoteBoth = async (tx: Queryable, market: MarketRow) => {
    for (const book of BOOKS) await requote(tx, market, book);
  };
  const publishOdds = (marketId: string, books: readonly Book[] = BOOKS) =>
    publishMarketOdds(db, publisher, marketId, books);

  /**
   * Inserts a market with its runners unless the event has it already; returns its id when it
   * was inserted. Without `sortOrder` it goes after the event's other markets.
   */
  async function insertMarket(
    tx: Queryable,
    eventId: number,
    spec: FeedMarketSpec,
    sortOrder: number | null,
  ): Promise<string | undefined> {
    const [market] = await tx.query<{ id: string }>(
      `INSERT INTO markets (event_id, market_key, type, name, status, line, fill_or_kill,
         sort_order)
       VALUES ($1, $2, $3, $4, 'OPEN', $5, $6, coalesce($7::int,
         (SELECT max(sort_order) + 1 FROM markets WHERE event_id = $1), 0))
       ON CONFLICT (event_id, market_key) DO NOTHING RETURNING id`,
      [eventId, spec.key, spec.type, spec.name, spec.line, spec.type !== 'MATCH_ODDS', sortOrder],
    );
    if (!market) return undefined;
    await tx.query(
      `INSERT INTO market_runners (market_id, runner_id, name, sort_order)
       SELECT $1, n, name, n FROM unnest($2::text[]) WITH ORDINALITY AS r (name, n)`,
      [market.id, spec.runners],
    );
    return market.id;
  }

  async function addFixture(fixture: FeedFixture): Promise<void> {
    const externalId = deps.idPrefix + fixture.externalId;
    await db.transaction(async (tx) => {
      const [event] = await tx.query<{ id: string }>(
        `INSERT INTO sport_events (external_id, sport_id, competition, title, participants,
           start_at, status, venue_time_zone)
         VALUES ($1, $2, $3, $4, $5, $6, 'UPCOMING', $7)
         ON CONFLICT (external_id) DO NOTHING RETURNING id`,
        [
          externalId,
          fixture.sportId,
          fixture.competition,
          fixture.title,
          fixture.participants,
          fixture.startAt,
          fixture.venueTimeZone,
        ],
      );
      if (!event) return;
      eventIds.set(fixture.externalId, Number(event.id));
      for (const [order, spec] of fixture.markets.entries()) {
        const marketId = await insertMarket(tx, Number(event.id), spec, order);
        if (marketId === undefined) throw new Error('a market was not created');
        marketIds.set(marketKey(fixture.externalId, spec.key), marketId);
      }
    });
  }

  /**
   * A market the feed adds to an event it announced earlier (a fancy session's new run value):
   * inserted once, and turned in play with the others when the event is in play. Both steps are
   * idempotent, so applying the update again after a crash between them completes it.
   */
  async function addMarket(externalId: string, spec: FeedMarketSpec): Promise<void> {
    const eventId = await eventIdOf(externalId);
    if (eventId === undefined) return;
    await db.transaction(async (tx) => {
      await insertMarket(tx, eventId, spec, null);
    });
    const marketId = await marketIdOf(externalId, spec.key);
    const [event] = await db.query<{ status: string; sport_id: number }>(
      'SELECT status, sport_id FROM sport_events WHERE id = $1',
      [eventId],
    );
    if (marketId === undefined || event?.status !== 'IN_PLAY') return;
    await onMarket(marketId, (tx) => turnInPlay(tx, marketId, betDelayOf(event.sport_id)));
  }

  async function eventIdOf(externalId: string): Promise<number | undefined> {
    const known = eventIds.get(externalId);
    if (known !== undefined) return known;
    const [row] = await db.query<{ id: string }>(
      'SELECT id FROM sport_events WHERE external_id = $1',
      [deps.idPrefix + externalId],
    );
    if (row) eventIds.set(externalId, Number(row.id));
    return row && Number(row.id);
  }

  async function marketIdOf(externalId: string, key: string): Promise<string | undefined> {
    const known = marketIds.get(marketKey(externalId, key));
    if (known !== undefined) return known;
    const eventId = await eventIdOf(externalId);
    if (eventId === undefined) return undefined;
    const [row] = await db.query<{ id: string }>(
      'SELECT id FROM markets WHERE event_id = $1 AND market_key = $2',
      [eventId, key],
    );
    if (row) marketIds.set(marketKey(externalId, key), row.id);
    return row?.id;
  }

  async function marketsOfEvent(eventId: number): Promise<{ id: string; sport_id: number }[]> {
    return db.query<{ id: string; sport_id: number }>(
      `SELECT m.id, e.sport_id FROM markets m JOIN sport_events e ON e.id = m.event_id
       WHERE m.event_id = $1 AND m.status IN ('OPEN', 'SUSPENDED')`,
      [eventId],
    );
  }

  /**
   * Runs one market change in a transaction and publishes the market's status and prices; the
   * wallet announces the players' new balances itself once the change commits.
   */
  async function onMarket(
    marketId: string,
    change: (tx: Queryable) => Promise<unknown>,
  ): Promise<void> {
    await db.transaction(change);
    await publishStatus(marketId);
    await publishOdds(marketId);
  }

  /**
   * One market move in a transaction of its own, publishing the market's status and prices: the
   * path a tick's moves take one by one when they fail together.
   */
  async function applyMove(marketId: string, move: MarketMove): Promise<void> {
    writtenFair.delete(marketId);
    switch (move.kind) {
      case 'prices':
      case 'withdraw': {
        // Withdrawn, a market keeps no quotes (the maker quotes nothing without fair prices),
        // and is listed no more, but stays to be settled. A suspended market takes no bets: its
        // new prices are quoted when it reopens, which every ball running does in seconds.
        const fair = move.kind === 'prices' ? move.probabilities : null;
        await onMarket(marketId, async (tx) => {
          const market = await lockMarketRow(tx, marketId);
          if (!market || market.status === 'CLOSED' || market.status === 'SETTLED') return;
          await tx.query('UPDATE markets SET fair_probabilities = $2 WHERE id = $1', [
            marketId,
            fair,
          ]);
          if (market.status === 'OPEN' || fair === null) {
            await requoteBoth(tx, { ...market, fairProbabilities: fair });
          }
        });
        return;
      }
      case 'suspend': {
        if (await setMarketOpen(db, marketId, false, 'feed', move.reason)) {
          await publishStatus(marketId);
        }
        return;
      }
      case 'resume': {
        // The feed lifts only its own hold: a market an operator suspended stays suspended. A
        // market that reopens is quoted again at once (prices published while it was suspended
        // placed no quotes).
        await onMarket(marketId, async (tx) => {
          if (!(await setMarketOpen(tx, marketId, true, 'feed'))) return;
          const market = await lockMarketRow(tx, marketId);
          if (market?.status === 'OPEN') await requoteBoth(tx, market);
        });
        return;
      }
    }
  }

  /** Keeps a market move for the tick's one write; prices it already has are dropped. */
  async function queueMove(update: MarketMoveUpdate): Promise<void> {
    const marketId = await marketIdOf(update.externalId, update.marketKey);
    if (marketId === undefined) return;
    const move = moveOf(update);
    const queued = pendingMoves.get(marketId) ?? [];
    if (move.kind === 'prices' || move.kind === 'withdraw') {
      const lastPriced = queued.findLast((m) => m.kind === 'prices' || m.kind === 'withdraw');
      const current =
        lastPriced === undefined
          ? writtenFair.get(marketId)
          : fairKey(lastPriced.kind === 'prices' ? lastPriced.probabilities : null);
      if (current === fairKey(move.kind === 'prices' ? move.probabilities : null)) return;
    }
    queued.push(move);
    pendingMoves.set(marketId, queued);
  }

  /**
   * Writes the queued scores (each event's latest) in one statement and applies the queued
   * market moves together; moves that fail together are applied again one by one, so one bad
   * market holds up no other.
   */
  async function flushPending(): Promise<void> {
    const scores = [...pendingScores].map(([id, score]) => ({
      externalId: deps.idPrefix + id,
      score,
    }));
    pendingScores.clear();
    if (pendingMoves.size === 0) {
      if (scores.length > 0) await applyMarketMoves(db, publisher, new Map(), scores);
      return;
    }
    const moves = new Map(pendingMoves);
    pendingMoves.clear();
    try {
      const { fairs } = await applyMarketMoves(db, publisher, moves, scores);
      for (const marketId of moves.keys()) {
        const fair = fairs.get(marketId);
        if (fair === undefined) writtenFair.delete(marketId);
        else writtenFair.set(marketId, fairKey(fair));
      }
    } catch (error) {
      log.error(
        { err: error, markets: moves.size },
        'the feed market moves failed together; applying them one by one',
      );
      for (const { externalId, score } of scores) {
        await db.query(
          'UPDATE sport_events SET score = $2, updated_at = now() WHERE external_id = $1',
          [externalId, JSON.stringify(score)],
        );
      }
      for (const [marketId, list] of moves) {
        for (const move of list) {
          try {
            await applyMove(marketId, move);
          } catch (failed) {
            log.error({ err: failed, update: move.kind }, 'feed update failed');
          }
          await yieldToEventLoop();
        }
      }
    }
  }

  async function apply(update: FeedUpdate): Promise<void> {
    switch (update.kind) {
      case 'fixture':
        return addFixture(update.fixture);
      case 'score': {
        await db.query(
          `UPDATE sport_events SET score = $2, updated_at = now() WHERE external_id = $1`,
          [deps.idPrefix + update.externalId, JSON.stringify(update.score)],
        );
        return;
      }
      case 'status': {
        const eventId = await eventIdOf(update.externalId);
        if (eventId === undefined) return;
        // A finished or cancelled event stays so, even when an older status is applied again.
        await db.query(
          `UPDATE sport_events SET status = $2, updated_at = now()
           WHERE id = $1 AND status NOT IN ('FINISHED', 'CANCELLED')`,
          [eventId, update.status],
        );
        if (update.status !== 'IN_PLAY') return;
        for (const market of await marketsOfEvent(eventId)) {
          const delay = betDelayOf(market.sport_id);
          await onMarket(market.id, (tx) => turnInPlay(tx, market.id, delay));
        }
        return;
      }
      case 'market':
        return addMarket(update.externalId, update.market);
      case 'prices':
      case 'withdraw':
      case 'suspend':
      case 'resume': {
        const marketId = await marketIdOf(update.externalId, update.marketKey);
        if (marketId !== undefined) await applyMove(marketId, moveOf(update));
        return;
      }
      case 'result': {
        const marketId = await marketIdOf(update.externalId, update.marketKey);
        if (marketId === undefined) return;
        writtenFair.delete(marketId);
        await onMarket(marketId, (tx) =>
          settleMarketResult(
            tx,
            deps.rules,
            marketId,
            update.winner === null ? null : update.winner + 1,
            FEED,
          ),
        );
        return;
      }
    }
  }

  return {
    /**
     * Applies updates in order; a failing update is logged and the rest still applied. Market
     * moves (prices, withdrawals, suspensions, reopenings) and scores are kept and written
     * together (`flushPending`) before the next update of another kind and at the end, so a
     * tick of a few hundred fancy lines is a few statements, and prices that did not change are
     * not written at all. Between the other updates it lets waiting requests in: the embedded
     * database answers without ever going back to the event loop, so applying a first picture
     * of every fixture would otherwise hold every player's request for as long as it takes.
     */
    async applyAll(updates: readonly FeedUpdate[]): Promise<void> {
      for (const update of updates) {
        try {
          if (isMarketMove(update)) {
            await queueMove(update);
            continue;
          }
          if (update.kind === 'score') {
            pendingScores.set(update.externalId, update.score);
            continue;
          }
          // A new market waits for no move; anything else comes after the moves before it.
          if (update.kind !== 'market') await flushPending();
          await apply(update);
        } catch (error) {
          log.error({ err: error, update: update.kind }, 'feed update failed');
        }
        await yieldToEventLoop();
      }
      try {
        await flushPending();
      } catch (error) {
        log.error({ err: error }, 'feed scores failed');
      }
    },

    /**
     * Abandons what runs of this feed that nobody can resume left open: the events (ids starting
     * with `family` but with none of `keep`) are cancelled and their open markets settled void,
     * so every hold is released and nothing waits for ever. Returns how many events.
     */
    async abandonOthers(family: string, keep: readonly string[]): Promise<number> {
      const stale = await db.query<{ id: string }>(
        `SELECT e.id FROM sport_events e
         WHERE starts_with(e.external_id, $1)
           AND NOT EXISTS (SELECT FROM unnest($2::text[]) AS k (prefix)
                           WHERE starts_with(e.external_id, k.prefix))
           AND ${EVENT_STILL_OPEN}`,
        [family, keep],
      );
      for (const event of stale) {
        await db.query(
          `UPDATE sport_events SET status = 'CANCELLED', updated_at = now()
           WHERE id = $1 AND status IN ('UPCOMING', 'IN_PLAY')`,
          [event.id],
        );
        for (const market of await marketsOfEvent(Number(event.id))) {
          await onMarket(market.id, (tx) =>
            settleMarketResult(tx, deps.rules, market.id, null, FEED),
          );
        }
      }
      return stale.length;
    },

    /** The feed's ids of this prefix's events still open (or with a market still open). */
    async openEventIds(): Promise<string[]> {
      const rows = await db.query<{ external_id: string }>(
        `SELECT e.external_id FROM sport_events e
         WHERE starts_with(e.external_id, $1) AND ${EVENT_STILL_OPEN}
         ORDER BY e.id`,
        [deps.idPrefix],
      );
      return rows.map((row) => row.external_id.slice(deps.idPrefix.length));
    },

    /** The titles of those of these events (the feed's ids) that exist, by the feed's id. */
    async titlesOf(externalIds: readonly string[]): Promise<Map<string, string>> {
      const rows = await db.query<{ external_id: string; title: string }>(
        'SELECT external_id, title FROM sport_events WHERE external_id = ANY($1::text[])',
        [externalIds.map((id) => deps.idPrefix + id)],
      );
      return new Map(rows.map((row) => [row.external_id.slice(deps.idPrefix.length), row.title]));
    },
  };
}

export type FeedRunner = ReturnType<typeof createFeedRunner>;
