/**
 * Exact integer money arithmetic in minor units.
 *
 * Rounding rule: whenever a price or rate produces a fraction of a minor unit, the result is
 * floored. A backer's winnings and the matching layer's liability are the same floored number,
 * so every fill is exactly zero-sum and no money is ever created by rounding.
 */

import { tickToPriceHundredths } from './ladder';

/**
 * Largest accepted stake. It keeps every liability (stake × 999 at most) and every intermediate
 * product below 2^53, so plain numbers stay exact.
 */
export const MAX_STAKE_MINOR = 1_000_000_000_000;

/** Basis points in one whole (100%). */
export const BASIS_POINTS = 10_000;

/** floor(value × numerator / denominator) for non-negative integers, exact without BigInt. */
export function mulDivFloor(value: number, numerator: number, denominator: number): number {
  // Splitting value by the denominator keeps both partial products far below 2^53.
  const quotient = Math.floor(value / denominator);
  const remainder = value - quotient * denominator;
  return quotient * numerator + Math.floor((remainder * numerator) / denominator);
}

/**
 * Backer's winnings for a stake at a tick: floor(stake × (price − 1)). This is also the lay
 * liability of the same stake, which is what makes back and lay of one fill agree exactly.
 */
export function winningsMinor(stakeMinor: number, priceTick: number): number {
  return mulDivFloor(stakeMinor, tickToPriceHundredths(priceTick) - 100, 100);
}

/** Lay liability of a backer's stake accepted at a tick: identical to the backer's winnings. */
export function layLiabilityMinor(stakeMinor: number, priceTick: number): number {
  return winningsMinor(stakeMinor, priceTick);
}

/** Commission on net market winnings: floor(winnings × rate), zero when there are no winnings. */
export function commissionMinor(netWinningsMinor: number, rateBasisPoints: number): number {
  if (netWinningsMinor <= 0) return 0;
  return mulDivFloor(netWinningsMinor, rateBasisPoints, BASIS_POINTS);
}
