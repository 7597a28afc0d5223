import type { BetResult } from '@backlay/contract/bets';
import { cancelBetRoute } from '@backlay/contract/bet-calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callParsed } from '../api/call-api';
import { refreshPlayerBets } from './refresh-player-bets';

/** Takes the unmatched rest of one of the player's bets off the book (`POST Bet/CancelBet`). */
export function cancelBet(betId: number): Promise<BetResult> {
  return callParsed(cancelBetRoute, { body: { betId } });
}

/** The cancel mutation; open bets, profit and loss and the wallet refresh after it. */
export function useCancelBet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelBet,
    onSuccess: (result) => refreshPlayerBets(queryClient, result),
  });
}
