import { useExpectedProfitLoss } from './expected-profit-loss-query';
import { useOpenBets } from './open-bets-query';

/**
 * Keeps the player's open bets and expected profit and loss loaded while the shell is open
 * (spec §4: on a reload they come from storage, then fresh from the server), so they are
 * current wherever a bet is placed, cancelled, matched or settled.
 */
export function usePlayerBets(): void {
  useOpenBets();
  useExpectedProfitLoss();
}
