import { describe, expect, it } from 'vitest';
import { alignZeros, rangeWithZero, type AxisRange } from './chart-scales';

const zeroAt = ([min, max]: AxisRange) => -min / (max - min);

/** Compares ranges to the floating-point hair that multiplying by 1.05 leaves. */
function expectRange(actual: AxisRange, expected: AxisRange) {
  expect(actual[0]).toBeCloseTo(expected[0], 9);
  expect(actual[1]).toBeCloseTo(expected[1], 9);
}

describe('rangeWithZero', () => {
  it('holds zero and every value, with a little headroom', () => {
    expectRange(rangeWithZero([5, 10]), [0, 10.5]);
    expectRange(rangeWithZero([-4, 2]), [-4.2, 2.1]);
    expectRange(rangeWithZero([-3, -1]), [-3.15, 0]);
  });

  it('is zero to one when there is nothing but zero', () => {
    expect(rangeWithZero([])).toEqual([0, 1]);
    expect(rangeWithZero([0, 0, 0])).toEqual([0, 1]);
  });
});

describe('alignZeros', () => {
  it('lowers a positive axis to meet the zero of an axis that goes below it', () => {
    const [left, right] = alignZeros([
      [0, 100],
      [-10, 30],
    ]);
    expect(right).toEqual([-10, 30]);
    expect(left).toEqual([-100 / 3, 100]);
    expect(zeroAt(left as AxisRange)).toBeCloseTo(zeroAt(right as AxisRange));
  });

  it('gives room both ways when one axis is all below zero and another all above', () => {
    expect(
      alignZeros([
        [0, 100],
        [-10, 0],
      ]),
    ).toEqual([
      [-100, 100],
      [-10, 10],
    ]);
  });

  it('leaves axes whose zeros already agree as they are', () => {
    const ranges: AxisRange[] = [
      [0, 100],
      [0, 3],
    ];
    expect(alignZeros(ranges)).toEqual(ranges);
    expect(
      alignZeros([
        [-5, 0],
        [-1, 0],
      ]),
    ).toEqual([
      [-5, 0],
      [-1, 0],
    ]);
  });

  it('only ever widens an axis', () => {
    const before: AxisRange[] = [
      [-2, 50],
      [-40, 10],
      [0, 7],
    ];
    const after = alignZeros(before);
    after.forEach(([min, max], i) => {
      expect(min).toBeLessThanOrEqual(before[i]?.[0] ?? 0);
      expect(max).toBeGreaterThanOrEqual(before[i]?.[1] ?? 0);
    });
    const heights = after.map(zeroAt);
    for (const height of heights) expect(height).toBeCloseTo(heights[0] ?? 0);
  });
});
