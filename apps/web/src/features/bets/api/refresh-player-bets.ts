import type { BetResult } from '@backlay/contract/bets';
import type { QueryClient } from '@tanstack/react-query';
import { writeUserBalance, type BalanceUpdate } from '../../../shared/session/user-info-query';
import { BetsRefresh } from '../model/bets-refresh';
import { BET_QUERY_KEYS } from './bet-query-keys';

/** One refresh per query cache, shared by the mutations and the hub's pushes. */
const refreshes = new WeakMap<QueryClient, BetsRefresh>();

function refreshOf(queryClient: QueryClient): BetsRefresh {
  let refresh = refreshes.get(queryClient);
  if (!refresh) {
    refresh = new BetsRefresh(() =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: BET_QUERY_KEYS.openBets }),
        queryClient.invalidateQueries({ queryKey: BET_QUERY_KEYS.expectedProfitLoss }),
      ]),
    );
    refreshes.set(queryClient, refresh);
  }
  return refresh;
}

/**
 * After a placement, a cancellation or a cash out: the wallet its answer carries goes into the
 * user info query, so the header shows it without a fetch, and open bets and expected profit
 * and loss are read again once, shared with the hub's push of the same change. The user info
 * is not read again: a bet changes nothing of it but balance and exposure.
 */
export function refreshAfterBet(
  queryClient: QueryClient,
  result: Pick<BetResult, 'balance' | 'exposure'>,
): Promise<void> {
  const figures = { balance: result.balance, exposure: result.exposure };
  writeUserBalance(queryClient, figures);
  return refreshOf(queryClient).answered(figures);
}

/**
 * After the hub pushed the player's wallet (already in the user info query): open bets and
 * expected profit and loss are read again, unless the push is the echo of a bet's answer.
 */
export function refreshAfterBalancePush(
  queryClient: QueryClient,
  update: BalanceUpdate,
): Promise<void> {
  return refreshOf(queryClient).pushed(update);
}
