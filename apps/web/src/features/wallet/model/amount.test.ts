import { describe, expect, it } from 'vitest';
import {
  amountError,
  depositAmountError,
  depositLimits,
  depositRoomLeft,
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

describe('a deposit under the player’s own deposit limits', () => {
  const brand = { minDeposit: 300, maxDeposit: 50_000 };

  it('keeps the brand’s range when the player set no limit', () => {
    const info = { ...brand, depositAllowance: null };
    expect(depositLimits(info)).toEqual({ min: 300, max: 50_000 });
    expect(depositRoomLeft(info)).toBe(true);
    expect(depositAmountError('50000', info)).toBeNull();
  });

  it('brings the top down to what the limits leave, and says so past it', () => {
    const info = { ...brand, depositAllowance: 2_000 };
    expect(depositLimits(info)).toEqual({ min: 300, max: 2_000 });
    expect(depositAmountError('2000', info)).toBeNull();
    expect(depositAmountError('2000.01', info)).toBe(
      'Your deposit limits let you deposit up to ₹2,000.00 now',
    );
    // The brand's own limits are told first.
    expect(depositAmountError('100', info)).toBe('The least you can deposit at once is ₹300.00');
  });

  it('leaves no room when the limits leave less than the least deposit', () => {
    expect(depositRoomLeft({ ...brand, depositAllowance: 0 })).toBe(false);
    expect(depositRoomLeft({ ...brand, depositAllowance: 299.99 })).toBe(false);
    expect(depositRoomLeft({ ...brand, depositAllowance: 300 })).toBe(true);
    // A limit above the brand's top does not raise it.
    expect(depositLimits({ ...brand, depositAllowance: 90_000 }).max).toBe(50_000);
  });
});
