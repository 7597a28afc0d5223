import { describe, expect, it } from 'vitest';
import { rateOf, readsAsRate, runValueOf } from './rates';

describe('rates', () => {
  it('reads decimal odds as what a hundred rupees wins', () => {
    expect(rateOf(2)).toBe(100);
    expect(rateOf(1.85)).toBe(85);
    expect(rateOf(1.01)).toBe(1);
    expect(rateOf(3.05)).toBe(205);
    // Floating point never leaves a fraction: 1.1 − 1 is 0.10000000000000009.
    expect(rateOf(1.1)).toBe(10);
  });

  it('reads only bookmaker and fancy prices as rates', () => {
    expect(readsAsRate('BOOKMAKER')).toBe(true);
    expect(readsAsRate('FANCY')).toBe(true);
    expect(readsAsRate('MATCH_ODDS')).toBe(false);
  });

  it('names a line by the run count that wins Yes', () => {
    expect(runValueOf(84.5)).toBe(85);
    expect(runValueOf(0.5)).toBe(1);
  });
});
