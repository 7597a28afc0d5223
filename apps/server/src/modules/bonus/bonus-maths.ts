/**
 * The arithmetic of bonuses, pure and in minor units: what a bonus is worth, what it must wager,
 * and what a settled stake counts towards it. Shares round down to the paisa, in the brand's
 * favour by at most a paisa and never in a way a player could repeat to gain.
 */
import { tickToPriceHundredths } from '@backlay/exchange/ladder';
import type { BonusTerms } from '@backlay/contract/bonuses';

/** The bonus in minor units for a qualifying amount (a deposit or a net loss), by the terms. */
export function bonusAmountMinor(
  terms: Pick<BonusTerms, 'amountKind' | 'amount' | 'percent' | 'maxAmount'>,
  qualifyingMinor: number | null,
): number | null {
  if (terms.amountKind === 'FIXED') return Math.round((terms.amount ?? 0) * 100);
  if (qualifyingMinor === null) return null;
  const share = Math.floor((qualifyingMinor * (terms.percent ?? 0)) / 100);
  return Math.min(share, Math.round((terms.maxAmount ?? 0) * 100));
}

/** The wagering a bonus needs: the bonus times the multiplier (tenths), rounded up to a paisa. */
export function requiredMinor(amountMinor: number, wageringMultiplier: number): number {
  return Math.ceil((amountMinor * Math.round(wageringMultiplier * 10)) / 10);
}

/** A matched part of a settled bet. */
export interface CountedFill {
  priceTick: number;
  stakeMinor: number;
}

/**
 * What a player's settled position on one market counts towards a betting bonus: the matched
 * stake of fills at or above the minimum price, but never more than the position risked on the
 * market as a whole (`netRiskMinor`), so backing and laying the same runner (a hedge) counts
 * only the net risk left, and a fully hedged position counts nothing; then the campaign's share.
 */
export function bettingWagerMinor(
  position: { netRiskMinor: number; fills: readonly CountedFill[] },
  rule: { minPrice: number; percent: number },
): number {
  const minHundredths = Math.round(rule.minPrice * 100);
  let qualifying = 0;
  for (const fill of position.fills) {
    if (tickToPriceHundredths(fill.priceTick) >= minHundredths) qualifying += fill.stakeMinor;
  }
  const counted = Math.min(qualifying, Math.max(0, position.netRiskMinor));
  return Math.floor((counted * rule.percent) / 100);
}

/** What a closed casino round counts towards a casino bonus: its stake at its category's share. */
export function casinoWagerMinor(
  round: { category: string; stakeMinor: number },
  rule: { categories: readonly { category: string; percent: number }[] },
): number {
  const category = round.category.toLowerCase();
  const share = rule.categories.find((c) => c.category.toLowerCase() === category)?.percent ?? 0;
  return Math.floor((Math.max(0, round.stakeMinor) * share) / 100);
}
