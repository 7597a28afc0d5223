import { searchPlayersRoute } from '@backlay/contract/admin-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callAdmin, type AdminResult } from '../../../shared/api/call-admin';
import { PAYMENTS_QUERY_KEY } from './payment-keys';

export type FoundPlayer = AdminResult<typeof searchPlayersRoute>['items'][number];

/** How many players the adjustment form's search offers. */
export const FOUND_PLAYERS_SHOWN = 8;

/**
 * Real-money players matching a name prefix, mobile number or id, for choosing whom an
 * adjustment is for (`GET players`; demo players have no real money to adjust).
 */
export function findPlayers(q: string, signal?: AbortSignal): Promise<FoundPlayer[]> {
  return callAdmin(
    searchPlayersRoute,
    { q, demo: 'false', limit: FOUND_PLAYERS_SHOWN },
    { signal },
  ).then((page) => page.items);
}

export function findPlayersQueryOptions(q: string) {
  return queryOptions({
    queryKey: [...PAYMENTS_QUERY_KEY, 'find-players', q] as const,
    queryFn: ({ signal }) => findPlayers(q, signal),
  });
}

/** The players matching `q`; nothing is asked while `q` is empty. */
export function useFindPlayers(q: string) {
  return useQuery({ ...findPlayersQueryOptions(q), enabled: q !== '' });
}
