/**
 * What operators do to markets from the back office: list them, suspend and resume them, settle
 * or void them by hand, and correct a wrong settlement (the book is in market-book.ts). Every
 * change is one transaction under the market's row lock that also runs the caller's `record`
 * (the admin module's audit entry) with the market before and after, so the action and its
 * audit commit together; watchers hear the market's status and prices once it commits.
 *
 * Settling by hand is the feed's settlement itself (`settleMarketResult`), so the feed's result
 * and an operator's, or two operators', can never both apply: the row lock lets one settle and
 * the others find the market settled — the feed then leaves it alone, an operator is refused.
 * Suspending by hand sets the operator's own hold (migration 0014), which the feed's resume does
 * not lift.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type {
  adminMarketRowSchema,
  marketListRowSchema,
  marketsQuerySchema,
} from '@backlay/contract/admin';
import type { MarketStatus, MarketType } from '@backlay/contract/sports';
import { fromMinorUnits } from '@backlay/exchange/money';
import type { Database, Queryable } from '../../db/database';
import { ApiError } from '../../http/api-error';
import type { DomainRules } from '../brands';
import { toMinor } from '../wallet';
import { setMarketOpen, settleMarketResult } from './market-lifecycle';
import { publishMarketOdds, publishMarketStatus, type MarketPublisher } from './market-pushes';
import { findMarket } from './market-rows';
import { correctMarketResult } from './settlement-correction';
import { SETTLED_BY_SQL, type Settler } from './settlement-runs';

export type AdminMarketRow = z.infer<typeof adminMarketRowSchema>;
export type MarketListRow = z.infer<typeof marketListRowSchema>;
export type MarketsQuery = z.output<typeof marketsQuerySchema>;

export interface MarketOperationsDeps {
  db: Database;
  rules: Pick<DomainRules, 'limits'>;
  /** The hub: market status and prices after each change. */
  publisher: MarketPublisher;
  log: Pick<FastifyBaseLogger, 'error'>;
}

/** The operator acting, as the settlement history names them. */
export interface ActingOperator {
  id: string | null;
  name: string;
}

export interface MarketAction {
  marketId: string;
  operator: ActingOperator;
  reason: string;
}

export interface ResultAction extends MarketAction {
  /** The winner, or null for void. */
  winnerRunnerId: number | null;
}

/** Writes the audit entry of a change, in the change's transaction (the admin module's). */
export type RecordChange = (
  tx: Queryable,
  change: { before: unknown; after: unknown },
) => Promise<void>;

export const ALREADY_SETTLED = 'This market is already settled.';

interface RawAdminRow {
  id: string;
  name: string;
  type: MarketType;
  event_id: string;
  event_name: string;
  sport_id: number;
  start_at: Date;
  status: MarketStatus;
  in_play: boolean;
  matched_minor: string;
  winner_runner_id: number | null;
  settled_by: 'feed' | 'operator' | null;
}

/**
 * A market as operators list it, over `m` (a market) and `e` (its event). Matched volume counts
 * the real-money book only: play money is not money, and demo players' volume would hide what
 * the market is worth to the house.
 */
const ADMIN_ROW_SQL = `SELECT m.id, m.name, m.type, m.event_id, e.title AS event_name, e.sport_id,
    e.start_at, m.status, m.in_play, m.winner_runner_id,
    (SELECT coalesce(sum(b.matched_minor), 0) FROM bets b
     WHERE b.market_id = m.id AND b.book = 'real' AND b.side = 'BACK' AND b.matched_minor > 0)
      AS matched_minor,
    ${SETTLED_BY_SQL} AS settled_by
  FROM markets m JOIN sport_events e ON e.id = m.event_id`;

function toAdminRow(row: RawAdminRow): AdminMarketRow {
  return {
    marketId: row.id,
    marketName: row.name,
    marketType: row.type,
    eventId: Number(row.event_id),
    eventName: row.event_name,
    sportId: row.sport_id,
    startAt: row.start_at.toISOString(),
    status: row.status,
    inPlay: row.in_play,
    matchedVolume: fromMinorUnits(toMinor(row.matched_minor)),
    winnerRunnerId: row.status === 'SETTLED' ? row.winner_runner_id : null,
    settledBy: row.settled_by,
  };
}

/** One market as operators see it, or undefined. */
export async function readAdminMarket(
  db: Queryable,
  marketId: string,
): Promise<AdminMarketRow | undefined> {
  const [row] = await db.query<RawAdminRow>(`${ADMIN_ROW_SQL} WHERE m.id = $1`, [marketId]);
  return row && toAdminRow(row);
}

/** SQL: a resting order on a market's side, in the real book (what the house quotes there). */
const RESTS_SQL = (side: 'BACK' | 'LAY') => `EXISTS (SELECT FROM bets b
    WHERE b.market_id = m.id AND b.book = 'real' AND b.side = '${side}'
      AND b.matched_minor + b.cancelled_minor < b.stake_minor)`;

/** A market's status by what is left to do with it: open first, settled last. */
const STATUS_RANK_SQL = `CASE l.status WHEN 'OPEN' THEN 0 WHEN 'SUSPENDED' THEN 1
    WHEN 'CLOSED' THEN 2 ELSE 3 END`;

/**
 * The markets list's query. A fancy session (its family: the event's FANCY markets of one name,
 * one per run value) is one row: the value the house offers No at now, else Yes at, else the
 * one with most left to do, with the run values it offers and has had, and the session's
 * matched volume. Markets in play come first, then those still to trade by start time (soonest
 * first), then the closed and settled ones (latest start first).
 */
const MARKET_LIST_SQL = `WITH listed AS (
    SELECT m.id, m.status, m.in_play, m.line, e.start_at,
      CASE WHEN m.type = 'FANCY' THEN m.event_id::text || ':' || m.name ELSE m.id END AS family,
      m.type = 'FANCY' AND ${RESTS_SQL('BACK')} AS offers_no,
      m.type = 'FANCY' AND ${RESTS_SQL('LAY')} AS offers_yes
    FROM markets m JOIN sport_events e ON e.id = m.event_id
    WHERE ($1::text IS NULL OR m.status = $1)
      AND ($2::int IS NULL OR e.sport_id = $2)
      AND ($3 = '' OR strpos(lower(e.title), lower($3)) > 0
        OR strpos(lower(m.name), lower($3)) > 0 OR m.id = $3)
  ), families AS (
    SELECT l.family, count(*)::int AS value_count,
      min(l.line) FILTER (WHERE l.offers_no) AS no_line,
      min(l.line) FILTER (WHERE l.offers_yes) AS yes_line,
      min(l.line) AS low_line, max(l.line) AS high_line
    FROM listed l GROUP BY l.family
  ), heads AS (
    SELECT DISTINCT ON (l.family) l.family, l.id, l.status, l.in_play, l.start_at FROM listed l
    ORDER BY l.family, l.offers_no DESC, l.offers_yes DESC, ${STATUS_RANK_SQL}, l.line, l.id
  ), page AS (
    SELECT h.family, h.id, f.value_count, f.no_line, f.yes_line, f.low_line, f.high_line,
      row_number() OVER (ORDER BY h.in_play DESC, h.status IN ('OPEN', 'SUSPENDED') DESC,
        CASE WHEN h.status IN ('OPEN', 'SUSPENDED') THEN h.start_at END ASC,
        h.start_at DESC, h.family, h.id) AS place
    FROM heads h JOIN families f ON f.family = h.family
    ORDER BY place LIMIT $4
  )
  SELECT m.id, m.name, m.type, m.event_id, e.title AS event_name, e.sport_id, e.start_at,
    m.status, m.in_play, m.winner_runner_id,
    (SELECT coalesce(sum(b.matched_minor), 0) FROM listed l
     JOIN bets b ON b.market_id = l.id AND b.book = 'real' AND b.side = 'BACK'
       AND b.matched_minor > 0
     WHERE l.family = p.family) AS matched_minor,
    ${SETTLED_BY_SQL} AS settled_by,
    p.value_count, p.no_line, p.yes_line, p.low_line, p.high_line
  FROM page p JOIN markets m ON m.id = p.id JOIN sport_events e ON e.id = m.event_id
  ORDER BY p.place`;

interface RawListRow extends RawAdminRow {
  value_count: number;
  no_line: string | null;
  yes_line: string | null;
  low_line: string | null;
  high_line: string | null;
}

/** A fancy value's line (V - 0.5) as the run value players name it by (V). */
const runsOf = (line: string) => Number(line) + 0.5;

function toListRow(row: RawListRow): MarketListRow {
  const market = toAdminRow(row);
  const fancy = market.marketType === 'FANCY' && row.low_line !== null && row.high_line !== null;
  return {
    ...market,
    fancyLine: fancy
      ? {
          values: row.value_count,
          noRuns: row.no_line === null ? null : runsOf(row.no_line),
          yesRuns: row.yes_line === null ? null : runsOf(row.yes_line),
          lowestRuns: runsOf(row.low_line ?? '0'),
          highestRuns: runsOf(row.high_line ?? '0'),
        }
      : null,
  };
}

/**
 * Markets for the back office (`MARKET_LIST_SQL`): by status, sport and part of the event's or
 * market's name (any case) or a market's id, at most `limit` rows, a fancy session one row.
 */
export async function listMarkets(
  db: Queryable,
  query: MarketsQuery,
): Promise<{ items: MarketListRow[] }> {
  const rows = await db.query<RawListRow>(MARKET_LIST_SQL, [
    query.status ?? null,
    query.sportId ?? null,
    query.q,
    query.limit,
  ]);
  return { items: rows.map(toListRow) };
}

interface LockedMarket {
  status: MarketStatus;
  feed_suspended: boolean;
  operator_suspended: boolean;
}

/**
 * Runs an operator's change to a market: in one transaction, locks the market's row, reads it,
 * makes the change, reads it again and records both; then tells the market's watchers.
 */
async function operate(
  deps: MarketOperationsDeps,
  marketId: string,
  record: RecordChange,
  change: (tx: Queryable, market: LockedMarket) => Promise<void>,
): Promise<AdminMarketRow> {
  const after = await deps.db.transaction(async (tx) => {
    const [locked] = await tx.query<LockedMarket>(
      `SELECT status, feed_suspended, operator_suspended FROM markets WHERE id = $1 FOR UPDATE`,
      [marketId],
    );
    const before = locked && (await readAdminMarket(tx, marketId));
    if (!locked || !before) throw new ApiError('NOT_FOUND', 'No such market.');
    await change(tx, locked);
    const now = await readAdminMarket(tx, marketId);
    if (!now) throw new Error(`market ${marketId} vanished`);
    await record(tx, { before, after: now });
    return now;
  });
  // The change is committed: a push that fails is logged, and the operator still hears it done.
  try {
    await publishMarketStatus(deps.db, deps.publisher, marketId);
    await publishMarketOdds(deps.db, deps.publisher, marketId);
  } catch (error) {
    deps.log.error({ err: error, marketId }, 'market push after an operator change failed');
  }
  return after;
}

function refuseUnlessOpenOrSuspended(market: LockedMarket): void {
  if (market.status === 'SETTLED') throw new ApiError('CONFLICT', ALREADY_SETTLED);
  if (market.status === 'CLOSED') throw new ApiError('CONFLICT', 'This market is closed.');
}

/**
 * Suspends a market on an operator's word: bets are refused (delayed in-play bets too) until an
 * operator resumes it, whatever the feed says meanwhile.
 */
export function suspendMarket(
  deps: MarketOperationsDeps,
  action: MarketAction,
  record: RecordChange,
): Promise<AdminMarketRow> {
  return operate(deps, action.marketId, record, async (tx, market) => {
    refuseUnlessOpenOrSuspended(market);
    if (market.operator_suspended) {
      throw new ApiError('CONFLICT', 'This market is already suspended by an operator.');
    }
    await setMarketOpen(tx, action.marketId, false, 'operator');
  });
}

/**
 * Lifts an operator's suspension. The market reopens unless the feed holds it suspended too (in
 * play, its prices would be stale): then it reopens when the feed resumes it.
 */
export function resumeMarket(
  deps: MarketOperationsDeps,
  action: MarketAction,
  record: RecordChange,
): Promise<AdminMarketRow> {
  return operate(deps, action.marketId, record, async (tx, market) => {
    refuseUnlessOpenOrSuspended(market);
    if (!market.operator_suspended) {
      throw new ApiError(
        'CONFLICT',
        market.status === 'SUSPENDED'
          ? 'The feed suspended this market: it reopens when the feed resumes it.'
          : 'This market is not suspended.',
      );
    }
    await setMarketOpen(tx, action.marketId, true, 'operator');
  });
}

const operatorSettler = (action: MarketAction): Settler => ({
  source: 'operator',
  operatorId: action.operator.id,
  operatorName: action.operator.name,
  reason: action.reason,
});

/**
 * Settles a market on an operator's result (`winnerRunnerId`, or null to void it) exactly as
 * the feed settles one. A market already settled — by the feed or another operator, even one a
 * moment ago — is refused (CONFLICT) and nothing moves.
 */
export function settleMarketByOperator(
  deps: MarketOperationsDeps,
  action: ResultAction,
  record: RecordChange,
): Promise<AdminMarketRow> {
  return operate(deps, action.marketId, record, async (tx, market) => {
    if (market.status === 'SETTLED') throw new ApiError('CONFLICT', ALREADY_SETTLED);
    const row = await findMarket(tx, action.marketId);
    const winner = action.winnerRunnerId;
    if (winner !== null && !row?.runners.some((runner) => runner.id === winner)) {
      throw new ApiError('VALIDATION_FAILED', 'That runner is not in this market.');
    }
    const settled = await settleMarketResult(
      tx,
      deps.rules,
      action.marketId,
      winner,
      operatorSettler(action),
    );
    if (!settled.settled) throw new Error(`market ${action.marketId} was not settled`);
  });
}

/**
 * Corrects a settled market's result to `winnerRunnerId` (null: void) by reversing transfers
 * (settlement-correction.ts). Refused (CONFLICT): a market not settled, the result it already
 * has, a correction a player's cash cannot cover.
 */
export function correctSettlement(
  deps: MarketOperationsDeps,
  action: ResultAction,
  record: RecordChange,
): Promise<AdminMarketRow> {
  return operate(deps, action.marketId, record, async (tx) => {
    await correctMarketResult(
      tx,
      deps.rules,
      action.marketId,
      action.winnerRunnerId,
      operatorSettler(action),
    );
  });
}
