import type { BetResult, PlaceBetRequest } from '@backlay/contract/bets';
import { placeBetRoute } from '@backlay/contract/bet-calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callParsed } from '../../../shared/api/call-api';
import { refreshAfterBet } from '../../bets/index';

/** Places a bet (`POST Bet/PlaceBetV2`); a replay of the same idempotency key places nothing twice. */
export function placeBet(request: PlaceBetRequest): Promise<BetResult> {
  return callParsed(placeBetRoute, { body: request });
}

/**
 * The placement mutation: the wallet its answer carries shows at once, then open bets and
 * expected profit and loss are read again, once with the hub's push of the same change.
 */
export function usePlaceBet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeBet,
    onSuccess: (result) => refreshAfterBet(queryClient, result),
  });
}
