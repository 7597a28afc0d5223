/**
 * A market: one order book per runner plus the market's status and in-play flag.
 *
 * Gate rules: placing needs an open market. Cancelling and reducing only lower risk, so they are
 * also allowed while suspended; nothing is allowed once closed. Order ids are unique per runner
 * book; the caller owns any wider uniqueness.
 */

import { createOrderBook } from './order-book';
import type {
  BookEvent,
  CancelCode,
  OrderBook,
  OrderBookOptions,
  OrderId,
  OrderRequest,
  PlaceCode,
  ReduceCode,
  RunnerId,
} from './order';

export type MarketStatus = 'open' | 'suspended' | 'closed';

export type MarketGateCode = 'unknown_runner' | 'market_suspended' | 'market_closed';

export type MarketPlaceCode = PlaceCode | MarketGateCode;
export type MarketCancelCode = CancelCode | MarketGateCode;
export type MarketReduceCode = ReduceCode | MarketGateCode;
export type StatusChangeCode = 'ok' | 'market_closed' | 'already_suspended' | 'not_suspended';
export type InPlayCode = 'ok' | 'market_closed' | 'already_in_play';

export interface MarketOptions {
  readonly runnerIds: readonly RunnerId[];
  readonly minStakeMinor: number;
  /** Book factory, so tests can run a market on the naive reference book. */
  readonly createBook?: (options: OrderBookOptions) => OrderBook;
}

/** Read-only face of a runner book handed out by a market. */
export type ReadonlyOrderBook = Pick<
  OrderBook,
  'runnerId' | 'getOrder' | 'restingOrders' | 'bestTick' | 'depthAt' | 'restingCount'
>;

export class Market {
  readonly runnerIds: readonly RunnerId[];
  private readonly books = new Map<RunnerId, OrderBook>();
  private currentStatus: MarketStatus = 'open';
  private inPlayFlag = false;

  constructor(options: MarketOptions) {
    if (options.runnerIds.length === 0) throw new RangeError('a market needs at least one runner');
    const create = options.createBook ?? createOrderBook;
    for (const runnerId of options.runnerIds) {
      if (this.books.has(runnerId)) throw new RangeError(`duplicate runner id: ${runnerId}`);
      this.books.set(runnerId, create({ runnerId, minStakeMinor: options.minStakeMinor }));
    }
    this.runnerIds = [...options.runnerIds];
  }

  get status(): MarketStatus {
    return this.currentStatus;
  }

  get inPlay(): boolean {
    return this.inPlayFlag;
  }

  /** Places an order on one runner's book if the market is open. */
  place(runnerId: RunnerId, request: OrderRequest, events: BookEvent[]): MarketPlaceCode {
    const book = this.books.get(runnerId);
    if (book === undefined) return 'unknown_runner';
    if (this.currentStatus === 'closed') return 'market_closed';
    if (this.currentStatus === 'suspended') return 'market_suspended';
    return book.place(request, events);
  }

  /** Cancels a resting order; allowed while open or suspended. */
  cancel(runnerId: RunnerId, orderId: OrderId, events: BookEvent[]): MarketCancelCode {
    const book = this.books.get(runnerId);
    if (book === undefined) return 'unknown_runner';
    if (this.currentStatus === 'closed') return 'market_closed';
    return book.cancel(orderId, events);
  }

  /** Reduces a resting order; allowed while open or suspended. */
  reduce(
    runnerId: RunnerId,
    orderId: OrderId,
    reduceByMinor: number,
    events: BookEvent[],
  ): MarketReduceCode {
    const book = this.books.get(runnerId);
    if (book === undefined) return 'unknown_runner';
    if (this.currentStatus === 'closed') return 'market_closed';
    return book.reduce(orderId, reduceByMinor, events);
  }

  /** Stops new placements until `resume`. */
  suspend(): StatusChangeCode {
    if (this.currentStatus === 'closed') return 'market_closed';
    if (this.currentStatus === 'suspended') return 'already_suspended';
    this.currentStatus = 'suspended';
    return 'ok';
  }

  /** Reopens a suspended market. */
  resume(): StatusChangeCode {
    if (this.currentStatus === 'closed') return 'market_closed';
    if (this.currentStatus !== 'suspended') return 'not_suspended';
    this.currentStatus = 'open';
    return 'ok';
  }

  /** Turns the market in play once, lapsing every 'lapse' order on every runner. */
  goInPlay(events: BookEvent[]): InPlayCode {
    if (this.currentStatus === 'closed') return 'market_closed';
    if (this.inPlayFlag) return 'already_in_play';
    this.inPlayFlag = true;
    for (const book of this.books.values()) book.goInPlay(events);
    return 'ok';
  }

  /** Closes the market for good, lapsing every unmatched order. */
  close(events: BookEvent[]): 'ok' | 'market_closed' {
    if (this.currentStatus === 'closed') return 'market_closed';
    this.currentStatus = 'closed';
    for (const book of this.books.values()) book.lapseAll(events);
    return 'ok';
  }

  /** Read-only view of one runner's book, or undefined for an unknown runner. */
  book(runnerId: RunnerId): ReadonlyOrderBook | undefined {
    return this.books.get(runnerId);
  }
}
