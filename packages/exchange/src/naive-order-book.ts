/**
 * A deliberately simple order book: one flat array, filtered and sorted on every placement.
 * It is too slow for production and exists as an obviously-correct reference that property
 * tests compare the fast book against.
 */

import { layLiabilityMinor } from './money';
import {
  isValidMinStake,
  isValidReduction,
  ticksCross,
  validateOrderRequest,
  type BookEvent,
  type CancelCode,
  type OrderBook,
  type OrderBookOptions,
  type OrderId,
  type OrderRequest,
  type OrderView,
  type PlaceCode,
  type ReduceCode,
  type RunnerId,
  type Side,
} from './order';

type MutableOrder = { -readonly [K in keyof OrderView]: OrderView[K] };

/** Price-time priority as seen by a taker: better price first, then earlier sequence. */
function priority(a: MutableOrder, b: MutableOrder): number {
  if (a.side !== b.side) return a.side === 'back' ? -1 : 1;
  if (a.priceTick !== b.priceTick) {
    return a.side === 'back' ? a.priceTick - b.priceTick : b.priceTick - a.priceTick;
  }
  return a.sequence - b.sequence;
}

export class NaiveOrderBook implements OrderBook {
  readonly runnerId: RunnerId;
  readonly minStakeMinor: number;
  private orders: MutableOrder[] = [];
  private nextSequence = 1;

  constructor(options: OrderBookOptions) {
    if (!isValidMinStake(options.minStakeMinor)) {
      throw new RangeError(`invalid minimum stake: ${options.minStakeMinor}`);
    }
    this.runnerId = options.runnerId;
    this.minStakeMinor = options.minStakeMinor;
  }

  get restingCount(): number {
    return this.orders.length;
  }

  place(request: OrderRequest, events: BookEvent[]): PlaceCode {
    const code = validateOrderRequest(request, this.minStakeMinor);
    if (code !== 'ok') return code;
    if (this.orders.some((order) => order.id === request.id)) return 'duplicate_order_id';

    const sequence = this.nextSequence++;
    events.push({
      type: 'placed',
      runnerId: this.runnerId,
      orderId: request.id,
      ownerId: request.ownerId,
      side: request.side,
      priceTick: request.priceTick,
      stakeMinor: request.stakeMinor,
      persistence: request.persistence,
      sequence,
    });

    const makers = this.orders
      .filter((order) =>
        request.side === 'back'
          ? order.side === 'lay' && ticksCross(request.priceTick, order.priceTick)
          : order.side === 'back' && ticksCross(order.priceTick, request.priceTick),
      )
      .sort(priority);

    let remainingMinor = request.stakeMinor;
    for (const maker of makers) {
      if (remainingMinor === 0) break;
      const fillMinor = Math.min(maker.remainingMinor, remainingMinor);
      maker.remainingMinor -= fillMinor;
      maker.matchedMinor += fillMinor;
      remainingMinor -= fillMinor;
      events.push({
        type: 'matched',
        runnerId: this.runnerId,
        makerOrderId: maker.id,
        makerOwnerId: maker.ownerId,
        takerOrderId: request.id,
        takerOwnerId: request.ownerId,
        takerSide: request.side,
        priceTick: maker.priceTick,
        stakeMinor: fillMinor,
        liabilityMinor: layLiabilityMinor(fillMinor, maker.priceTick),
        makerRemainingMinor: maker.remainingMinor,
        takerRemainingMinor: remainingMinor,
      });
    }
    this.orders = this.orders.filter((order) => order.remainingMinor > 0);

    if (remainingMinor > 0) {
      this.orders.push({
        id: request.id,
        ownerId: request.ownerId,
        side: request.side,
        priceTick: request.priceTick,
        stakeMinor: request.stakeMinor,
        matchedMinor: request.stakeMinor - remainingMinor,
        remainingMinor,
        persistence: request.persistence,
        sequence,
      });
    }
    return 'ok';
  }

  cancel(orderId: OrderId, events: BookEvent[]): CancelCode {
    const order = this.orders.find((candidate) => candidate.id === orderId);
    if (order === undefined) return 'unknown_order';
    events.push({
      type: 'cancelled',
      runnerId: this.runnerId,
      orderId: order.id,
      ownerId: order.ownerId,
      cancelledMinor: order.remainingMinor,
    });
    this.orders = this.orders.filter((candidate) => candidate !== order);
    return 'ok';
  }

  reduce(orderId: OrderId, reduceByMinor: number, events: BookEvent[]): ReduceCode {
    if (!isValidReduction(reduceByMinor)) return 'invalid_reduction';
    const order = this.orders.find((candidate) => candidate.id === orderId);
    if (order === undefined) return 'unknown_order';
    if (reduceByMinor >= order.remainingMinor) return 'reduction_not_below_remaining';
    order.remainingMinor -= reduceByMinor;
    events.push({
      type: 'reduced',
      runnerId: this.runnerId,
      orderId: order.id,
      ownerId: order.ownerId,
      reducedByMinor: reduceByMinor,
      remainingMinor: order.remainingMinor,
    });
    return 'ok';
  }

  goInPlay(events: BookEvent[]): void {
    this.lapse(events, (order) => order.persistence === 'lapse');
  }

  lapseAll(events: BookEvent[]): void {
    this.lapse(events, () => true);
  }

  getOrder(orderId: OrderId): OrderView | undefined {
    const order = this.orders.find((candidate) => candidate.id === orderId);
    return order === undefined ? undefined : { ...order };
  }

  restingOrders(): OrderView[] {
    return [...this.orders].sort(priority).map((order) => ({ ...order }));
  }

  bestTick(side: Side): number | undefined {
    const ranked = this.orders.filter((order) => order.side === side).sort(priority);
    return ranked[0]?.priceTick;
  }

  depthAt(side: Side, priceTick: number): number {
    return this.orders
      .filter((order) => order.side === side && order.priceTick === priceTick)
      .reduce((total, order) => total + order.remainingMinor, 0);
  }

  private lapse(events: BookEvent[], shouldLapse: (order: MutableOrder) => boolean): void {
    const lapsing = this.orders.filter(shouldLapse).sort((a, b) => a.sequence - b.sequence);
    for (const order of lapsing) {
      events.push({
        type: 'lapsed',
        runnerId: this.runnerId,
        orderId: order.id,
        ownerId: order.ownerId,
        lapsedMinor: order.remainingMinor,
      });
    }
    this.orders = this.orders.filter((order) => !shouldLapse(order));
  }
}
