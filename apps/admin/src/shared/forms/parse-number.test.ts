import { describe, expect, it } from 'vitest';
import { parseNumber } from './parse-number';

describe('parseNumber', () => {
  it('reads numbers with thousands separators, empty as null and anything else as NaN', () => {
    expect(parseNumber(' 5,00,000 ')).toBe(500000);
    expect(parseNumber('2.5')).toBe(2.5);
    expect(parseNumber('')).toBeNull();
    expect(parseNumber('   ')).toBeNull();
    expect(parseNumber('12abc')).toBeNaN();
    expect(parseNumber('1e3')).toBeNaN();
  });
});
