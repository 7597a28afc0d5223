import type { BetSide } from '@backlay/contract/bets';
import { priceToTick } from '@backlay/exchange/ladder';
import { fromMinorUnits, toMinorUnits } from '@backlay/exchange/money';
import { ifWinMinor } from '@backlay/exchange/position';

/** A bet being typed into the bet slip. */
export interface ProposedBet {
  runnerId: number;
  side: BetSide;
  /** Decimal odds. */
  price: number;
  /** Rupees. */
  stake: number;
}

/**
 * What a bet adds to the if-win P&L of each runner, in minor units: backing runner r at
 * price p for stake s adds s×(p−1) to r and −s to every other runner; laying the reverse.
 * Ladder prices go through the exchange's own position maths, so the figure is the one the
 * exchange will book; a quoted rate off the ladder (a fancy market) is worked out the same
 * way, rounded down like the exchange rounds.
 */
function betDeltaMinor(runnerIds: readonly number[], bet: ProposedBet): number[] {
  const stakeMinor = toMinorUnits(bet.stake);
  const side = bet.side === 'BACK' ? 'back' : 'lay';
  const tick = priceToTick(bet.price);
  if (tick !== undefined) {
    return ifWinMinor(runnerIds, [{ runnerId: bet.runnerId, side, priceTick: tick, stakeMinor }]);
  }
  const winnings = Math.floor((stakeMinor * (Math.round(bet.price * 100) - 100)) / 100);
  return runnerIds.map((id) => {
    const wins = id === bet.runnerId;
    if (side === 'back') return wins ? winnings : -stakeMinor;
    return wins ? -winnings : stakeMinor;
  });
}

/**
 * Each runner's if-win profit or loss after the proposed bet, in rupees, from the current
 * one (a runner without a current figure stands at zero). Null when the bet cannot be
 * worked out: no stake (or not a finite one), a price below 1.01, or a runner not in the market.
 */
export function projectProfitLoss(
  runnerIds: readonly number[],
  current: ReadonlyMap<number, number> | undefined,
  bet: ProposedBet,
): Map<number, number> | null {
  if (!(bet.stake > 0) || !Number.isFinite(bet.stake) || !(bet.price >= 1.01)) return null;
  if (!runnerIds.includes(bet.runnerId)) return null;
  const delta = betDeltaMinor(runnerIds, bet);
  return new Map(
    runnerIds.map((id, i) => [
      id,
      fromMinorUnits(toMinorUnits(current?.get(id) ?? 0) + (delta[i] as number)),
    ]),
  );
}
