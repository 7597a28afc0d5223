import type { CashOutAnswer, CashOutRequest } from '@backlay/contract/cash-out';
import { cashOutRoute } from '@backlay/contract/cash-out-calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callParsed } from '../../../shared/api/call-api';
import { refreshAfterBet } from '../../bets/index';
import { cashOutQuoteKeys } from './cash-out-quote';

/**
 * Confirms a quote (`POST Bet/CashOut`): places its orders if they still stand, or answers the
 * cash out as it is now; a replay of the same idempotency key places nothing twice.
 */
export function cashOut(request: CashOutRequest): Promise<CashOutAnswer> {
  return callParsed(cashOutRoute, { body: request });
}

/**
 * The confirmation mutation. Once a cash out is done, the wallet its answer carries shows at
 * once and open bets and expected profit and loss are read again, as after a bet; the
 * market's quotes are asked for again (in their turn, without holding up the answer).
 */
export function useCashOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cashOut,
    onSuccess: (answer, request) => {
      if (!answer.done) return undefined;
      void queryClient.invalidateQueries({ queryKey: cashOutQuoteKeys.market(request.marketId) });
      return refreshAfterBet(queryClient, answer);
    },
  });
}
