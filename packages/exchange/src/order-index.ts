/**
 * Order id → slot number, for the order book's resting orders.
 *
 * Most callers number their orders, so int32 ids go to an open-addressing table in typed arrays
 * (linear probing, Fibonacci hashing, backward-shift deletion so no tombstones pile up): no
 * allocation per operation and none of the rehash pauses a Map shows under heavy insert/delete
 * churn. Every other id (strings, fractional or large numbers) goes to a plain Map. An id's kind
 * decides its home, so each id lives in exactly one of the two; equality matches a Map's
 * (SameValueZero), since -0 | 0 is 0 and 0 === -0.
 */

import type { OrderId } from './order';

/** What `get` returns for an id that is not present. */
export const NO_SLOT = -1;

/**
 * Golden-ratio multiplier: consecutive ids spread over the whole table. (Hashing an id to itself
 * keeps consecutive ids in consecutive buckets, and linear probing then walks those long runs.)
 */
const FIBONACCI = 0x9e3779b1;

const DEFAULT_CAPACITY = 1_024;

function isInt32Key(id: OrderId): id is number {
  return typeof id === 'number' && (id | 0) === id;
}

export class OrderIndex {
  /** Keys of occupied buckets; a bucket is occupied when its entry in `slotPlusOne` is not 0. */
  private keys: Int32Array;
  /** The slot stored for each bucket, plus one, so a zero-filled array means "all empty". */
  private slotPlusOne: Int32Array;
  private mask: number;
  private shift: number;
  private intCount = 0;
  private readonly others = new Map<OrderId, number>();

  /** `initialCapacity` is rounded up to a power of two (at least 2); the table grows as needed. */
  constructor(initialCapacity = DEFAULT_CAPACITY) {
    let capacity = 2;
    while (capacity < initialCapacity) capacity *= 2;
    this.keys = new Int32Array(capacity);
    this.slotPlusOne = new Int32Array(capacity);
    this.mask = capacity - 1;
    this.shift = 32 - Math.log2(capacity);
  }

  get size(): number {
    return this.intCount + this.others.size;
  }

  /** The slot stored for `id`, or NO_SLOT. */
  get(id: OrderId): number {
    if (!isInt32Key(id)) {
      const slot = this.others.get(id);
      return slot === undefined ? NO_SLOT : slot;
    }
    const keys = this.keys;
    const slotPlusOne = this.slotPlusOne;
    const mask = this.mask;
    let bucket = Math.imul(id, FIBONACCI) >>> this.shift;
    for (;;) {
      const stored = slotPlusOne[bucket] as number;
      if (stored === 0) return NO_SLOT;
      if (keys[bucket] === id) return stored - 1;
      bucket = (bucket + 1) & mask;
    }
  }

  /** Stores `slot` (a non-negative int32) for `id`, which must not be present. */
  add(id: OrderId, slot: number): void {
    if (!isInt32Key(id)) {
      this.others.set(id, slot);
      return;
    }
    // At most a quarter full: a miss (every new order's duplicate check) then ends within a
    // probe or two; at half full the longer, less predictable probe runs cost a fifth of the
    // book's throughput.
    if ((this.intCount + 1) * 4 > this.slotPlusOne.length) this.grow();
    this.insert(id, slot + 1);
    this.intCount++;
  }

  /** Removes `id`; does nothing when it is not present. */
  delete(id: OrderId): void {
    if (!isInt32Key(id)) {
      this.others.delete(id);
      return;
    }
    const keys = this.keys;
    const slotPlusOne = this.slotPlusOne;
    const mask = this.mask;
    const shift = this.shift;
    let hole = Math.imul(id, FIBONACCI) >>> shift;
    for (;;) {
      const stored = slotPlusOne[hole] as number;
      if (stored === 0) return;
      if (keys[hole] === id) break;
      hole = (hole + 1) & mask;
    }
    this.intCount--;
    // Backward shift: pull later entries of the probe run into the hole when the hole lies
    // between their home bucket and where they sit, so every run stays unbroken.
    let bucket = hole;
    for (;;) {
      bucket = (bucket + 1) & mask;
      const stored = slotPlusOne[bucket] as number;
      if (stored === 0) break;
      const key = keys[bucket] as number;
      const home = Math.imul(key, FIBONACCI) >>> shift;
      if (((bucket - home) & mask) >= ((bucket - hole) & mask)) {
        keys[hole] = key;
        slotPlusOne[hole] = stored;
        hole = bucket;
      }
    }
    slotPlusOne[hole] = 0;
  }

  private insert(id: number, stored: number): void {
    const mask = this.mask;
    let bucket = Math.imul(id, FIBONACCI) >>> this.shift;
    while (this.slotPlusOne[bucket] !== 0) bucket = (bucket + 1) & mask;
    this.keys[bucket] = id;
    this.slotPlusOne[bucket] = stored;
  }

  private grow(): void {
    const oldKeys = this.keys;
    const oldSlots = this.slotPlusOne;
    const capacity = oldSlots.length * 2;
    this.keys = new Int32Array(capacity);
    this.slotPlusOne = new Int32Array(capacity);
    this.mask = capacity - 1;
    this.shift--;
    for (let bucket = 0; bucket < oldSlots.length; bucket++) {
      const stored = oldSlots[bucket] as number;
      if (stored !== 0) this.insert(oldKeys[bucket] as number, stored);
    }
  }
}
