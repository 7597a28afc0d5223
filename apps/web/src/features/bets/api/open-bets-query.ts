import type { OpenBets } from '@backlay/contract/bets';
import { openBetsRoute } from '@backlay/contract/bet-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callParsed } from '../../../shared/api/call-api';
import { useHubState } from '../../../shared/hub/hub-status';
import { useSession } from '../../../shared/session/use-session';
import { readCachedBets, writeCachedBets } from '../model/open-bets-cache';
import { BET_QUERY_KEYS } from './bet-query-keys';

/** How often open bets are read again while some wait unmatched and no push can tell us. */
export const OPEN_BETS_POLL_MS = 5_000;

/** The player's open bets, balance and exposure (`GET Bet/GetUserOpenBets`), kept in storage. */
export async function fetchOpenBets(signal?: AbortSignal): Promise<OpenBets> {
  const openBets = await callParsed(openBetsRoute, { signal });
  writeCachedBets({ openBets });
  return openBets;
}

/**
 * The open-bets query: every open bet of the player, starting from the stored copy. The header's
 * figures come from bet answers and balance pushes only: a read of open bets that started before
 * a push could otherwise land after it and put older figures back.
 */
export function openBetsQueryOptions() {
  return queryOptions({
    queryKey: BET_QUERY_KEYS.openBets,
    queryFn: ({ signal }) => fetchOpenBets(signal),
    initialData: () => readCachedBets().openBets ?? undefined,
    // The stored copy is shown at once but counts as stale: mounting reads it again.
    initialDataUpdatedAt: 0,
  });
}

/** Whether any bet still waits, wholly or partly, to be matched. */
export function hasUnmatched(openBets: OpenBets | undefined): boolean {
  return openBets?.openBets.some((bet) => bet.unmatchedStake > 0) ?? false;
}

/**
 * The player's open bets. While some wait unmatched and the real-time connection is down,
 * they are read again every few seconds, as a match would otherwise go unseen.
 */
export function useOpenBets() {
  const { loggedIn } = useSession();
  const hubConnected = useHubState() === 'connected';
  return useQuery({
    ...openBetsQueryOptions(),
    enabled: loggedIn,
    refetchInterval: (query) =>
      !hubConnected && hasUnmatched(query.state.data) ? OPEN_BETS_POLL_MS : false,
  });
}
