import type { BetResult, PlaceBetRequest } from '@backlay/contract/bets';
import { placeBetRoute } from '@backlay/contract/bet-calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callParsed } from '../../../shared/api/call-api';
import { refreshPlayerBets } from '../../../shared/bets/refresh-player-bets';

/** Places a bet (`POST Bet/PlaceBetV2`); a replay of the same idempotency key places nothing twice. */
export function placeBet(request: PlaceBetRequest): Promise<BetResult> {
  return callParsed(placeBetRoute, { body: request });
}

/** The placement mutation; open bets, profit and loss and the wallet refresh after it. */
export function usePlaceBet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeBet,
    onSuccess: (result) => refreshPlayerBets(queryClient, result),
  });
}
