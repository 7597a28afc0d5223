import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OrderId } from './order';
import { NO_SLOT, OrderIndex } from './order-index';

type IndexOp =
  | { readonly kind: 'add'; readonly key: number; readonly slot: number }
  | { readonly kind: 'delete'; readonly key: number }
  | { readonly kind: 'get'; readonly key: number };

/**
 * A small pool of keys of every kind the index tells apart: int32 ids (many sharing their low
 * bits, so they contend for ring entries and overflow, both ends of the int32 range, and -0
 * beside 0), and ids that go to its Map (fractional, past int32, strings, including one that
 * reads like a number).
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
  131_072,
  196_608,
  2 ** 20,
  -(2 ** 20),
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

/**
 * Ids sharing their low 16 bits, all after one ring entry (the ring is never that large here), so
 * all but one sit in the overflow table; their high bits are drawn at random for each run, so
 * they also share home buckets there and form probe runs.
 */
const CLASH_COUNT = 24;

/** Consecutive ids, as an exchange numbers its orders, most likely to sit in one probe run. */
const RUN_START = 1_000;
const RUN_LENGTH = 200;

const KEY_COUNT = KEYS.length + CLASH_COUNT + RUN_LENGTH;

/** Keys by index: KEYS, then the clashing ids, then the consecutive run. */
function keyAt(index: number, clashHighs: readonly number[]): OrderId {
  if (index < KEYS.length) return KEYS[index] as OrderId;
  if (index < KEYS.length + CLASH_COUNT) {
    return (clashHighs[index - KEYS.length] as number) * 65_536 + 7;
  }
  return RUN_START + index - KEYS.length - CLASH_COUNT;
}

const keyArb = fc.oneof(
  { weight: 1, arbitrary: fc.nat({ max: KEYS.length - 1 }) },
  {
    weight: 2,
    arbitrary: fc.integer({ min: KEYS.length, max: KEYS.length + CLASH_COUNT - 1 }),
  },
  { weight: 3, arbitrary: fc.integer({ min: KEYS.length + CLASH_COUNT, max: KEY_COUNT - 1 }) },
);

/** Only the clashing ids: nearly every op works the overflow table's probe runs. */
const clashKeyArb = fc.integer({ min: KEYS.length, max: KEYS.length + CLASH_COUNT - 1 });

function opsOf(key: fc.Arbitrary<number>): fc.Arbitrary<IndexOp> {
  return fc.oneof(
    {
      weight: 5,
      arbitrary: fc.record({
        kind: fc.constant('add' as const),
        key,
        slot: fc.nat({ max: 1_000_000 }),
      }),
    },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('delete' as const), key }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('get' as const), key }) },
  );
}

const opsArb = fc.oneof(
  fc.array(opsOf(keyArb), { minLength: 1, maxLength: 600, size: 'max' }),
  fc.array(opsOf(clashKeyArb), { minLength: 1, maxLength: 200, size: 'max' }),
);

describe('order index properties', () => {
  it('agrees with a Map on every lookup while growing from tiny tables, with ids contending for ring entries and probe runs', () => {
    fc.assert(
      fc.property(
        opsArb,
        fc.constantFrom(1, 2, 8),
        fc.uniqueArray(fc.integer({ min: -32_768, max: 32_767 }), {
          minLength: CLASH_COUNT,
          maxLength: CLASH_COUNT,
        }),
        (ops, initialCapacity, clashHighs) => {
          const index = new OrderIndex(initialCapacity);
          const model = new Map<OrderId, number>();
          for (const op of ops) {
            const key = keyAt(op.key, clashHighs);
            if (op.kind === 'add') {
              // The index's contract: an id is added only when absent (the book checks first).
              if (model.has(key)) continue;
              index.add(key, op.slot);
              model.set(key, op.slot);
            } else if (op.kind === 'delete') {
              index.delete(key);
              model.delete(key);
              // A delete moves entries within probe runs: every id left must still be found.
              for (const [live, slot] of model) {
                if (index.get(live) !== slot) expect([live, index.get(live)]).toEqual([live, slot]);
              }
            }
            const expected = model.get(key);
            const actual = index.get(key);
            if (actual !== (expected ?? NO_SLOT)) expect(actual).toBe(expected ?? NO_SLOT);
          }
          // Every key, present or not, must read back as the model has it.
          for (let keyIndex = 0; keyIndex < KEY_COUNT; keyIndex++) {
            const key = keyAt(keyIndex, clashHighs);
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
