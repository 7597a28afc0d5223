import type { Bet, BetSide } from '@backlay/contract/bets';
import { priceToTick } from '@backlay/exchange/ladder';
import { fromMinorUnits, toMinorUnits, winningsMinor } from '@backlay/exchange/money';

/** What a bet risks and what it makes, in rupees. */
export interface BetFigures {
  /** What the player loses if the bet loses: the stake of a back, stake × (price − 1) of a lay. */
  liability: number;
  /** What the player wins if the bet wins: stake × (price − 1) of a back, the stake of a lay. */
  profit: number;
}

/** stake × (price − 1) in minor units, rounded down as the exchange rounds. */
function winnings(stakeMinor: number, price: number): number {
  const tick = priceToTick(price);
  if (tick !== undefined) return winningsMinor(stakeMinor, tick);
  return Math.floor((stakeMinor * (Math.round(price * 100) - 100)) / 100);
}

/** A bet's liability and profit; null until stake and price can be worked with. */
export function betFigures(side: BetSide, price: number, stake: number): BetFigures | null {
  if (!(stake > 0) || !Number.isFinite(stake) || !(price > 1)) return null;
  const stakeMinor = toMinorUnits(stake);
  const won = fromMinorUnits(winnings(stakeMinor, price));
  return side === 'BACK'
    ? { liability: fromMinorUnits(stakeMinor), profit: won }
    : { liability: won, profit: fromMinorUnits(stakeMinor) };
}

/** What an open bet's matched part risks, at its average matched price. */
export function matchedLiability(
  bet: Pick<Bet, 'side' | 'price' | 'averagePrice' | 'matchedStake'>,
): number {
  return betFigures(bet.side, bet.averagePrice ?? bet.price, bet.matchedStake)?.liability ?? 0;
}
