/**
 * The production order book for one runner.
 *
 * Layout: one price level per tick per side (the ladder has only 350 ticks, so plain arrays
 * indexed by tick beat any tree), each level an intrusive doubly linked FIFO of order nodes so a
 * cancel unlinks in O(1). Best-price pointers track the lowest resting back tick and the highest
 * resting lay tick; they only rescan when their level empties. Order nodes are pooled so the
 * steady state allocates nothing but the event objects handed to the caller.
 */

import { MAX_TICK, PRICE_COUNT } from './ladder';
import { layLiabilityMinor } from './money';
import {
  isValidMinStake,
  isValidReduction,
  validateOrderRequest,
  type BookEvent,
  type CancelCode,
  type OrderBook,
  type OrderBookOptions,
  type OrderId,
  type OrderRequest,
  type OrderView,
  type OwnerId,
  type Persistence,
  type PlaceCode,
  type ReduceCode,
  type RunnerId,
  type Side,
} from './order';

/** Sentinel for "no resting back orders": above every tick, so nothing crosses it. */
const NO_BACK_TICK = PRICE_COUNT;
/** Sentinel for "no resting lay orders": below every tick. */
const NO_LAY_TICK = -1;

class OrderNode {
  id: OrderId = 0;
  ownerId: OwnerId = 0;
  side: Side = 'back';
  priceTick = 0;
  stakeMinor = 0;
  matchedMinor = 0;
  remainingMinor = 0;
  persistence: Persistence = 'keep';
  sequence = 0;
  prev: OrderNode | null = null;
  next: OrderNode | null = null;
}

class PriceLevel {
  head: OrderNode | null = null;
  tail: OrderNode | null = null;
  stakeMinor = 0;
}

function createLevels(): PriceLevel[] {
  const levels: PriceLevel[] = [];
  for (let tick = 0; tick < PRICE_COUNT; tick++) levels.push(new PriceLevel());
  return levels;
}

function toView(node: OrderNode): OrderView {
  return {
    id: node.id,
    ownerId: node.ownerId,
    side: node.side,
    priceTick: node.priceTick,
    stakeMinor: node.stakeMinor,
    matchedMinor: node.matchedMinor,
    remainingMinor: node.remainingMinor,
    persistence: node.persistence,
    sequence: node.sequence,
  };
}

export class FastOrderBook implements OrderBook {
  readonly runnerId: RunnerId;
  readonly minStakeMinor: number;

  private readonly backLevels = createLevels();
  private readonly layLevels = createLevels();
  /** Map iteration order is insertion order, which is sequence order: lapsing relies on it. */
  private readonly orders = new Map<OrderId, OrderNode>();
  private readonly pool: OrderNode[] = [];
  private lowestBackTick = NO_BACK_TICK;
  private highestLayTick = NO_LAY_TICK;
  private nextSequence = 1;

  constructor(options: OrderBookOptions) {
    if (!isValidMinStake(options.minStakeMinor)) {
      throw new RangeError(`invalid minimum stake: ${options.minStakeMinor}`);
    }
    this.runnerId = options.runnerId;
    this.minStakeMinor = options.minStakeMinor;
  }

  get restingCount(): number {
    return this.orders.size;
  }

  place(request: OrderRequest, events: BookEvent[]): PlaceCode {
    const code = validateOrderRequest(request, this.minStakeMinor);
    if (code !== 'ok') return code;
    if (this.orders.has(request.id)) return 'duplicate_order_id';

    const { id, ownerId, side, priceTick, stakeMinor, persistence } = request;
    const sequence = this.nextSequence++;
    events.push({
      type: 'placed',
      runnerId: this.runnerId,
      orderId: id,
      ownerId,
      side,
      priceTick,
      stakeMinor,
      persistence,
      sequence,
    });

    let remainingMinor = stakeMinor;
    if (side === 'back') {
      while (remainingMinor > 0 && this.highestLayTick >= priceTick) {
        const tick = this.highestLayTick;
        const level = this.layLevels[tick] as PriceLevel;
        remainingMinor = this.fillFromLevel(level, tick, request, remainingMinor, events);
        if (level.head === null) this.highestLayTick = this.scanLayDown(tick - 1);
      }
    } else {
      while (remainingMinor > 0 && this.lowestBackTick <= priceTick) {
        const tick = this.lowestBackTick;
        const level = this.backLevels[tick] as PriceLevel;
        remainingMinor = this.fillFromLevel(level, tick, request, remainingMinor, events);
        if (level.head === null) this.lowestBackTick = this.scanBackUp(tick + 1);
      }
    }

    if (remainingMinor > 0) {
      const node = this.pool.pop() ?? new OrderNode();
      node.id = id;
      node.ownerId = ownerId;
      node.side = side;
      node.priceTick = priceTick;
      node.stakeMinor = stakeMinor;
      node.matchedMinor = stakeMinor - remainingMinor;
      node.remainingMinor = remainingMinor;
      node.persistence = persistence;
      node.sequence = sequence;
      this.append(node);
      this.orders.set(id, node);
    }
    return 'ok';
  }

  cancel(orderId: OrderId, events: BookEvent[]): CancelCode {
    const node = this.orders.get(orderId);
    if (node === undefined) return 'unknown_order';
    events.push({
      type: 'cancelled',
      runnerId: this.runnerId,
      orderId: node.id,
      ownerId: node.ownerId,
      cancelledMinor: node.remainingMinor,
    });
    this.remove(node);
    return 'ok';
  }

  reduce(orderId: OrderId, reduceByMinor: number, events: BookEvent[]): ReduceCode {
    if (!isValidReduction(reduceByMinor)) return 'invalid_reduction';
    const node = this.orders.get(orderId);
    if (node === undefined) return 'unknown_order';
    if (reduceByMinor >= node.remainingMinor) return 'reduction_not_below_remaining';
    node.remainingMinor -= reduceByMinor;
    const levels = node.side === 'back' ? this.backLevels : this.layLevels;
    (levels[node.priceTick] as PriceLevel).stakeMinor -= reduceByMinor;
    events.push({
      type: 'reduced',
      runnerId: this.runnerId,
      orderId: node.id,
      ownerId: node.ownerId,
      reducedByMinor: reduceByMinor,
      remainingMinor: node.remainingMinor,
    });
    return 'ok';
  }

  goInPlay(events: BookEvent[]): void {
    this.lapseWhere(events, true);
  }

  lapseAll(events: BookEvent[]): void {
    this.lapseWhere(events, false);
  }

  getOrder(orderId: OrderId): OrderView | undefined {
    const node = this.orders.get(orderId);
    return node === undefined ? undefined : toView(node);
  }

  restingOrders(): OrderView[] {
    const views: OrderView[] = [];
    for (let tick = 0; tick <= MAX_TICK; tick++) {
      for (let node = (this.backLevels[tick] as PriceLevel).head; node; node = node.next) {
        views.push(toView(node));
      }
    }
    for (let tick = MAX_TICK; tick >= 0; tick--) {
      for (let node = (this.layLevels[tick] as PriceLevel).head; node; node = node.next) {
        views.push(toView(node));
      }
    }
    return views;
  }

  bestTick(side: Side): number | undefined {
    if (side === 'back') {
      return this.lowestBackTick === NO_BACK_TICK ? undefined : this.lowestBackTick;
    }
    return this.highestLayTick === NO_LAY_TICK ? undefined : this.highestLayTick;
  }

  depthAt(side: Side, priceTick: number): number {
    const levels = side === 'back' ? this.backLevels : this.layLevels;
    return levels[priceTick]?.stakeMinor ?? 0;
  }

  /** Matches the taker against one level's FIFO; returns the taker's unmatched remainder. */
  private fillFromLevel(
    level: PriceLevel,
    tick: number,
    taker: OrderRequest,
    takerRemainingMinor: number,
    events: BookEvent[],
  ): number {
    let remaining = takerRemainingMinor;
    while (remaining > 0) {
      const maker = level.head;
      if (maker === null) break;
      const fillMinor = maker.remainingMinor < remaining ? maker.remainingMinor : remaining;
      maker.remainingMinor -= fillMinor;
      maker.matchedMinor += fillMinor;
      level.stakeMinor -= fillMinor;
      remaining -= fillMinor;
      events.push({
        type: 'matched',
        runnerId: this.runnerId,
        makerOrderId: maker.id,
        makerOwnerId: maker.ownerId,
        takerOrderId: taker.id,
        takerOwnerId: taker.ownerId,
        takerSide: taker.side,
        priceTick: tick,
        stakeMinor: fillMinor,
        liabilityMinor: layLiabilityMinor(fillMinor, tick),
        makerRemainingMinor: maker.remainingMinor,
        takerRemainingMinor: remaining,
      });
      if (maker.remainingMinor === 0) {
        level.head = maker.next;
        if (level.head === null) level.tail = null;
        else level.head.prev = null;
        this.orders.delete(maker.id);
        this.release(maker);
      }
    }
    return remaining;
  }

  private append(node: OrderNode): void {
    const tick = node.priceTick;
    const level = (node.side === 'back' ? this.backLevels : this.layLevels)[tick] as PriceLevel;
    node.prev = level.tail;
    node.next = null;
    if (level.tail === null) level.head = node;
    else level.tail.next = node;
    level.tail = node;
    level.stakeMinor += node.remainingMinor;
    if (node.side === 'back') {
      if (tick < this.lowestBackTick) this.lowestBackTick = tick;
    } else if (tick > this.highestLayTick) {
      this.highestLayTick = tick;
    }
  }

  /** Unlinks a resting node, fixes the best pointer if its level emptied, and pools it. */
  private remove(node: OrderNode): void {
    const tick = node.priceTick;
    const isBack = node.side === 'back';
    const level = (isBack ? this.backLevels : this.layLevels)[tick] as PriceLevel;
    if (node.prev === null) level.head = node.next;
    else node.prev.next = node.next;
    if (node.next === null) level.tail = node.prev;
    else node.next.prev = node.prev;
    level.stakeMinor -= node.remainingMinor;
    if (level.head === null) {
      if (isBack && tick === this.lowestBackTick) this.lowestBackTick = this.scanBackUp(tick + 1);
      else if (!isBack && tick === this.highestLayTick) {
        this.highestLayTick = this.scanLayDown(tick - 1);
      }
    }
    this.orders.delete(node.id);
    this.release(node);
  }

  private lapseWhere(events: BookEvent[], onlyLapsePersistence: boolean): void {
    for (const node of this.orders.values()) {
      if (onlyLapsePersistence && node.persistence !== 'lapse') continue;
      events.push({
        type: 'lapsed',
        runnerId: this.runnerId,
        orderId: node.id,
        ownerId: node.ownerId,
        lapsedMinor: node.remainingMinor,
      });
      // Deleting the current entry during Map iteration is well defined and skips nothing.
      this.remove(node);
    }
  }

  private scanBackUp(fromTick: number): number {
    for (let tick = fromTick; tick <= MAX_TICK; tick++) {
      if ((this.backLevels[tick] as PriceLevel).head !== null) return tick;
    }
    return NO_BACK_TICK;
  }

  private scanLayDown(fromTick: number): number {
    for (let tick = fromTick; tick >= 0; tick--) {
      if ((this.layLevels[tick] as PriceLevel).head !== null) return tick;
    }
    return NO_LAY_TICK;
  }

  private release(node: OrderNode): void {
    // Drop references so pooled nodes do not keep caller ids or neighbours alive.
    node.prev = null;
    node.next = null;
    node.id = 0;
    node.ownerId = 0;
    this.pool.push(node);
  }
}

/** Creates the production order book for one runner. */
export function createOrderBook(options: OrderBookOptions): OrderBook {
  return new FastOrderBook(options);
}
