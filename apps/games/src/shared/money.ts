/**
 * Amounts as players read them. The wire carries whole minor units (paise); a player types and
 * reads rupees. Indian grouping (1,00,000) and Latin digits in both languages, as the player
 * client writes them.
 */
import type { Language } from './launch';

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(language: Language, currency: string, fraction: boolean): Intl.NumberFormat {
  const key = `${language}|${currency}|${fraction}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(`${language}-IN`, {
      style: 'currency',
      currency,
      numberingSystem: 'latn',
      minimumFractionDigits: fraction ? 2 : 0,
      maximumFractionDigits: fraction ? 2 : 0,
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** `123450` → `₹1,234.50`; whole amounts without paise (`₹100`). */
export function formatMoney(minor: number, language: Language, currency = 'INR'): string {
  return formatterFor(language, currency, minor % 100 !== 0).format(minor / 100);
}

/**
 * What a player typed, in minor units: a positive amount with at most two decimals, else null.
 * Read as text, never through floating point, so `10.10` is exactly 1010.
 */
export function parseAmount(text: string): number | null {
  const match = /^\s*(\d{1,12})(?:\.(\d{1,2}))?\s*$/.exec(text.replace(/,/g, ''));
  if (!match) return null;
  const minor = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return minor > 0 ? minor : null;
}

/** Minor units as an input shows them: `1050` → `10.50`, `1000` → `10`. */
export function amountText(minor: number): string {
  return minor % 100 === 0 ? String(minor / 100) : (minor / 100).toFixed(2);
}
