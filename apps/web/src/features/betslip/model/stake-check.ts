import { BET_REFUSALS, type BetSide } from '@backlay/contract/bets';
import type { UserLimits } from '@backlay/contract/sports';
import { formatMoney, formatPrice } from '../../../shared/format/money';
import { i18n, params } from '../../../shared/i18n/i18n';
import { betFigures } from '../../bets/index';
import { isLadderPrice } from './price-ticks';

/** The lowest price a bet may have. */
const MIN_PRICE = 1.01;

/**
 * What the slip says of a bet it will not send. The English is the exchange's own refusal
 * (`BET_REFUSALS`), so the slip and the server word a refusal alike.
 */
const messages = i18n('betslip/stake-check', {
  priceTooLow: params('Enter a price of {min} or more.'),
  offLadder: BET_REFUSALS.PRICE_OFF_LADDER,
  stakeUnreadable: 'Enter a stake in rupees, with at most two decimals.',
  belowMin: params(`${BET_REFUSALS.STAKE_BELOW_MIN} The minimum is {min}.`),
  aboveMax: params(`${BET_REFUSALS.STAKE_ABOVE_MAX} The maximum is {max}.`),
  aboveLiability: params(`${BET_REFUSALS.LIABILITY_ABOVE_MAX} The limit is {limit}.`),
});

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
 * What is wrong with the bet as typed, in the exchange's own words (`BET_REFUSALS`) in the
 * player's language, or null when it may be placed. An empty stake is not an error yet: there is simply nothing to place.
 */
export function checkBet({
  side,
  stakeText,
  priceText,
  ladderPrice,
  limits,
}: BetCheck): string | null {
  const t = messages.get();
  const price = parsePrice(priceText);
  if (price === null || price < MIN_PRICE) return t.priceTooLow({ min: formatPrice(MIN_PRICE) });
  if (ladderPrice && !isLadderPrice(price)) return t.offLadder;
  if (stakeText.trim() === '') return null;
  const stake = parseStake(stakeText);
  if (stake === null) return t.stakeUnreadable;
  if (!limits) return null;
  if (stake < limits.minStake) return t.belowMin({ min: formatMoney(limits.minStake) });
  if (stake > limits.maxStake) return t.aboveMax({ max: formatMoney(limits.maxStake) });
  const figures = betFigures(side, price, stake);
  if (figures && figures.liability > limits.maxLiability) {
    return t.aboveLiability({ limit: formatMoney(limits.maxLiability) });
  }
  return null;
}
