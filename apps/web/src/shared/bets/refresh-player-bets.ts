import type { BetResult } from '@backlay/contract/bets';
import type { QueryClient } from '@tanstack/react-query';
import { SHARED_QUERY_KEYS } from '../api/query-keys';
import { userInfoQueryOptions, writeUserBalance } from '../session/user-info-query';

/**
 * After a bet is placed, cancelled, matched or settled: the wallet the answer carries shows
 * at once, then open bets, expected profit and loss and the user info are read again.
 */
export function refreshPlayerBets(queryClient: QueryClient, result?: BetResult): Promise<unknown> {
  if (result) writeUserBalance(queryClient, { balance: result.balance, exposure: result.exposure });
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: SHARED_QUERY_KEYS.openBets }),
    queryClient.invalidateQueries({ queryKey: SHARED_QUERY_KEYS.expectedProfitLoss }),
    queryClient.invalidateQueries({ queryKey: userInfoQueryOptions().queryKey }),
  ]);
}
