import { describe, expect, it } from 'vitest';
import { formatCommission, formatDelay, formatLimit } from './rules-figures';

describe('the figures of the rules page', () => {
  it('states limits in rupees, with paise only when there are some', () => {
    expect(formatLimit(100)).toBe('₹100');
    expect(formatLimit(2_000_000)).toBe('₹20,00,000');
    expect(formatLimit(50.5)).toBe('₹50.50');
    expect(formatLimit(Number.NaN)).toBe('—');
  });

  it('says when there is no delay, and gives a delay in seconds', () => {
    expect(formatDelay(0)).toBe('None');
    expect(formatDelay(1)).toBe('1 second');
    expect(formatDelay(5)).toBe('5 seconds');
  });

  it('gives commission as a percentage without trailing zeros', () => {
    expect(formatCommission(2)).toBe('2%');
    expect(formatCommission(2.5)).toBe('2.5%');
    expect(formatCommission(0)).toBe('0%');
  });
});
