import { describe, expect, it } from 'vitest';
import { isLadderPrice, stepPrice } from './price-ticks';

describe('stepPrice', () => {
  it.each([
    [1.01, 1, 1.02],
    [1.99, 1, 2],
    [2, 1, 2.02],
    [2.02, -1, 2],
    [2, -1, 1.99],
    [3, 1, 3.05],
    [4, 1, 4.1],
    [6, 1, 6.2],
    [10, 1, 10.5],
    [20, 1, 21],
    [30, 1, 32],
    [50, 1, 55],
    [100, 1, 110],
    [110, -1, 100],
  ] as const)('moves %s by one tick %s to %s', (price, direction, expected) => {
    expect(stepPrice(price, direction)).toBe(expected);
  });

  it('holds at the ends of the ladder', () => {
    expect(stepPrice(1.01, -1)).toBe(1.01);
    expect(stepPrice(1000, 1)).toBe(1000);
  });

  it('moves a price between steps to the nearest step in that direction', () => {
    expect(stepPrice(2.01, 1)).toBe(2.02);
    expect(stepPrice(2.01, -1)).toBe(2);
    expect(stepPrice(0.5, 1)).toBe(1.01);
    expect(stepPrice(5000, -1)).toBe(1000);
  });

  it('knows ladder prices', () => {
    expect(isLadderPrice(1.85)).toBe(true);
    expect(isLadderPrice(2.01)).toBe(false);
  });
});
