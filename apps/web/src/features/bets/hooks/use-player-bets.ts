import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onBalancePush } from '../../../shared/hub/balance-pushes';
import { refreshAfterBalancePush } from '../api/refresh-player-bets';
import { useExpectedProfitLoss } from '../api/expected-profit-loss-query';
import { useOpenBets } from '../api/open-bets-query';

/**
 * Keeps the player's open bets and expected profit and loss loaded while the shell is open
 * (spec §4: on a reload they come from storage, then fresh from the server), and reads them
 * again when the hub pushes a moved wallet, so they are current wherever a bet is placed,
 * cancelled, matched or settled.
 */
export function usePlayerBets(): void {
  const queryClient = useQueryClient();
  useOpenBets();
  useExpectedProfitLoss();
  useEffect(
    () => onBalancePush((update) => void refreshAfterBalancePush(queryClient, update)),
    [queryClient],
  );
}
