import { describe, expect, it } from 'vitest';
import { availableToBet } from './available';

describe('availableToBet', () => {
  it('is the balance less the exposure, to the paisa', () => {
    expect(availableToBet(40_000, 1_250.5)).toBe(38_749.5);
    // 0.3 − 0.1 in floating point is 0.19999999999999998.
    expect(availableToBet(0.3, 0.1)).toBe(0.2);
    expect(availableToBet(100, 0)).toBe(100);
  });

  it('is unknown while the balance or the exposure is', () => {
    expect(availableToBet(Number.NaN, 0)).toBeUndefined();
    expect(availableToBet(100, undefined)).toBeUndefined();
    expect(availableToBet(null, 0)).toBeUndefined();
  });
});
