import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_TICK,
  MIN_TICK,
  PRICE_COUNT,
  clampTick,
  isValidTick,
  nextTick,
  previousTick,
  priceHundredthsToTick,
  priceToTick,
  tickAtOrAbove,
  tickAtOrBelow,
  tickToPrice,
  tickToPriceHundredths,
  validatePrice,
} from './ladder';

/** [price, tick, previous price, next price] at every band boundary. */
const BOUNDARIES: readonly [number, number, number | undefined, number | undefined][] = [
  [1.01, 0, undefined, 1.02],
  [2, 99, 1.99, 2.02],
  [3, 149, 2.98, 3.05],
  [4, 169, 3.95, 4.1],
  [6, 189, 5.9, 6.2],
  [10, 209, 9.8, 10.5],
  [20, 229, 19.5, 21],
  [30, 239, 29, 32],
  [50, 249, 48, 55],
  [100, 259, 95, 110],
  [1000, 349, 990, undefined],
];

/** [lower price, upper price (exclusive), step] of every band. */
const BANDS: readonly [number, number, number][] = [
  [101, 200, 1],
  [200, 300, 2],
  [300, 400, 5],
  [400, 600, 10],
  [600, 1_000, 20],
  [1_000, 2_000, 50],
  [2_000, 3_000, 100],
  [3_000, 5_000, 200],
  [5_000, 10_000, 500],
  [10_000, 100_000, 1_000],
];

describe('price ladder', () => {
  it('has exactly 350 prices from 1.01 to 1000', () => {
    expect(PRICE_COUNT).toBe(350);
    expect(MIN_TICK).toBe(0);
    expect(MAX_TICK).toBe(349);
    expect(tickToPrice(MIN_TICK)).toBe(1.01);
    expect(tickToPrice(MAX_TICK)).toBe(1000);
    const all = Array.from({ length: PRICE_COUNT }, (_, tick) => tickToPriceHundredths(tick));
    expect(new Set(all).size).toBe(350);
  });

  it.each(BOUNDARIES)(
    'boundary %s is tick %s with neighbours %s / %s',
    (price, tick, before, after) => {
      expect(priceToTick(price)).toBe(tick);
      expect(tickToPrice(tick)).toBe(price);
      expect(tickToPriceHundredths(tick)).toBe(Math.round(price * 100));
      const previous = previousTick(tick);
      const next = nextTick(tick);
      expect(previous === undefined ? undefined : tickToPrice(previous)).toBe(before);
      expect(next === undefined ? undefined : tickToPrice(next)).toBe(after);
    },
  );

  it.each(BANDS)('steps from %d to %d hundredths by %d', (from, to, step) => {
    const start = priceHundredthsToTick(from);
    expect(start).toBeTypeOf('number');
    let tick = start ?? -1;
    let expected = from;
    while (expected < to) {
      expect(tickToPriceHundredths(tick)).toBe(expected);
      expect(tickToPriceHundredths(tick + 1) - tickToPriceHundredths(tick)).toBe(step);
      tick += 1;
      expected += step;
    }
    expect(tickToPriceHundredths(tick)).toBe(to);
  });

  it('round-trips every tick through its decimal price and its hundredths', () => {
    for (let tick = 0; tick < PRICE_COUNT; tick++) {
      expect(priceToTick(tickToPrice(tick))).toBe(tick);
      expect(priceHundredthsToTick(tickToPriceHundredths(tick))).toBe(tick);
      if (tick > 0)
        expect(tickToPriceHundredths(tick)).toBeGreaterThan(tickToPriceHundredths(tick - 1));
    }
  });

  it('accepts decimal prices that are not exact in binary floating point', () => {
    expect(priceToTick(1.1)).toBe(9);
    expect(priceToTick(1.15)).toBe(14);
    expect(priceToTick(2.22)).toBe(110);
    expect(priceToTick(0.1 + 0.2 + 1)).toBe(29);
  });

  it.each([
    [2.01, 'price_off_ladder'],
    [3.01, 'price_off_ladder'],
    [5.95, 'price_off_ladder'],
    [1000.5, 'price_out_of_range'],
    [1.015, 'price_off_ladder'],
    [1.005, 'price_out_of_range'],
    [1001, 'price_out_of_range'],
    [1, 'price_out_of_range'],
    [0, 'price_out_of_range'],
    [-2, 'price_out_of_range'],
    [Number.NaN, 'price_not_a_number'],
    [Number.POSITIVE_INFINITY, 'price_not_a_number'],
    ['2', 'price_not_a_number'],
    [null, 'price_not_a_number'],
  ] as const)('rejects %s as %s without throwing', (price, code) => {
    expect(validatePrice(price)).toEqual({ ok: false, code });
    expect(priceToTick(price)).toBeUndefined();
  });

  it('validates on-ladder prices with their tick', () => {
    expect(validatePrice(2.02)).toEqual({ ok: true, tick: 100 });
    expect(validatePrice(1000)).toEqual({ ok: true, tick: 349 });
  });

  it('rejects hundredths that are off the ladder or not integers', () => {
    expect(priceHundredthsToTick(201)).toBeUndefined();
    expect(priceHundredthsToTick(100)).toBeUndefined();
    expect(priceHundredthsToTick(100_010)).toBeUndefined();
    expect(priceHundredthsToTick(150.5)).toBeUndefined();
    expect(priceHundredthsToTick(150)).toBe(49);
  });

  it('classifies ticks and refuses to convert invalid ones', () => {
    expect(isValidTick(0)).toBe(true);
    expect(isValidTick(349)).toBe(true);
    expect(isValidTick(350)).toBe(false);
    expect(isValidTick(-1)).toBe(false);
    expect(isValidTick(1.5)).toBe(false);
    expect(isValidTick(Number.NaN)).toBe(false);
    expect(() => tickToPrice(350)).toThrow(RangeError);
    expect(() => tickToPrice(-1)).toThrow(RangeError);
    expect(() => tickToPriceHundredths(2.5)).toThrow(RangeError);
  });

  it('returns undefined stepping off either end or from an invalid tick', () => {
    expect(previousTick(0)).toBeUndefined();
    expect(nextTick(349)).toBeUndefined();
    expect(nextTick(350)).toBeUndefined();
    expect(previousTick(-3)).toBeUndefined();
    expect(nextTick(0)).toBe(1);
    expect(previousTick(349)).toBe(348);
  });

  it('clamps arbitrary numbers onto the ladder', () => {
    expect(clampTick(-10)).toBe(0);
    expect(clampTick(1_000)).toBe(349);
    expect(clampTick(12.4)).toBe(12);
    expect(clampTick(Number.NaN)).toBe(0);
  });

  it('finds the ticks at or either side of any price in hundredths', () => {
    expect(tickAtOrBelow(200)).toBe(99);
    expect(tickAtOrAbove(200)).toBe(99);
    expect(tickAtOrBelow(201)).toBe(99);
    expect(tickAtOrAbove(201)).toBe(100);
    expect(tickAtOrBelow(200.99999999999997)).toBe(99);
    expect(tickAtOrAbove(200.99999999999997)).toBe(100);
    expect(tickAtOrBelow(101)).toBe(MIN_TICK);
    expect(tickAtOrAbove(100_000)).toBe(MAX_TICK);
  });

  it('holds the ends of the ladder for prices beyond them and refuses NaN', () => {
    expect(tickAtOrBelow(100.5)).toBeUndefined();
    expect(tickAtOrAbove(100.5)).toBe(MIN_TICK);
    expect(tickAtOrBelow(Number.NEGATIVE_INFINITY)).toBeUndefined();
    expect(tickAtOrAbove(Number.NEGATIVE_INFINITY)).toBe(MIN_TICK);
    expect(tickAtOrBelow(100_000.5)).toBe(MAX_TICK);
    expect(tickAtOrAbove(100_000.5)).toBeUndefined();
    expect(tickAtOrBelow(Number.POSITIVE_INFINITY)).toBe(MAX_TICK);
    expect(tickAtOrAbove(Number.POSITIVE_INFINITY)).toBeUndefined();
    expect(tickAtOrBelow(Number.NaN)).toBeUndefined();
    expect(tickAtOrAbove(Number.NaN)).toBeUndefined();
  });

  it('agrees with a scan of the whole ladder for any price', () => {
    const prices = Array.from({ length: PRICE_COUNT }, (_, tick) => tickToPriceHundredths(tick));
    const scanBelow = (hundredths: number) => {
      const index = prices.findLastIndex((price) => price <= hundredths);
      return index < 0 ? undefined : index;
    };
    const scanAbove = (hundredths: number) => {
      const index = prices.findIndex((price) => price >= hundredths);
      return index < 0 ? undefined : index;
    };
    const edges = prices.flatMap((price) => [
      price - 1,
      price - 0.5,
      price,
      price + 0.5,
      price + 1,
    ]);
    for (const hundredths of [90, 100, 100_001, 100_100, ...edges]) {
      expect(tickAtOrBelow(hundredths)).toBe(scanBelow(hundredths));
      expect(tickAtOrAbove(hundredths)).toBe(scanAbove(hundredths));
    }
    fc.assert(
      fc.property(fc.double({ min: 0, max: 110_000, noNaN: true }), (hundredths) => {
        expect(tickAtOrBelow(hundredths)).toBe(scanBelow(hundredths));
        expect(tickAtOrAbove(hundredths)).toBe(scanAbove(hundredths));
      }),
      { seed: 4_242, numRuns: 2_000 },
    );
  });
});
