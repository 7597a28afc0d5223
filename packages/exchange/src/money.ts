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

/** Minor units (paise) in one unit of the amounts the API carries (rupees). */
const MINOR_PER_UNIT = 100;

/**
 * Integer minor units for an amount as the API carries it, decimal rupees with at most two
 * places (12.34 → 1234).
 *
 * Rounding: to the nearest minor unit. A two-place decimal is rarely exact in binary floating
 * point, so amount × 100 lands a hair either side of the integer that was meant (1.15 × 100 is
 * 114.99999999999999, (0.1 + 0.2) × 100 is 30.000000000000004); truncating would lose a paisa,
 * the nearest integer is the amount itself. Only an amount with more than two places has a
 * fraction to round, and its halves go up (Math.round). Negative zero comes out as zero.
 *
 * Throws RangeError for NaN or ±Infinity: amounts are validated before they get here, and a
 * non-number would otherwise spread silently through the money arithmetic.
 */
export function toMinorUnits(amount: number): number {
  if (!Number.isFinite(amount)) throw new RangeError(`not a finite amount: ${amount}`);
  return Math.round(amount * MINOR_PER_UNIT) + 0;
}

/**
 * The amount the API carries (decimal rupees) for integer minor units (1234 → 12.34). Division
 * is correctly rounded, so the result is the same number as the two-place decimal written out
 * and serialises as it; `toMinorUnits` takes it back exactly for any |minor| up to 2^51, far
 * beyond the largest liability (MAX_STAKE_MINOR × 999 < 2^50).
 */
export function fromMinorUnits(minor: number): number {
  return minor / MINOR_PER_UNIT;
}

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
