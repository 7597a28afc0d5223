/** Helpers of the package's tests: ladder ticks and matched fills written by their prices. */
import { priceToTick } from './ladder';
import type { MatchedBet } from './position';

/** The ladder tick of a price; a test price off the ladder is the test's own mistake. */
export function tick(price: number): number {
  const result = priceToTick(price);
  if (result === undefined) throw new Error(`test price ${price} is off the ladder`);
  return result;
}

/** A matched fill from the player's side, at a price on the ladder. */
export function bet(
  runnerId: string,
  side: 'back' | 'lay',
  price: number,
  stakeMinor: number,
): MatchedBet {
  return { runnerId, side, priceTick: tick(price), stakeMinor };
}
