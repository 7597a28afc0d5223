import { describe, expect, it } from 'vitest';
import { readLaunch, safeReturnUrl } from './launch';
import { amountText, formatMoney, parseAmount } from './money';

describe('amounts', () => {
  it('are written in rupees with Indian grouping and Latin digits, in both languages', () => {
    expect(formatMoney(10_000, 'en')).toBe('₹100');
    expect(formatMoney(123_456_750, 'en')).toBe('₹12,34,567.50');
    expect(formatMoney(123_456_750, 'hi')).toBe('₹12,34,567.50');
  });

  it('are read from what a player types, exactly, in paise', () => {
    expect(parseAmount('10.10')).toBe(1_010);
    expect(parseAmount(' 1,000 ')).toBe(100_000);
    expect(parseAmount('0.5')).toBe(50);
    for (const bad of ['', '0', '-5', '1.234', 'ten', '1e3']) expect(parseAmount(bad)).toBeNull();
    expect(amountText(1_050)).toBe('10.50');
    expect(amountText(1_000)).toBe('10');
  });
});

describe('the launch URL', () => {
  it('gives the token, the language and a safe way back', () => {
    expect(
      readLaunch('?token=abc&lang=hi&returnUrl=https%3A%2F%2Faviatorclub.in%2Fcasino&game=x'),
    ).toEqual({ token: 'abc', language: 'hi', returnUrl: 'https://aviatorclub.in/casino' });
    expect(readLaunch('?lang=fr')).toEqual({ token: '', language: 'en', returnUrl: null });
  });

  it('never leads back to a script or another site’s protocol-relative address', () => {
    expect(safeReturnUrl('/casino')).toBe('/casino');
    expect(safeReturnUrl('javascript:alert(1)')).toBeNull();
    expect(safeReturnUrl('//evil.example/x')).toBeNull();
    expect(safeReturnUrl('/\\evil.example')).toBeNull();
  });
});
