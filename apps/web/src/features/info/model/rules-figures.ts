import type { MarketTypeRules } from '@backlay/contract/betting-rules';
import { formatMoney, UNKNOWN_AMOUNT } from '../../../shared/format/money';
import { count, i18n } from '../../../shared/i18n/i18n';
import { LATIN_DIGITS, perLocale } from '../../../shared/i18n/intl';

/**
 * The words of the figures tables: each market type as the rules page names it (keyed by the
 * contract's type), and each row's label.
 */
export const figureMessages = i18n('info/rules-figures', {
  MATCH_ODDS: 'Match odds',
  BOOKMAKER: 'Bookmaker',
  FANCY: 'Fancy',
  minStake: 'Min stake',
  maxStake: 'Max stake',
  maxLiability: 'Max liability',
  inPlayDelay: 'In-play delay',
  commission: 'Commission',
  noDelay: 'None',
  delay: count({ one: '{count} second', other: '{count} seconds' }),
});

const wholeRupees = perLocale(
  (locale) => new Intl.NumberFormat(locale, { ...LATIN_DIGITS, maximumFractionDigits: 0 }),
);

/** A limit in rupees, without paise when it has none (`₹1,00,000`, `₹50.50`). */
export function formatLimit(rupees: number): string {
  if (!Number.isFinite(rupees)) return UNKNOWN_AMOUNT;
  return `₹${Number.isInteger(rupees) ? wholeRupees().format(rupees) : formatMoney(rupees)}`;
}

/** An in-play bet delay: `None`, `1 second`, `5 seconds`. */
export function formatDelay(seconds: number): string {
  const t = figureMessages.get();
  return seconds <= 0 ? t.noDelay : t.delay(seconds);
}

/** A commission rate as a percentage (`2%`, `2.5%`). */
export function formatCommission(percent: number): string {
  return `${Number(percent.toFixed(2))}%`;
}

/** One row of a sport's figures table: its label's key and the figure of each market type. */
export interface FigureRow {
  label: 'minStake' | 'maxStake' | 'maxLiability' | 'inPlayDelay' | 'commission';
  value: (rules: MarketTypeRules) => string;
}

/** The figures each sport's table shows, in order. */
export const FIGURE_ROWS: readonly FigureRow[] = [
  { label: 'minStake', value: (rules) => formatLimit(rules.minStake) },
  { label: 'maxStake', value: (rules) => formatLimit(rules.maxStake) },
  { label: 'maxLiability', value: (rules) => formatLimit(rules.maxLiability) },
  { label: 'inPlayDelay', value: (rules) => formatDelay(rules.betDelaySeconds) },
  { label: 'commission', value: (rules) => formatCommission(rules.commissionPercent) },
];
