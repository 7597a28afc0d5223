import { describe, expect, it } from 'vitest';
import { formatCount, formatRupees, formatRupeesCompact, tone } from './money';

describe('formatRupees', () => {
  it.each([
    [123456, '₹1,23,456.00'],
    [12345678.5, '₹1,23,45,678.50'],
    [0, '₹0.00'],
    [-300, '-₹300.00'],
    [-0.001, '₹0.00'],
  ])('writes %s as %s', (value, text) => {
    expect(formatRupees(value)).toBe(text);
  });

  it('never guesses a missing figure', () => {
    expect(formatRupees(null)).toBe('—');
    expect(formatRupees(Number.NaN)).toBe('—');
  });
});

describe('tone', () => {
  it('reads by the rounded paise', () => {
    expect(tone(0.004)).toBe('even');
    expect(tone(0.01)).toBe('gain');
    expect(tone(-2)).toBe('loss');
  });
});

describe('formatRupeesCompact', () => {
  it.each([
    [0, '₹0'],
    [950, '₹950'],
    [1500, '₹1.5K'],
    [123456, '₹1.2L'],
    [98765432, '₹9.9Cr'],
    [-25000, '-₹25K'],
  ])('writes %s as %s', (value, text) => {
    expect(formatRupeesCompact(value)).toBe(text);
  });
});

describe('formatCount', () => {
  it('groups digits the Indian way and never guesses a missing count', () => {
    expect(formatCount(1234567)).toBe('12,34,567');
    expect(formatCount(0)).toBe('0');
    expect(formatCount(null)).toBe('—');
  });
});
