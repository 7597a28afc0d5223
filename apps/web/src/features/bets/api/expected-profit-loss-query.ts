import type { ExpectedProfitLoss } from '@backlay/contract/bets';
import { expectedProfitLossRoute } from '@backlay/contract/bet-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callParsed } from '../../../shared/api/call-api';
import { useSession } from '../../../shared/session/use-session';
import { readCachedBets, writeCachedBets } from '../model/open-bets-cache';
import { BET_QUERY_KEYS } from './bet-query-keys';

/**
 * The player's if-win profit or loss per runner of every market they have bets on
 * (`GET Bet/GetUserExpectedProfitLoss`), kept in storage.
 */
export async function fetchExpectedProfitLoss(signal?: AbortSignal): Promise<ExpectedProfitLoss> {
  const profitLoss = await callParsed(expectedProfitLossRoute, {
    signal,
  });
  writeCachedBets({ profitLoss });
  return profitLoss;
}

/** The expected profit-and-loss query, starting from the stored copy. */
export function expectedProfitLossQueryOptions() {
  return queryOptions({
    queryKey: BET_QUERY_KEYS.expectedProfitLoss,
    queryFn: ({ signal }) => fetchExpectedProfitLoss(signal),
    initialData: () => readCachedBets().profitLoss ?? undefined,
    // The stored copy is shown at once but counts as stale: mounting reads it again.
    initialDataUpdatedAt: 0,
  });
}

/** The player's expected profit and loss; nothing for a guest. */
export function useExpectedProfitLoss() {
  const { loggedIn } = useSession();
  return useQuery({ ...expectedProfitLossQueryOptions(), enabled: loggedIn });
}
