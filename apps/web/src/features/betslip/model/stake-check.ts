import { BET_REFUSALS, type BetSide } from '@backlay/contract/bets';
import type { UserLimits } from '@backlay/contract/sports';
import { formatMoney } from '../../../shared/format/money';
import { betFigures } from '../../bets/index';
import { isLadderPrice } from './price-ticks';

/** Reads a typed stake: rupees with at most two decimals; null for anything else. */
export function parseStake(text: string): number | null {
  const trimmed = text.trim().replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value > 0 ? value : null;
}

/** Reads a typed price: decimal odds; null for anything else. */
export function parsePrice(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}

export interface BetCheck {
  side: BetSide;
  stakeText: string;
  priceText: string;
  /** Whether the price must be a ladder price (not for quoted rates: bookmaker and fancy). */
  ladderPrice: boolean;
  limits: UserLimits | undefined;
}

/**
 * What is wrong with the bet as typed, in the exchange's own words (`BET_REFUSALS`), or null
 * when it may be placed. An empty stake is not an error yet: there is simply nothing to place.
 */
export function checkBet({
  side,
  stakeText,
  priceText,
  ladderPrice,
  limits,
}: BetCheck): string | null {
  const price = parsePrice(priceText);
  if (price === null || price < 1.01) return 'Enter a price of 1.01 or more.';
  if (ladderPrice && !isLadderPrice(price)) return BET_REFUSALS.PRICE_OFF_LADDER;
  if (stakeText.trim() === '') return null;
  const stake = parseStake(stakeText);
  if (stake === null) return 'Enter a stake in rupees, with at most two decimals.';
  if (!limits) return null;
  if (stake < limits.minStake) {
    return `${BET_REFUSALS.STAKE_BELOW_MIN} The minimum is ${formatMoney(limits.minStake)}.`;
  }
  if (stake > limits.maxStake) {
    return `${BET_REFUSALS.STAKE_ABOVE_MAX} The maximum is ${formatMoney(limits.maxStake)}.`;
  }
  const figures = betFigures(side, price, stake);
  if (figures && figures.liability > limits.maxLiability) {
    return `${BET_REFUSALS.LIABILITY_ABOVE_MAX} The limit is ${formatMoney(limits.maxLiability)}.`;
  }
  return null;
}
