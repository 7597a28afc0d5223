/**
 * A tick's market moves — new prices, withdrawn values, the feed's suspensions and reopenings —
 * of every market they touch, applied in one transaction of a few statements: one reads and
 * locks the markets (with their resting orders and the market maker's position), one writes
 * every market's new state and every changed quote (cancels and new orders alike), one posts the
 * market maker's new holds. Applied one by one, a tick of a few hundred fancy lines cost a few
 * hundred transactions of several statements each, which kept the embedded database busy with
 * nobody playing.
 *
 * Each market's moves are replayed in memory in their order, by the rules the one-at-a-time path
 * follows (feed-runner.ts and `setMarketOpen`): prices on an open market (and any withdrawal)
 * requote it, a suspension keeps its quotes, a reopening requotes it, a closed or settled market
 * moves no more. Only the market maker's quotes as the last requote left them are written, and
 * of those only the ones that differ from what rests: a runner whose price did not move keeps its
 * orders (and their place in the queue), and a line whose prices did not move a quote costs its
 * row in the read and nothing else. A market where players have orders resting in the book is
 * requoted by `requote` (market-maker.ts), which matches them as takers.
 *
 * Watchers hear what changed once it commits: each status change in order, and the prices of a
 * book whose quotes changed; nothing when nothing changed.
 */
import { randomUUID } from 'node:crypto';
import type { MarketStatus, MarketType } from '@backlay/contract/sports';
import { reHold, type MatchedBet } from '@backlay/exchange/position';
import type { Database, Queryable } from '../../db/database';
import {
  lockMarketRow,
  readOdds,
  toHubOdds,
  type MarketPublisher,
  type MarketRow,
} from '../exchange';
import {
  BOOKS,
  ensurePlayerAccounts,
  exposureMovesStatement,
  lockAccounts,
  readExposureMoves,
  toMinor,
  type Book,
  type ExposureMove,
  type ExposureMoveRow,
} from '../wallet';
import {
  ensureFunded,
  FUNDING_MINOR,
  MARKET_MAKER_DOMAIN,
  MARKET_MAKER_OWNERS,
  quotesFor,
  requote,
  quoteChanges,
  type Quote,
} from './market-maker';
import type { FeedScore } from './simulator/types';

/** What the feed can do to one market within a tick. */
export type MarketMove =
  | { kind: 'prices'; probabilities: number[] }
  | { kind: 'withdraw' }
  | { kind: 'suspend'; reason: string }
  | { kind: 'resume' };

/** The columns of a market its moves change, as they stand. */
export interface MarketState {
  status: MarketStatus;
  feedSuspended: boolean;
  operatorSuspended: boolean;
  /** The feed's reason while it holds the market (the column, kept past a settlement). */
  suspendedReason: string | null;
  fair: number[] | null;
}

export interface ReplayedMoves {
  state: MarketState;
  /** How many times the market went from open to suspended (what refuses delayed bets). */
  suspensionsAdded: number;
  /** Each change of status or reason, in order, as watchers are told it. */
  statusChanges: { status: MarketStatus; reason: string | null }[];
  /** The market as the last requote saw it, or null when no move requoted it. */
  requotedAt: { status: MarketStatus; fair: number[] | null } | null;
}

/**
 * A market's moves replayed on its state, as the one-at-a-time path applies them: pure, so the
 * batch and that path can be held to the same rules in tests.
 */
export function replayMoves(initial: MarketState, moves: readonly MarketMove[]): ReplayedMoves {
  const state = { ...initial };
  const replayed: ReplayedMoves = {
    state,
    suspensionsAdded: 0,
    statusChanges: [],
    requotedAt: null,
  };
  /** `setMarketOpen(…, open, 'feed', reason)`: whether the status or the reason changed. */
  const feedHolds = (holds: boolean, reason: string | null): boolean => {
    const was = { status: state.status, reason: state.suspendedReason };
    state.feedSuspended = holds;
    state.suspendedReason = holds ? reason : null;
    state.status = holds || state.operatorSuspended ? 'SUSPENDED' : 'OPEN';
    if (was.status === 'OPEN' && state.status === 'SUSPENDED') replayed.suspensionsAdded++;
    const changed = was.status !== state.status || was.reason !== state.suspendedReason;
    if (changed) {
      replayed.statusChanges.push({
        status: state.status,
        reason: state.status === 'SUSPENDED' ? state.suspendedReason : null,
      });
    }
    return changed;
  };
  for (const move of moves) {
    // A closed or settled market keeps what it has.
    if (state.status !== 'OPEN' && state.status !== 'SUSPENDED') break;
    switch (move.kind) {
      case 'prices':
      case 'withdraw': {
        state.fair = move.kind === 'prices' ? [...move.probabilities] : null;
        // A suspended market's new prices are quoted when it reopens; a withdrawal empties it.
        if (state.status === 'OPEN' || state.fair === null) {
          replayed.requotedAt = { status: state.status, fair: state.fair };
        }
        break;
      }
      case 'suspend':
        feedHolds(true, move.reason);
        break;
      case 'resume':
        if (feedHolds(false, null) && state.status === 'OPEN') {
          replayed.requotedAt = { status: 'OPEN', fair: state.fair };
        }
        break;
    }
  }
  return replayed;
}

interface RestingJson {
  id: number | string;
  book: Book;
  owner_id: string;
  runner_id: number;
  side: 'BACK' | 'LAY';
  price_tick: number;
  rest: number | string;
}

interface FillJson {
  book: Book;
  runner_id: number;
  side: 'back' | 'lay';
  price_tick: number;
  stake: number | string;
}

interface AccountJson {
  id: string;
  book: Book;
  kind: 'player_cash' | 'player_exposure';
  balance: number | string | null;
}

interface MarketMovesRow {
  id: string;
  type: MarketType;
  status: MarketStatus;
  in_play: boolean;
  feed_suspended: boolean;
  operator_suspended: boolean;
  suspended_reason: string | null;
  fair_probabilities: number[] | null;
  runners: MarketRow['runners'];
  resting: RestingJson[];
  maker_fills: FillJson[];
  maker_held: Partial<Record<Book, number | string>>;
  maker_accounts: AccountJson[];
}

/**
 * The markets locked (in id order, as no key update: new bets may still reference them) with
 * what their moves need: their runners, every resting order, and the market maker's fills and
 * holds on each; and, once, the market maker's accounts. $1 the market ids, $2 the market
 * maker's owner ids, $3 its domain.
 */
const READ_AND_LOCK = `
  SELECT m.id, m.type, m.status, m.in_play, m.feed_suspended, m.operator_suspended,
    m.suspended_reason, m.fair_probabilities,
    (SELECT coalesce(json_agg(json_build_object('id', r.runner_id, 'name', r.name,
       'sortOrder', r.sort_order) ORDER BY r.sort_order), '[]'::json)
     FROM market_runners r WHERE r.market_id = m.id) AS runners,
    (SELECT coalesce(json_agg(json_build_object('id', b.id, 'book', b.book,
       'owner_id', b.owner_id, 'runner_id', b.runner_id, 'side', b.side,
       'price_tick', b.price_tick, 'rest', b.stake_minor - b.matched_minor - b.cancelled_minor)
       ORDER BY b.id), '[]'::json)
     FROM bets b
     WHERE b.market_id = m.id AND b.matched_minor + b.cancelled_minor < b.stake_minor) AS resting,
    (SELECT coalesce(json_agg(json_build_object('book', b.book, 'runner_id', f.runner_id,
       'side', lower(b.side), 'price_tick', f.price_tick, 'stake', f.stake_minor)), '[]'::json)
     FROM bets b CROSS JOIN LATERAL (
       SELECT f.runner_id, f.price_tick, f.stake_minor FROM bet_fills f
       WHERE b.side = 'BACK' AND f.back_bet_id = b.id
       UNION ALL
       SELECT f.runner_id, f.price_tick, f.stake_minor FROM bet_fills f
       WHERE b.side = 'LAY' AND f.lay_bet_id = b.id) f
     WHERE b.market_id = m.id AND b.owner_id = ANY ($2::uuid[]) AND b.matched_minor > 0)
     AS maker_fills,
    (SELECT coalesce(json_object_agg(a.book, (SELECT coalesce(sum(e.amount_minor), 0)
       FROM ledger_entries e WHERE e.account_id = a.id AND e.reference = m.id)), '{}'::json)
     FROM ledger_accounts a
     WHERE a.domain = $3 AND a.owner_id = ANY ($2::uuid[]) AND a.kind = 'player_exposure')
     AS maker_held,
    (SELECT coalesce(json_agg(json_build_object('id', a.id, 'book', a.book, 'kind', a.kind,
       'balance', a.balance_minor)), '[]'::json)
     FROM ledger_accounts a
     WHERE a.domain = $3 AND a.owner_id = ANY ($2::uuid[])
       AND a.kind IN ('player_cash', 'player_exposure')) AS maker_accounts
  FROM markets m WHERE m.id = ANY ($1::text[])
  ORDER BY m.id FOR NO KEY UPDATE OF m`;

/** How many parameters WRITE_SQL's own parts take; the holds' and scores' follow. */
const WRITE_PARAMS = 18;

/**
 * Every market's new state (a version bump where its book changed, so a placement that read
 * the book before knows to read it again), the market maker's old quotes cancelled and its new
 * ones resting, the events' scores, and (`ledger`: a batch hold statement, its parameters from
 * WRITE_PARAMS + 1) the market maker's holds, in one statement. The holds touch only the
 * ledger's tables, the other parts none of them, so no part depends on another's writes.
 */
const writeSql = (ledger: string | null) => `
  WITH markets_moved AS (
    UPDATE markets m SET status = u.status, feed_suspended = u.feed,
      suspended_reason = u.reason, suspensions = m.suspensions + u.added,
      fair_probabilities = u.fair::double precision[],
      version = m.version + CASE WHEN u.book_changed THEN 1 ELSE 0 END
    FROM unnest($1::text[], $2::text[], $3::boolean[], $4::text[], $5::int[], $6::text[],
      $7::boolean[]) AS u (id, status, feed, reason, added, fair, book_changed)
    WHERE m.id = u.id
    RETURNING m.id
  ), quotes_cancelled AS (
    UPDATE bets SET cancelled_minor = stake_minor - matched_minor
    WHERE id = ANY ($8::bigint[]) AND matched_minor + cancelled_minor < stake_minor
    RETURNING id
  ), quotes_placed AS (
    INSERT INTO bets (market_id, runner_id, domain, book, owner_id, is_house, side, price_tick,
      stake_minor, keep_in_play)
    SELECT u.market_id, u.runner_id, $9, u.book, u.owner_id, true, u.side, u.price_tick,
      u.stake_minor, true
    FROM unnest($10::text[], $11::int[], $12::text[], $13::uuid[], $14::text[], $15::smallint[],
      $16::bigint[]) AS u (market_id, runner_id, book, owner_id, side, price_tick, stake_minor)
    RETURNING id
  ), scores_set AS (
    UPDATE sport_events e SET score = u.score, updated_at = now()
    FROM unnest($17::text[], $18::jsonb[]) AS u (external_id, score)
    WHERE e.external_id = u.external_id
    RETURNING e.id
  )${ledger === null ? '' : `, ledger AS (${ledger})`}
  SELECT (SELECT count(*) FROM markets_moved) AS markets,
    (SELECT count(*) FROM quotes_cancelled) AS cancelled,
    (SELECT count(*) FROM quotes_placed) AS placed,
    (SELECT count(*) FROM scores_set) AS scores,
    ${
      ledger === null
        ? "'[]'::json"
        : `(SELECT coalesce(json_agg(json_build_object('n', l.n, 'result', l.result,
             'transfer_domain', l.transfer_domain, 'transfer_book', l.transfer_book,
             'figures', l.figures) ORDER BY l.n), '[]'::json) FROM ledger l)`
    } AS holds`;

/** Fair prices as a PostgreSQL array literal; a JS number's shortest form reads back exactly. */
const arrayLiteral = (values: readonly number[] | null) =>
  values === null ? null : `{${values.join(',')}}`;

const sameFair = (a: readonly number[] | null, b: readonly number[] | null) =>
  a === null || b === null ? a === b : a.length === b.length && a.every((p, i) => p === b[i]);

/** What one market's moves come to, worked out from its locked row. */
interface MarketPlan {
  row: MarketMovesRow;
  replayed: ReplayedMoves;
  stateChanged: boolean;
  /** Books whose quotes this batch rewrites, and those `requote` rewrites (players rest). */
  batchBooks: Book[];
  requoteBooks: Book[];
  /**
   * Per book whose quotes change: the quotes that should rest, and the market maker's orders
   * to cancel and quotes to add for that (orders already resting as wanted stay).
   */
  quotes: Map<Book, { wanted: Quote[]; cancel: number[]; place: Quote[] }>;
}

function planMarket(row: MarketMovesRow, moves: readonly MarketMove[]): MarketPlan {
  const initial: MarketState = {
    status: row.status,
    feedSuspended: row.feed_suspended,
    operatorSuspended: row.operator_suspended,
    suspendedReason: row.suspended_reason,
    fair: row.fair_probabilities,
  };
  const replayed = replayMoves(initial, moves);
  const { state } = replayed;
  const plan: MarketPlan = {
    row,
    replayed,
    stateChanged:
      state.status !== initial.status ||
      state.feedSuspended !== initial.feedSuspended ||
      state.suspendedReason !== initial.suspendedReason ||
      replayed.suspensionsAdded > 0 ||
      !sameFair(state.fair, initial.fair),
    batchBooks: [],
    requoteBooks: [],
    quotes: new Map(),
  };
  const at = replayed.requotedAt;
  if (at === null) return plan;
  const wanted =
    at.status === 'OPEN'
      ? quotesFor({ type: row.type, runners: row.runners, fairProbabilities: at.fair })
      : [];
  for (const book of BOOKS) {
    const inBook = row.resting.filter((order) => order.book === book);
    const resting = inBook
      .filter((order) => order.owner_id === MARKET_MAKER_OWNERS[book])
      .map((order) => ({
        betId: Number(order.id),
        runnerId: order.runner_id,
        side: order.side === 'BACK' ? ('back' as const) : ('lay' as const),
        priceTick: order.price_tick,
        stakeMinor: toMinor(order.rest),
      }));
    const { cancel, place } = quoteChanges(resting, wanted);
    if (cancel.length === 0 && place.length === 0) continue;
    // New quotes are takers: where players rest, they may match, which `requote` handles.
    const playersRest = inBook.length > resting.length;
    (playersRest ? plan.requoteBooks : plan.batchBooks).push(book);
    plan.quotes.set(book, { wanted, cancel: cancel.map((order) => order.betId), place });
  }
  return plan;
}

/** The market maker's hold move on a market in one book, if its exposure changes. */
function holdDelta(plan: MarketPlan, book: Book): number {
  const { row } = plan;
  const wanted = plan.quotes.get(book)?.wanted ?? [];
  const matched: MatchedBet[] = row.maker_fills
    .filter((fill) => fill.book === book)
    .map((fill) => ({
      runnerId: fill.runner_id,
      side: fill.side,
      priceTick: fill.price_tick,
      stakeMinor: toMinor(fill.stake),
    }));
  const runnerIds = row.runners.map((runner) => runner.id);
  return reHold(runnerIds, { matched, unmatched: wanted }, toMinor(row.maker_held[book] ?? 0))
    .deltaMinor;
}

/** The market maker's cash and exposure account ids per book, funded for what it holds next. */
async function makerAccounts(
  tx: Queryable,
  rows: readonly MarketMovesRow[],
  books: readonly Book[],
): Promise<Map<Book, { cashId: string; exposureId: string }>> {
  const found = rows[0]?.maker_accounts ?? [];
  const accounts = new Map<Book, { cashId: string; exposureId: string }>();
  for (const book of books) {
    const cash = found.find((a) => a.book === book && a.kind === 'player_cash');
    const exposure = found.find((a) => a.book === book && a.kind === 'player_exposure');
    if (cash && exposure && toMinor(cash.balance ?? 0) >= FUNDING_MINOR / 2) {
      accounts.set(book, { cashId: cash.id, exposureId: exposure.id });
      continue;
    }
    // A first quote or a maker running low (rare): funded and its accounts read as usual.
    await ensureFunded(tx, book);
    const ids = await ensurePlayerAccounts(tx, {
      domain: MARKET_MAKER_DOMAIN,
      ownerId: MARKET_MAKER_OWNERS[book],
      book,
    });
    accounts.set(book, { cashId: ids.cashId, exposureId: ids.exposureId });
  }
  return accounts;
}

export interface MarketMovesApplied {
  /** Markets whose state or quotes were written. */
  marketsWritten: number;
  quotesCancelled: number;
  quotesPlaced: number;
  /** Each market's fair prices now, for those still open or suspended. */
  fairs: Map<string, number[] | null>;
}

/** An event's latest score, by its id in the database (sport_events.external_id). */
export interface EventScore {
  externalId: string;
  score: FeedScore;
}

/**
 * Applies each market's moves (in their order; markets in any order), and sets the events'
 * scores, in one transaction, and tells watchers what changed once it commits. Throws when anything fails, having changed
 * nothing: the caller may then apply the moves one by one.
 */
export async function applyMarketMoves(
  db: Database,
  publisher: MarketPublisher,
  moves: ReadonlyMap<string, readonly MarketMove[]>,
  scores: readonly EventScore[] = [],
): Promise<MarketMovesApplied> {
  const applied = { marketsWritten: 0, quotesCancelled: 0, quotesPlaced: 0 };
  const fairs = new Map<string, number[] | null>();
  if (moves.size === 0 && scores.length === 0) return { ...applied, fairs };
  const makers = BOOKS.map((book) => MARKET_MAKER_OWNERS[book]);
  const plans = await db.transaction(async (tx) => {
    const rows =
      moves.size === 0
        ? []
        : await tx.query<MarketMovesRow>(READ_AND_LOCK, [
            [...moves.keys()],
            makers,
            MARKET_MAKER_DOMAIN,
          ]);
    const plans = rows.map((row) => planMarket(row, moves.get(row.id) ?? []));
    const written = plans.filter((plan) => plan.stateChanged || plan.batchBooks.length > 0);
    const requoting = plans.some((plan) => plan.requoteBooks.length > 0);
    if (written.length === 0 && scores.length === 0 && !requoting) return plans;

    const cancels: number[] = [];
    const placed: { marketId: string; book: Book; quote: Quote }[] = [];
    const holds: { marketId: string; book: Book; deltaMinor: number }[] = [];
    for (const plan of plans) {
      for (const book of plan.batchBooks) {
        const { cancel, place } = plan.quotes.get(book) ?? { cancel: [], place: [] };
        cancels.push(...cancel);
        placed.push(...place.map((quote) => ({ marketId: plan.row.id, book, quote })));
        const deltaMinor = holdDelta(plan, book);
        if (deltaMinor !== 0) holds.push({ marketId: plan.row.id, book, deltaMinor });
      }
    }
    const holdBooks = [...new Set(holds.map((hold) => hold.book))];
    const accounts = await makerAccounts(tx, rows, holdBooks);

    let ledger: { sql: string; params: unknown[] } | null = null;
    if (holds.length > 0) {
      // Locked before the bets are written, as a placement does: market, then accounts.
      if (db.kind === 'postgres') {
        await lockAccounts(
          tx,
          [...accounts.values()].flatMap((a) => [a.cashId, a.exposureId]),
        );
      }
      const cause = randomUUID();
      const exposureMoves: ExposureMove[] = holds.map((hold) => {
        const account = accounts.get(hold.book);
        if (!account) throw new Error(`no market maker accounts in ${hold.book}`);
        return {
          cashAccountId: account.cashId,
          exposureAccountId: account.exposureId,
          deltaMinor: hold.deltaMinor,
          idempotencyKey: `exposure:quote:${cause}:${hold.marketId}:${hold.book}`,
          reference: hold.marketId,
        };
      });
      const statement = exposureMovesStatement('', exposureMoves);
      ledger = {
        sql: statement.sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + WRITE_PARAMS}`),
        params: statement.params,
      };
    }
    const [counts] = await tx.query<{
      markets: string;
      cancelled: string;
      placed: string;
      scores: string;
      holds: ExposureMoveRow[];
    }>(writeSql(ledger?.sql ?? null), [
      written.map((plan) => plan.row.id),
      written.map((plan) => plan.replayed.state.status),
      written.map((plan) => plan.replayed.state.feedSuspended),
      written.map((plan) => plan.replayed.state.suspendedReason),
      written.map((plan) => plan.replayed.suspensionsAdded),
      written.map((plan) => arrayLiteral(plan.replayed.state.fair)),
      written.map((plan) => plan.batchBooks.length > 0),
      cancels,
      MARKET_MAKER_DOMAIN,
      placed.map((p) => p.marketId),
      placed.map((p) => p.quote.runnerId),
      placed.map((p) => p.book),
      placed.map((p) => MARKET_MAKER_OWNERS[p.book]),
      placed.map((p) => (p.quote.side === 'back' ? 'BACK' : 'LAY')),
      placed.map((p) => p.quote.priceTick),
      placed.map((p) => p.quote.stakeMinor),
      scores.map((score) => score.externalId),
      scores.map((score) => JSON.stringify(score.score)),
      ...(ledger?.params ?? []),
    ]);
    if (
      Number(counts?.markets) !== written.length ||
      Number(counts?.cancelled) !== cancels.length ||
      Number(counts?.placed) !== placed.length
    ) {
      throw new Error('the market moves wrote other rows than planned');
    }
    if (ledger !== null) readExposureMoves(tx, counts?.holds ?? [], holds.length);

    // Where players rest, each book is requoted as its last move saw the market.
    for (const plan of plans) {
      const at = plan.replayed.requotedAt;
      if (plan.requoteBooks.length === 0 || at === null) continue;
      const market = await lockMarketRow(tx, plan.row.id);
      if (!market) continue;
      for (const book of plan.requoteBooks) {
        await requote(tx, { ...market, status: at.status, fairProbabilities: at.fair }, book);
      }
    }
    applied.marketsWritten = written.length;
    applied.quotesCancelled = cancels.length;
    applied.quotesPlaced = placed.length;
    return plans;
  });

  for (const plan of plans) {
    for (const change of plan.replayed.statusChanges) {
      await publisher.publishMarketStatus({
        MarketId: plan.row.id,
        Status: change.status === 'OPEN' ? 'open' : 'suspended',
        InPlay: plan.row.in_play,
        Reason: change.reason,
        PublishedAt: Date.now(),
      });
    }
    const { status, fair } = plan.replayed.state;
    if (status === 'OPEN' || status === 'SUSPENDED') fairs.set(plan.row.id, fair);
  }
  // The prices of every book whose quotes changed and that someone watches, read per book.
  for (const book of BOOKS) {
    const changed = plans
      .filter((plan) => plan.batchBooks.includes(book) || plan.requoteBooks.includes(book))
      .map((plan) => plan.row.id)
      .filter((marketId) => publisher.isWatched?.(marketId, book) ?? true);
    for (const odds of await readOdds(db, changed, book)) {
      await publisher.publishMarketOdds(toHubOdds(odds), book);
    }
  }
  return { ...applied, fairs };
}
