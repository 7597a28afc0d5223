import type { BetResult } from '@backlay/contract/bets';
import { cancelBetRoute } from '@backlay/contract/bet-calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callParsed } from '../../../shared/api/call-api';
import { refreshAfterBet } from './refresh-player-bets';

/** Takes the unmatched rest of one of the player's bets off the book (`POST Bet/CancelBet`). */
export function cancelBet(betId: number): Promise<BetResult> {
  return callParsed(cancelBetRoute, { body: { betId } });
}

/**
 * The cancel mutation: the wallet its answer carries shows at once, then open bets and
 * expected profit and loss are read again, once with the hub's push of the same change.
 */
export function useCancelBet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelBet,
    onSuccess: (result) => refreshAfterBet(queryClient, result),
  });
}
