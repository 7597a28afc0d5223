import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OrderId } from './order';
import { NO_SLOT, OrderIndex } from './order-index';

type IndexOp =
  | { readonly kind: 'add'; readonly key: number; readonly slot: number }
  | { readonly kind: 'delete'; readonly key: number }
  | { readonly kind: 'get'; readonly key: number };

/**
 * A small pool of keys of every kind the index tells apart: int32 ids (some that share home
 * buckets in a small table, both ends of the int32 range, and -0 beside 0), and ids that go to its
 * Map (fractional, past int32, strings, including one that reads like a number).
 */
const KEYS: readonly OrderId[] = [
  0,
  -0,
  1,
  2,
  3,
  7,
  8,
  16,
  17,
  31,
  32,
  64,
  1_024,
  1_025,
  65_536,
  -1,
  -2,
  -65_536,
  2 ** 31 - 1,
  -(2 ** 31),
  2 ** 31,
  2 ** 40,
  1.5,
  -0.25,
  'a',
  'b',
  '1',
  '',
];

/** Consecutive ids, as an exchange numbers its orders, most likely to sit in one probe run. */
const RUN_START = 1_000;
const RUN_LENGTH = 200;

const keyArb = fc.oneof(
  { weight: 1, arbitrary: fc.nat({ max: KEYS.length - 1 }) },
  // Indices past KEYS pick from the consecutive run.
  { weight: 3, arbitrary: fc.integer({ min: KEYS.length, max: KEYS.length + RUN_LENGTH - 1 }) },
);

function keyAt(index: number): OrderId {
  return index < KEYS.length ? (KEYS[index] as OrderId) : RUN_START + index - KEYS.length;
}

const opArb: fc.Arbitrary<IndexOp> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('add' as const),
      key: keyArb,
      slot: fc.nat({ max: 1_000_000 }),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('delete' as const), key: keyArb }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('get' as const), key: keyArb }) },
);

describe('order index properties', () => {
  it('agrees with a Map on every lookup while growing from a tiny table, with deletes in probe runs', () => {
    fc.assert(
      fc.property(
        fc.array(opArb, { minLength: 1, maxLength: 600 }),
        fc.constantFrom(1, 2, 8),
        (ops, initialCapacity) => {
          const index = new OrderIndex(initialCapacity);
          const model = new Map<OrderId, number>();
          for (const op of ops) {
            const key = keyAt(op.key);
            if (op.kind === 'add') {
              // The index's contract: an id is added only when absent (the book checks first).
              if (model.has(key)) continue;
              index.add(key, op.slot);
              model.set(key, op.slot);
            } else if (op.kind === 'delete') {
              index.delete(key);
              model.delete(key);
            }
            const expected = model.get(key);
            const actual = index.get(key);
            if (actual !== (expected ?? NO_SLOT)) expect(actual).toBe(expected ?? NO_SLOT);
          }
          // Every key, present or not, must read back as the model has it.
          for (let keyIndex = 0; keyIndex < KEYS.length + RUN_LENGTH; keyIndex++) {
            const key = keyAt(keyIndex);
            const actual = index.get(key);
            const expected = model.get(key) ?? NO_SLOT;
            if (actual !== expected) expect([key, actual]).toEqual([key, expected]);
          }
          expect(index.size).toBe(model.size);
        },
      ),
      { seed: 77_001, numRuns: 400 },
    );
  });
});
