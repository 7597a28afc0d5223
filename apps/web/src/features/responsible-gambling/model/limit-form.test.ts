import { describe, expect, it } from 'vitest';
import { buildGamblingSettings } from '../test/gambling-fixtures';
import { parseLimit, toLimitForm, validateLimitForm, type LimitForm } from './limit-form';

const form = (overrides: Partial<Record<string, string>> = {}): LimitForm => {
  const base = toLimitForm(buildGamblingSettings());
  for (const [key, value] of Object.entries(overrides)) {
    const [kind, window] = key.split('.') as ['deposit' | 'loss', 'day' | 'week' | 'month'];
    base[kind][window] = value ?? '';
  }
  return base;
};

describe('toLimitForm', () => {
  it('shows each limit as asked for: in force, or the raise or removal still waiting', () => {
    const settings = buildGamblingSettings({
      deposit: {
        day: { amount: 1_000, pending: { amount: 5_000, from: '2026-11-26T09:00:00.000Z' } },
        month: { amount: 20_000.5 },
      },
      loss: { week: { amount: 3_000, pending: { amount: null, from: '2026-11-26T09:00:00Z' } } },
    });
    expect(toLimitForm(settings)).toEqual({
      deposit: { day: '5000', week: '', month: '20000.5' },
      loss: { day: '', week: '', month: '' },
    });
  });
});

describe('parseLimit', () => {
  it('reads empty as no limit, digit grouping and the rupee sign as typed, and nonsense as NaN', () => {
    expect(parseLimit('  ')).toBeNull();
    expect(parseLimit('₹1,00,000')).toBe(100_000);
    expect(parseLimit('abc')).toBeNaN();
  });
});

describe('validateLimitForm', () => {
  it('sends all six limits, null for each empty one', () => {
    expect(validateLimitForm(form({ 'deposit.day': '1,000', 'loss.month': '25000' }))).toEqual({
      ok: true,
      limits: {
        deposit: { day: 1_000, week: null, month: null },
        loss: { day: null, week: null, month: 25_000 },
      },
    });
  });

  it('puts the window-order messages under the shorter window’s field', () => {
    const checked = validateLimitForm(
      form({
        'deposit.day': '5000',
        'deposit.week': '2000',
        'loss.week': '9000',
        'loss.month': '8000',
      }),
    );
    expect(checked).toEqual({
      ok: false,
      errors: {
        'deposit.day': 'The 24-hour limit cannot be above the 7-day limit',
        'loss.week': 'The 7-day limit cannot be above the 30-day limit',
      },
    });
  });

  it('compares the 24-hour limit with the 30-day one when the 7-day one is empty', () => {
    const checked = validateLimitForm(form({ 'loss.day': '900', 'loss.month': '800' }));
    expect(checked).toEqual({
      ok: false,
      errors: { 'loss.day': 'The 24-hour limit cannot be above the 30-day limit' },
    });
  });

  it('gives an unreadable, zero, fractional or huge amount the contract’s message', () => {
    const checked = validateLimitForm(
      form({
        'deposit.day': 'abc',
        'deposit.week': '0',
        'deposit.month': '10.005',
        'loss.day': '20000000',
      }),
    );
    expect(checked).toEqual({
      ok: false,
      errors: {
        'deposit.day': 'Enter an amount',
        'deposit.week': 'Enter an amount above zero',
        'deposit.month': 'Amounts have at most two decimals',
        'loss.day': 'Limits go up to ₹1,00,00,000',
      },
    });
  });
});
