/**
 * Shared order vocabulary for both order-book implementations: requests, views, events, result
 * codes, validation, and the `OrderBook` interface itself.
 *
 * Matching semantics (identical in both books):
 * - A backer wants the highest odds, so a back order at tick p matches resting lay orders at
 *   ticks >= p, highest tick first, then earliest sequence.
 * - A layer wants the lowest odds, so a lay order at tick p matches resting back orders at
 *   ticks <= p, lowest tick first, then earliest sequence.
 * - Fills execute at the resting (maker) order's tick, which is never worse for the taker.
 * - Stakes are always the backer's stake; a lay order's liability is stake × (price − 1).
 *
 * Crossed book: a resting back order at tick b and a resting lay order at tick l could match
 * each other exactly when b <= l. The book is crossed when the lowest resting back tick is
 * <= the highest resting lay tick. Matching runs to completion on every placement, so after any
 * operation the book is never crossed: lowest back tick > highest lay tick (or a side is empty).
 */

import { isValidTick } from './ladder';
import { MAX_STAKE_MINOR } from './money';

export type Side = 'back' | 'lay';

/** What happens to the unmatched remainder when the market turns in play. */
export type Persistence = 'lapse' | 'keep';

export type OrderId = string | number;
export type OwnerId = string | number;
export type RunnerId = string | number;

/** A new limit order as submitted by a caller. */
export interface OrderRequest {
  readonly id: OrderId;
  readonly ownerId: OwnerId;
  readonly side: Side;
  readonly priceTick: number;
  /** Backer's stake in minor units (for a lay order: the backer's stake it accepts). */
  readonly stakeMinor: number;
  readonly persistence: Persistence;
}

/** A snapshot of an order resting in a book. */
export interface OrderView {
  readonly id: OrderId;
  readonly ownerId: OwnerId;
  readonly side: Side;
  readonly priceTick: number;
  /** Stake as originally requested. */
  readonly stakeMinor: number;
  readonly matchedMinor: number;
  /** Unmatched stake still resting. */
  readonly remainingMinor: number;
  readonly persistence: Persistence;
  /** Book-assigned, strictly increasing: the time half of price-time priority. */
  readonly sequence: number;
}

export interface PlacedEvent {
  readonly type: 'placed';
  readonly runnerId: RunnerId;
  readonly orderId: OrderId;
  readonly ownerId: OwnerId;
  readonly side: Side;
  readonly priceTick: number;
  readonly stakeMinor: number;
  readonly persistence: Persistence;
  readonly sequence: number;
}

export interface MatchedEvent {
  readonly type: 'matched';
  readonly runnerId: RunnerId;
  readonly makerOrderId: OrderId;
  readonly makerOwnerId: OwnerId;
  readonly takerOrderId: OrderId;
  readonly takerOwnerId: OwnerId;
  readonly takerSide: Side;
  /** Execution tick: always the maker's tick. */
  readonly priceTick: number;
  /** Backer's stake matched by this fill. */
  readonly stakeMinor: number;
  /** Layer's liability for this fill; equals the backer's winnings for this fill exactly. */
  readonly liabilityMinor: number;
  readonly makerRemainingMinor: number;
  readonly takerRemainingMinor: number;
}

export interface CancelledEvent {
  readonly type: 'cancelled';
  readonly runnerId: RunnerId;
  readonly orderId: OrderId;
  readonly ownerId: OwnerId;
  readonly cancelledMinor: number;
}

export interface ReducedEvent {
  readonly type: 'reduced';
  readonly runnerId: RunnerId;
  readonly orderId: OrderId;
  readonly ownerId: OwnerId;
  readonly reducedByMinor: number;
  readonly remainingMinor: number;
}

export interface LapsedEvent {
  readonly type: 'lapsed';
  readonly runnerId: RunnerId;
  readonly orderId: OrderId;
  readonly ownerId: OwnerId;
  readonly lapsedMinor: number;
}

export type BookEvent = PlacedEvent | MatchedEvent | CancelledEvent | ReducedEvent | LapsedEvent;

export type PlaceCode =
  | 'ok'
  | 'invalid_order_id'
  | 'invalid_owner_id'
  | 'invalid_side'
  | 'invalid_persistence'
  | 'invalid_price'
  | 'invalid_stake'
  | 'stake_below_minimum'
  | 'stake_above_maximum'
  | 'duplicate_order_id';

export type CancelCode = 'ok' | 'unknown_order';

export type ReduceCode =
  'ok' | 'unknown_order' | 'invalid_reduction' | 'reduction_not_below_remaining';

export interface OrderBookOptions {
  readonly runnerId: RunnerId;
  /** Smallest acceptable stake in minor units (a positive safe integer). */
  readonly minStakeMinor: number;
}

/**
 * One runner's book. Every mutating method returns a result code and appends the resulting
 * events to the caller's `events` array (so the caller can reuse one array in hot loops).
 * A rejected call appends nothing and changes nothing.
 */
export interface OrderBook {
  readonly runnerId: RunnerId;
  readonly minStakeMinor: number;
  /** Validates, matches as taker against the opposite side, and rests any remainder. */
  place(request: OrderRequest, events: BookEvent[]): PlaceCode;
  /** Cancels the whole unmatched remainder of a resting order. */
  cancel(orderId: OrderId, events: BookEvent[]): CancelCode;
  /** Lowers a resting order's remainder by strictly less than all of it, keeping its priority. */
  reduce(orderId: OrderId, reduceByMinor: number, events: BookEvent[]): ReduceCode;
  /** Lapses every resting order with persistence 'lapse', in sequence order; keeps the rest. */
  goInPlay(events: BookEvent[]): void;
  /** Lapses every resting order, in sequence order (used when a market closes). */
  lapseAll(events: BookEvent[]): void;
  /** Snapshot of a resting order, or undefined when it is not resting. */
  getOrder(orderId: OrderId): OrderView | undefined;
  /** All resting orders: backs by ascending tick then sequence, then lays by descending tick then sequence. */
  restingOrders(): OrderView[];
  /** Best resting tick on a side (lowest back, highest lay), or undefined when the side is empty. */
  bestTick(side: Side): number | undefined;
  /** Total unmatched stake resting on a side at a tick. */
  depthAt(side: Side, priceTick: number): number;
  /** Number of resting orders. */
  readonly restingCount: number;
}

/** True when an id is a usable order, owner or runner identifier. */
export function isValidId(id: unknown): id is string | number {
  return typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id));
}

/** True when a minimum stake setting is a positive safe integer not above the maximum stake. */
export function isValidMinStake(minStakeMinor: number): boolean {
  return (
    Number.isSafeInteger(minStakeMinor) && minStakeMinor > 0 && minStakeMinor <= MAX_STAKE_MINOR
  );
}

/** Checks everything about a request that does not depend on book state. */
export function validateOrderRequest(request: OrderRequest, minStakeMinor: number): PlaceCode {
  if (!isValidId(request.id)) return 'invalid_order_id';
  if (!isValidId(request.ownerId)) return 'invalid_owner_id';
  if (request.side !== 'back' && request.side !== 'lay') return 'invalid_side';
  if (request.persistence !== 'lapse' && request.persistence !== 'keep') {
    return 'invalid_persistence';
  }
  if (!isValidTick(request.priceTick)) return 'invalid_price';
  const stakeMinor = request.stakeMinor;
  if (!Number.isSafeInteger(stakeMinor) || stakeMinor <= 0) return 'invalid_stake';
  if (stakeMinor < minStakeMinor) return 'stake_below_minimum';
  if (stakeMinor > MAX_STAKE_MINOR) return 'stake_above_maximum';
  return 'ok';
}

/** Checks a reduction amount independently of book state. */
export function isValidReduction(reduceByMinor: number): boolean {
  return Number.isSafeInteger(reduceByMinor) && reduceByMinor > 0;
}

/** True when a back at `backTick` and a lay at `layTick` could match each other. */
export function ticksCross(backTick: number, layTick: number): boolean {
  return backTick <= layTick;
}

/** True when a book's lowest resting back tick is <= its highest resting lay tick. */
export function isBookCrossed(book: Pick<OrderBook, 'bestTick'>): boolean {
  const lowestBack = book.bestTick('back');
  const highestLay = book.bestTick('lay');
  return lowestBack !== undefined && highestLay !== undefined && ticksCross(lowestBack, highestLay);
}
