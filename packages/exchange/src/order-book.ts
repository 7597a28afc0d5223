/**
 * The production order book for one runner.
 *
 * Layout: one price level per tick per side (the ladder has only 350 ticks, so flat arrays
 * indexed by tick beat any tree), each level an intrusive doubly linked FIFO of resting orders so
 * a cancel unlinks in O(1). Resting orders live in slots of parallel arrays (typed arrays for
 * ticks, sides and links, plain arrays of small integers for amounts, and the caller's ids),
 * linked by slot number, with freed slots reused through a free list: no object per order, no
 * object pointers between orders for the garbage collector to follow, and nothing allocated per
 * operation but the event objects handed to the caller. Order ids map to slots through
 * `OrderIndex`. Best-price pointers track the lowest resting back tick and the highest resting lay
 * tick; they only rescan when their level empties.
 */

import { MAX_TICK, PRICE_COUNT, tickToPriceHundredths } from './ladder';
import { mulDivFloor } from './money';
import { NO_SLOT, OrderIndex } from './order-index';
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
  type PlaceCode,
  type ReduceCode,
  type RunnerId,
  type Side,
} from './order';

/** Sentinel for "no resting back orders": above every tick, so nothing crosses it. */
const NO_BACK_TICK = PRICE_COUNT;
/** Sentinel for "no resting lay orders": below every tick. */
const NO_LAY_TICK = -1;
/** End of a linked list of slots. */
const NIL = -1;

const BACK = 0;
const LAY = 1;
const KEEP = 0;
const LAPSE = 1;

/** Level arrays hold the back side at [0, PRICE_COUNT) and the lay side after it. */
const LAY_LEVELS = PRICE_COUNT;

/**
 * Slots a new book starts with; they double as needed. Small, because the server builds a book
 * per runner for every batch of orders it matches, most of them holding few orders.
 */
const INITIAL_SLOTS = 64;

/**
 * price − 1 in hundredths per tick: a fill's liability is floor(stake × this / 100), the same
 * numbers `layLiabilityMinor` works with, looked up once here instead of per fill.
 */
const WINNINGS_PER_HUNDRED = Int32Array.from({ length: PRICE_COUNT }, (_, tick) => {
  return tickToPriceHundredths(tick) - 100;
});

/** A packed (hole-free) array of zeros, which V8 reads faster than a holey one. */
function zeros(length: number): number[] {
  const array: number[] = [];
  for (let index = 0; index < length; index++) array.push(0);
  return array;
}

function growInt32(array: Int32Array, length: number): Int32Array {
  const grown = new Int32Array(length);
  grown.set(array);
  return grown;
}

function growUint8(array: Uint8Array, length: number): Uint8Array {
  const grown = new Uint8Array(length);
  grown.set(array);
  return grown;
}

export class FastOrderBook implements OrderBook {
  readonly runnerId: RunnerId;
  readonly minStakeMinor: number;

  private readonly index = new OrderIndex(INITIAL_SLOTS * 4);
  private count = 0;

  // One entry per slot. Amounts and sequences are plain number arrays, not Float64Array: they
  // keep small integers as V8 small integers (Smis), so the events built from them do too, where
  // a double read from a Float64Array would be boxed into a heap number for every event field.
  // (A value past 2^30 turns such an array into one of doubles; it still works, a bit slower.)
  private ids: OrderId[] = zeros(INITIAL_SLOTS);
  private owners: OwnerId[] = zeros(INITIAL_SLOTS);
  private sides: Uint8Array = new Uint8Array(INITIAL_SLOTS);
  private persistences: Uint8Array = new Uint8Array(INITIAL_SLOTS);
  private ticks: Int32Array = new Int32Array(INITIAL_SLOTS);
  private stakes: number[] = zeros(INITIAL_SLOTS);
  private matched: number[] = zeros(INITIAL_SLOTS);
  private remaining: number[] = zeros(INITIAL_SLOTS);
  private sequences: number[] = zeros(INITIAL_SLOTS);
  private prevs: Int32Array = new Int32Array(INITIAL_SLOTS);
  /** Next in the level's FIFO for a resting slot; next free slot for a free one. */
  private nexts: Int32Array = new Int32Array(INITIAL_SLOTS);
  private freeHead = NIL;
  /** Slots below this have been handed out at least once. */
  private highWater = 0;

  private readonly heads = new Int32Array(2 * PRICE_COUNT).fill(NIL);
  private readonly tails = new Int32Array(2 * PRICE_COUNT).fill(NIL);
  private readonly depths = new Float64Array(2 * PRICE_COUNT);

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
    return this.count;
  }

  place(request: OrderRequest, events: BookEvent[]): PlaceCode {
    const code = validateOrderRequest(request, this.minStakeMinor);
    if (code !== 'ok') return code;
    const id = request.id;
    if (this.index.get(id) !== NO_SLOT) return 'duplicate_order_id';

    const ownerId = request.ownerId;
    const side = request.side;
    const priceTick = request.priceTick;
    const stakeMinor = request.stakeMinor;
    const persistence = request.persistence;
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
        remainingMinor = this.fillFromLevel(
          LAY_LEVELS + tick,
          tick,
          request,
          remainingMinor,
          events,
        );
        if (this.heads[LAY_LEVELS + tick] === NIL) this.highestLayTick = this.scanLayDown(tick - 1);
      }
    } else {
      while (remainingMinor > 0 && this.lowestBackTick <= priceTick) {
        const tick = this.lowestBackTick;
        remainingMinor = this.fillFromLevel(tick, tick, request, remainingMinor, events);
        if (this.heads[tick] === NIL) this.lowestBackTick = this.scanBackUp(tick + 1);
      }
    }

    if (remainingMinor > 0) {
      const slot = this.allocate();
      this.ids[slot] = id;
      this.owners[slot] = ownerId;
      this.sides[slot] = side === 'back' ? BACK : LAY;
      this.persistences[slot] = persistence === 'lapse' ? LAPSE : KEEP;
      this.ticks[slot] = priceTick;
      this.stakes[slot] = stakeMinor;
      this.matched[slot] = stakeMinor - remainingMinor;
      this.remaining[slot] = remainingMinor;
      this.sequences[slot] = sequence;
      this.append(slot, side === 'back' ? priceTick : LAY_LEVELS + priceTick);
      if (side === 'back') {
        if (priceTick < this.lowestBackTick) this.lowestBackTick = priceTick;
      } else if (priceTick > this.highestLayTick) {
        this.highestLayTick = priceTick;
      }
      this.index.add(id, slot);
      this.count++;
    }
    return 'ok';
  }

  cancel(orderId: OrderId, events: BookEvent[]): CancelCode {
    const slot = this.index.get(orderId);
    if (slot === NO_SLOT) return 'unknown_order';
    events.push({
      type: 'cancelled',
      runnerId: this.runnerId,
      orderId: this.ids[slot] as OrderId,
      ownerId: this.owners[slot] as OwnerId,
      cancelledMinor: this.remaining[slot] as number,
    });
    this.remove(slot);
    return 'ok';
  }

  reduce(orderId: OrderId, reduceByMinor: number, events: BookEvent[]): ReduceCode {
    if (!isValidReduction(reduceByMinor)) return 'invalid_reduction';
    const slot = this.index.get(orderId);
    if (slot === NO_SLOT) return 'unknown_order';
    const remainingMinor = this.remaining[slot] as number;
    if (reduceByMinor >= remainingMinor) return 'reduction_not_below_remaining';
    this.remaining[slot] = remainingMinor - reduceByMinor;
    const level = this.levelOf(slot);
    this.depths[level] = (this.depths[level] as number) - reduceByMinor;
    events.push({
      type: 'reduced',
      runnerId: this.runnerId,
      orderId: this.ids[slot] as OrderId,
      ownerId: this.owners[slot] as OwnerId,
      reducedByMinor: reduceByMinor,
      remainingMinor: remainingMinor - reduceByMinor,
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
    const slot = this.index.get(orderId);
    return slot === NO_SLOT ? undefined : this.view(slot);
  }

  restingOrders(): OrderView[] {
    const views: OrderView[] = [];
    for (let tick = 0; tick <= MAX_TICK; tick++) {
      for (let slot = this.heads[tick] as number; slot !== NIL; slot = this.nexts[slot] as number) {
        views.push(this.view(slot));
      }
    }
    for (let tick = MAX_TICK; tick >= 0; tick--) {
      const level = LAY_LEVELS + tick;
      for (
        let slot = this.heads[level] as number;
        slot !== NIL;
        slot = this.nexts[slot] as number
      ) {
        views.push(this.view(slot));
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
    // Anything that is not a tick index has no level, so no depth.
    if (!Number.isInteger(priceTick) || priceTick < 0 || priceTick > MAX_TICK) return 0;
    return this.depths[side === 'back' ? priceTick : LAY_LEVELS + priceTick] as number;
  }

  /** Matches the taker against one level's FIFO; returns the taker's unmatched remainder. */
  private fillFromLevel(
    level: number,
    tick: number,
    taker: OrderRequest,
    takerRemainingMinor: number,
    events: BookEvent[],
  ): number {
    const remaining = this.remaining;
    const winningsPerHundred = WINNINGS_PER_HUNDRED[tick] as number;
    let left = takerRemainingMinor;
    let maker = this.heads[level] as number;
    while (left > 0 && maker !== NIL) {
      const makerRemaining = remaining[maker] as number;
      const fillMinor = makerRemaining < left ? makerRemaining : left;
      const makerLeft = makerRemaining - fillMinor;
      remaining[maker] = makerLeft;
      this.matched[maker] = (this.matched[maker] as number) + fillMinor;
      this.depths[level] = (this.depths[level] as number) - fillMinor;
      left -= fillMinor;
      const makerId = this.ids[maker] as OrderId;
      events.push({
        type: 'matched',
        runnerId: this.runnerId,
        makerOrderId: makerId,
        makerOwnerId: this.owners[maker] as OwnerId,
        takerOrderId: taker.id,
        takerOwnerId: taker.ownerId,
        takerSide: taker.side,
        priceTick: tick,
        stakeMinor: fillMinor,
        liabilityMinor: mulDivFloor(fillMinor, winningsPerHundred, 100),
        makerRemainingMinor: makerLeft,
        takerRemainingMinor: left,
      });
      if (makerLeft !== 0) break;
      // The maker is used up: pop it off the front of the level.
      const next = this.nexts[maker] as number;
      this.heads[level] = next;
      if (next === NIL) this.tails[level] = NIL;
      else this.prevs[next] = NIL;
      this.index.delete(makerId);
      this.release(maker);
      this.count--;
      maker = next;
    }
    return left;
  }

  private levelOf(slot: number): number {
    const tick = this.ticks[slot] as number;
    return this.sides[slot] === BACK ? tick : LAY_LEVELS + tick;
  }

  private append(slot: number, level: number): void {
    const tail = this.tails[level] as number;
    this.prevs[slot] = tail;
    this.nexts[slot] = NIL;
    if (tail === NIL) this.heads[level] = slot;
    else this.nexts[tail] = slot;
    this.tails[level] = slot;
    this.depths[level] = (this.depths[level] as number) + (this.remaining[slot] as number);
  }

  /** Unlinks a resting slot, fixes the best pointer if its level emptied, and frees it. */
  private remove(slot: number): void {
    const tick = this.ticks[slot] as number;
    const isBack = this.sides[slot] === BACK;
    const level = isBack ? tick : LAY_LEVELS + tick;
    const prev = this.prevs[slot] as number;
    const next = this.nexts[slot] as number;
    if (prev === NIL) this.heads[level] = next;
    else this.nexts[prev] = next;
    if (next === NIL) this.tails[level] = prev;
    else this.prevs[next] = prev;
    this.depths[level] = (this.depths[level] as number) - (this.remaining[slot] as number);
    if (this.heads[level] === NIL) {
      if (isBack && tick === this.lowestBackTick) this.lowestBackTick = this.scanBackUp(tick + 1);
      else if (!isBack && tick === this.highestLayTick) {
        this.highestLayTick = this.scanLayDown(tick - 1);
      }
    }
    this.index.delete(this.ids[slot] as OrderId);
    this.release(slot);
    this.count--;
  }

  /** Lapses in sequence order, the order the orders were placed in. */
  private lapseWhere(events: BookEvent[], onlyLapsePersistence: boolean): void {
    const slots: number[] = [];
    for (let level = 0; level < 2 * PRICE_COUNT; level++) {
      for (
        let slot = this.heads[level] as number;
        slot !== NIL;
        slot = this.nexts[slot] as number
      ) {
        if (!onlyLapsePersistence || this.persistences[slot] === LAPSE) slots.push(slot);
      }
    }
    const sequences = this.sequences;
    slots.sort((a, b) => (sequences[a] as number) - (sequences[b] as number));
    for (const slot of slots) {
      events.push({
        type: 'lapsed',
        runnerId: this.runnerId,
        orderId: this.ids[slot] as OrderId,
        ownerId: this.owners[slot] as OwnerId,
        lapsedMinor: this.remaining[slot] as number,
      });
      this.remove(slot);
    }
  }

  private scanBackUp(fromTick: number): number {
    const heads = this.heads;
    for (let tick = fromTick; tick <= MAX_TICK; tick++) {
      if (heads[tick] !== NIL) return tick;
    }
    return NO_BACK_TICK;
  }

  private scanLayDown(fromTick: number): number {
    const heads = this.heads;
    for (let tick = fromTick; tick >= 0; tick--) {
      if (heads[LAY_LEVELS + tick] !== NIL) return tick;
    }
    return NO_LAY_TICK;
  }

  private view(slot: number): OrderView {
    return {
      id: this.ids[slot] as OrderId,
      ownerId: this.owners[slot] as OwnerId,
      side: this.sides[slot] === BACK ? 'back' : 'lay',
      priceTick: this.ticks[slot] as number,
      stakeMinor: this.stakes[slot] as number,
      matchedMinor: this.matched[slot] as number,
      remainingMinor: this.remaining[slot] as number,
      persistence: this.persistences[slot] === LAPSE ? 'lapse' : 'keep',
      sequence: this.sequences[slot] as number,
    };
  }

  private allocate(): number {
    const free = this.freeHead;
    if (free !== NIL) {
      this.freeHead = this.nexts[free] as number;
      return free;
    }
    if (this.highWater === this.sides.length) this.growSlots();
    return this.highWater++;
  }

  private release(slot: number): void {
    // Drop the caller's ids so a free slot keeps nothing alive.
    this.ids[slot] = 0;
    this.owners[slot] = 0;
    this.nexts[slot] = this.freeHead;
    this.freeHead = slot;
  }

  private growSlots(): void {
    const length = this.sides.length * 2;
    for (let slot = this.sides.length; slot < length; slot++) {
      this.ids.push(0);
      this.owners.push(0);
      this.stakes.push(0);
      this.matched.push(0);
      this.remaining.push(0);
      this.sequences.push(0);
    }
    this.sides = growUint8(this.sides, length);
    this.persistences = growUint8(this.persistences, length);
    this.ticks = growInt32(this.ticks, length);
    this.prevs = growInt32(this.prevs, length);
    this.nexts = growInt32(this.nexts, length);
  }
}

/** Creates the production order book for one runner. */
export function createOrderBook(options: OrderBookOptions): OrderBook {
  return new FastOrderBook(options);
}
