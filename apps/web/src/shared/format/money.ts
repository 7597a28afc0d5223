import { fromMinorUnits, toMinorUnits } from '@backlay/exchange/money';
import { LATIN_DIGITS, perLocale } from '../i18n/intl';

/** Shown where an amount is not known yet; the product never guesses one. */
export const UNKNOWN_AMOUNT = '—';

/** Two decimals with Indian digit grouping, in the player's language. */
const money = perLocale(
  (locale) =>
    new Intl.NumberFormat(locale, {
      ...LATIN_DIGITS,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }),
);
/**
 * Ladder sizes stay `12.5K` and `1.2L` in every language: Hindi's `12.5 हज़ार` does not fit a
 * price cell, and K and L are what exchange players read there.
 */
const SIZE = new Intl.NumberFormat('en-IN', { notation: 'compact', maximumFractionDigits: 1 });

/** An amount in rupees with two decimals, Indian digit grouping. */
export function formatMoney(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return UNKNOWN_AMOUNT;
  return money().format(value);
}

/** An amount in rupees with its symbol (`₹1,00,000.00`), for payments. */
export function formatRupees(value: number | null | undefined): string {
  const amount = formatMoney(value);
  return amount === UNKNOWN_AMOUNT ? amount : `₹${amount}`;
}

/** An amount with its sign always shown (`+1,250.00`, `−300.00`), for profit and loss. */
export function formatSignedMoney(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return UNKNOWN_AMOUNT;
  const rounded = fromMinorUnits(toMinorUnits(value));
  if (rounded === 0) return money().format(0);
  return `${rounded > 0 ? '+' : '−'}${money().format(Math.abs(rounded))}`;
}

/** Whether an amount reads as a profit, a loss or neither, for colouring it. */
export function moneyTone(value: number): 'profit' | 'loss' | 'even' {
  // Not a number reads as even, an infinite amount by its sign.
  const rounded = Number.isFinite(value) ? toMinorUnits(value) : value;
  return rounded > 0 ? 'profit' : rounded < 0 ? 'loss' : 'even';
}

/** Rupees available at a price, short (`850`, `12.5K`, `1.2L`), as ladders show them. */
export function formatSize(value: number): string {
  return SIZE.format(Math.floor(value));
}

/** Decimal odds as exchanges print them: up to two decimals, no trailing zeros (`2.1`). */
export function formatPrice(value: number): string {
  return String(Math.round(value * 100) / 100);
}
