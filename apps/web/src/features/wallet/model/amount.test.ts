import { describe, expect, it } from 'vitest';
import {
  amountError,
  limitsHint,
  parseAmount,
  quickAmounts,
  withdrawalAmountError,
} from './amount';

const LIMITS = { min: 300, max: 50_000 };

describe('quick amounts', () => {
  it('are the usual ones when the limits allow them', () => {
    expect(quickAmounts(LIMITS)).toEqual([500, 1_000, 5_000, 10_000]);
  });

  it('are brought inside narrower limits, each once', () => {
    expect(quickAmounts({ min: 1_000, max: 6_000 })).toEqual([1_000, 5_000, 6_000]);
    expect(quickAmounts({ min: 2_000, max: 2_000 })).toEqual([2_000]);
  });
});

describe('an amount as typed', () => {
  it('reads digit grouping and the rupee sign; nothing typed is no number', () => {
    expect(parseAmount('₹1,00,000.50')).toBe(100_000.5);
    expect(parseAmount('  ')).toBeNaN();
    expect(parseAmount('12a')).toBeNaN();
  });

  it('is checked with the contract’s rule, then the limits', () => {
    expect(amountError('', LIMITS, 'deposit')).toBe('Enter an amount');
    expect(amountError('abc', LIMITS, 'deposit')).toBe('Enter an amount');
    expect(amountError('0', LIMITS, 'deposit')).toBe('Enter an amount above zero');
    expect(amountError('500.125', LIMITS, 'deposit')).toBe('Amounts have at most two decimals');
    expect(amountError('299.99', LIMITS, 'deposit')).toBe(
      'The least you can deposit at once is ₹300.00',
    );
    expect(amountError('50000.01', LIMITS, 'withdraw')).toBe(
      'The most you can withdraw at once is ₹50,000.00',
    );
    expect(amountError('50000', LIMITS, 'deposit')).toBeNull();
  });

  it('is refused above the withdrawable cash for a withdrawal', () => {
    expect(withdrawalAmountError('1200', LIMITS, 1_000)).toBe(
      'You can withdraw up to ₹1,000.00 now',
    );
    expect(withdrawalAmountError('1000', LIMITS, 1_000)).toBeNull();
    expect(withdrawalAmountError('100', LIMITS, 1_000)).toBe(
      'The least you can withdraw at once is ₹300.00',
    );
  });

  it('has its limits said under the field', () => {
    expect(limitsHint({ min: 500, max: 100_000 })).toBe('Min ₹500.00 · Max ₹1,00,000.00');
  });
});
