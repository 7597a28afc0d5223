/**
 * A player's position on one market, read from their bets and fills, and the exposure hold that
 * follows it. The ledger holds, per player and market (reference = market id), exactly the
 * market's exposure: the worst runner of the matched position plus every unmatched remainder
 * (packages/exchange/position.ts). After anything changes a position — a placement, a fill, a
 * cancel, a lapse — `syncExposure` moves the hold to the new figure, so available balance always
 * covers the worst case and settlement releases precisely what is held.
 */
import {
  reHold,
  ifWinMinor,
  type MatchedBet,
  type UnmatchedOrder,
} from '@backlay/exchange/position';
import type { Queryable } from '../../db/database';
import { moveExposure, toMinor, type Book, type TransferResult } from '../wallet';

/** Whose position: a player, or the market maker (a house owner with its own ledger accounts). */
export interface Owner {
  ownerId: string;
  domain: string;
  book: Book;
  isHouse: boolean;
}

export interface Position {
  matched: MatchedBet[];
  unmatched: UnmatchedOrder[];
}

export interface PositionRow {
  kind: 'fill' | 'rest' | 'held';
  runner_id: number;
  side: 'back' | 'lay';
  price_tick: number;
  stake_minor: string | number;
}

/**
 * The rows of some owners' positions on one market (each with its `owner_id`): their fills, one
 * row each (settlement rounds per fill), their unmatched remainders, and, given their domains and
 * book, what the ledger holds for the market on each one's exposure account (see
 * heldForReference). The arguments are SQL expressions: the market id, an array of owner ids,
 * an array of their domains (in the same order) and the book.
 */
function positionRowsSql(
  market: string,
  owners: string,
  held?: { domains: string; book: string },
): string {
  // Each owner's bets on the market by one probe of bets_by_market_owner (OFFSET 0: a plan
  // made while the table was small would otherwise scan the market's whole book and filter),
  // and the fills of only those bets that matched, each from the one side the bet was on.
  const rows = `
  WITH mine AS MATERIALIZED (
    SELECT b.* FROM unnest(${owners}) AS o (owner_id)
    CROSS JOIN LATERAL (
      SELECT b.id, b.owner_id, b.runner_id, b.side, b.price_tick, b.matched_minor,
        b.stake_minor - b.matched_minor - b.cancelled_minor AS rest_minor
      FROM bets b WHERE b.market_id = ${market} AND b.owner_id = o.owner_id
      OFFSET 0) b)
  SELECT m.owner_id, 'fill' AS kind, f.runner_id, lower(m.side) AS side, f.price_tick,
    f.stake_minor
  FROM mine m CROSS JOIN LATERAL (
    SELECT f.runner_id, f.price_tick, f.stake_minor FROM bet_fills f
    WHERE m.side = 'BACK' AND f.back_bet_id = m.id
    UNION ALL
    SELECT f.runner_id, f.price_tick, f.stake_minor FROM bet_fills f
    WHERE m.side = 'LAY' AND f.lay_bet_id = m.id) f
  WHERE m.matched_minor > 0
  UNION ALL
  SELECT m.owner_id, 'rest', m.runner_id, lower(m.side), m.price_tick, m.rest_minor
  FROM mine m WHERE m.rest_minor > 0`;
  if (!held) return rows;
  return `${rows}
  UNION ALL
  SELECT o.owner_id, 'held', 0, 'back', 0,
    (SELECT coalesce(sum(e.amount_minor), 0) FROM ledger_entries e
     WHERE e.account_id = a.id AND e.reference = ${market})
  FROM ${playerAccountsSql(owners, held.domains, held.book, "ARRAY['player_exposure']")}`;
}

/**
 * SQL for a FROM clause: some owners' player accounts of the given kinds in one book, as rows
 * `o` (owner_id, domain) and `a` (id, kind, balance_minor), found by one index probe per owner.
 * (OFFSET 0 keeps the planner from merging the probes into one scan of every account of the
 * book, which a plan made while the table was small would keep doing as it grows.) The
 * arguments are SQL expressions: owner ids and their domains as arrays, the book, the kinds.
 */
export function playerAccountsSql(
  owners: string,
  domains: string,
  book: string,
  kinds: string,
): string {
  return `unnest(${owners}, ${domains}) AS o (owner_id, domain)
  CROSS JOIN LATERAL (
    SELECT acc.id, acc.kind, acc.balance_minor FROM ledger_accounts acc
    WHERE acc.domain = o.domain AND acc.owner_id = o.owner_id AND acc.book = ${book}
      AND acc.kind = ANY (${kinds})
    OFFSET 0) a`;
}

const POSITION_SQL = positionRowsSql('$1', '$2::uuid[]');
const POSITION_AND_HOLD_SQL = positionRowsSql('$1', '$2::uuid[]', {
  domains: '$3::text[]',
  book: '$4::text',
});

function toPosition(rows: PositionRow[]): Position & { heldMinor: number } {
  const position = { matched: [] as MatchedBet[], unmatched: [] as UnmatchedOrder[], heldMinor: 0 };
  for (const row of rows) {
    if (row.kind === 'held') {
      position.heldMinor = toMinor(row.stake_minor);
      continue;
    }
    const entry = {
      runnerId: row.runner_id,
      side: row.side,
      priceTick: row.price_tick,
      stakeMinor: toMinor(row.stake_minor),
    };
    (row.kind === 'fill' ? position.matched : position.unmatched).push(entry);
  }
  return position;
}

/**
 * Some owners' positions and holds (positionRowsSql's rows) as one JSON value, for a caller
 * reading them with other things in one round trip; `positionFromJson` reads one owner's.
 */
export const POSITION_JSON_SQL = (market: string, owners: string, domains: string, book: string) =>
  `(SELECT coalesce(json_agg(p), '[]'::json) FROM (${positionRowsSql(market, owners, {
    domains,
    book,
  })}) p)`;

export function positionFromJson(rows: PositionRow[]): Position & { heldMinor: number } {
  return toPosition(rows);
}

/** The owner's fills (one entry each, as settlement rounds per fill) and unmatched remainders. */
export async function loadPosition(
  db: Queryable,
  marketId: string,
  ownerId: string,
): Promise<Position> {
  return toPosition(await db.query<PositionRow>(POSITION_SQL, [marketId, [ownerId]]));
}

/** The owner's position and what the ledger holds for it, in one round trip. */
export async function loadPositionAndHold(
  db: Queryable,
  marketId: string,
  owner: Owner,
): Promise<Position & { heldMinor: number }> {
  return toPosition(
    await db.query<PositionRow>(POSITION_AND_HOLD_SQL, [
      marketId,
      [owner.ownerId],
      [owner.domain],
      owner.book,
    ]),
  );
}

/** Adds a taker's order to its position: each fill it made, and its unmatched rest if any. */
export function addTaking(
  position: Position,
  order: Pick<UnmatchedOrder, 'runnerId' | 'side' | 'priceTick'>,
  fills: readonly { runnerId: number; priceTick: number; stakeMinor: number }[],
  restMinor: number,
): void {
  for (const fill of fills) {
    position.matched.push({
      runnerId: fill.runnerId,
      side: order.side,
      priceTick: fill.priceTick,
      stakeMinor: fill.stakeMinor,
    });
  }
  if (restMinor > 0) {
    position.unmatched.push({
      runnerId: order.runnerId,
      side: order.side,
      priceTick: order.priceTick,
      stakeMinor: restMinor,
    });
  }
}

/** If-win profit or loss per runner of a position, in the order of `runnerIds`. */
export function profitLossByRunner(runnerIds: readonly number[], position: Position): number[] {
  return ifWinMinor(runnerIds, position.matched);
}

/** The refusal a hold can end in: the player cannot cover the new exposure. */
export class ExposureNotCovered extends Error {
  constructor(
    readonly owner: Owner,
    readonly result: TransferResult,
  ) {
    super(`exposure of ${owner.ownerId} not covered: ${result.status}`);
  }
}

/** The idempotency key of an exposure movement: what caused it, and whose it is. */
export function exposureKey(cause: string, ownerId: string): string {
  return `exposure:${cause}:${ownerId}`;
}

export interface ExposureChange {
  heldBeforeMinor: number;
  exposureMinor: number;
}

/**
 * Moves the owner's hold on the market to its current exposure. `cause` names what changed the
 * position (a bet, a cancel, a lapse) and makes the movement's idempotency key, so a replay of
 * the same cause never moves money twice. Throws ExposureNotCovered when the player's available
 * balance cannot cover an increase; the caller's transaction must then roll back.
 */
export async function syncExposure(
  tx: Queryable,
  market: { id: string; runnerIds: readonly number[] },
  owner: Owner,
  cause: string,
): Promise<ExposureChange> {
  const current = await loadPositionAndHold(tx, market.id, owner);
  const held = current.heldMinor;
  const { exposureMinor: exposure, deltaMinor } = reHold(market.runnerIds, current, held);
  if (deltaMinor !== 0) {
    const result = await moveExposure(tx, {
      domain: owner.domain,
      ownerId: owner.ownerId,
      book: owner.book,
      deltaMinor,
      reference: market.id,
      idempotencyKey: exposureKey(cause, owner.ownerId),
    });
    if (result.status !== 'ok') throw new ExposureNotCovered(owner, result);
  }
  return { heldBeforeMinor: held, exposureMinor: exposure };
}
