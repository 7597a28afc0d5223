import type { MarketTypeRules } from '@backlay/contract/betting-rules';
import type { MarketType } from '@backlay/contract/sports';
import { formatMoney, UNKNOWN_AMOUNT } from '../../../shared/format/money';

/** Market types as the rules page names them. */
export const MARKET_TYPE_NAMES: Record<MarketType, string> = {
  MATCH_ODDS: 'Match odds',
  BOOKMAKER: 'Bookmaker',
  FANCY: 'Fancy',
};

const WHOLE_RUPEES = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

/** A limit in rupees, without paise when it has none (`₹1,00,000`, `₹50.50`). */
export function formatLimit(rupees: number): string {
  if (!Number.isFinite(rupees)) return UNKNOWN_AMOUNT;
  return `₹${Number.isInteger(rupees) ? WHOLE_RUPEES.format(rupees) : formatMoney(rupees)}`;
}

/** An in-play bet delay: `None`, `1 second`, `5 seconds`. */
export function formatDelay(seconds: number): string {
  if (seconds <= 0) return 'None';
  return seconds === 1 ? '1 second' : `${seconds} seconds`;
}

/** A commission rate as a percentage (`2%`, `2.5%`). */
export function formatCommission(percent: number): string {
  return `${Number(percent.toFixed(2))}%`;
}

/** One row of a sport's figures table: its label and the figure of each market type. */
export interface FigureRow {
  label: string;
  value: (rules: MarketTypeRules) => string;
}

/** The figures each sport's table shows, in order. */
export const FIGURE_ROWS: readonly FigureRow[] = [
  { label: 'Min stake', value: (rules) => formatLimit(rules.minStake) },
  { label: 'Max stake', value: (rules) => formatLimit(rules.maxStake) },
  { label: 'Max liability', value: (rules) => formatLimit(rules.maxLiability) },
  { label: 'In-play delay', value: (rules) => formatDelay(rules.betDelaySeconds) },
  { label: 'Commission', value: (rules) => formatCommission(rules.commissionPercent) },
];
