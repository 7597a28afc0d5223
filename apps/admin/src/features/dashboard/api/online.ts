import { onlineRoute } from '@backlay/contract/admin-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callAdmin, type AdminResult } from '../../../shared/api/call-admin';
import { DASHBOARD_QUERY_KEY } from './dashboard-keys';

export type OnlineConnection = AdminResult<typeof onlineRoute>['items'][number];

/** How often the list of who is online refreshes itself while the page is open. */
export const ONLINE_REFRESH_MS = 15_000;

/** Who is connected now, on one brand or every brand the operator covers (`GET online`). */
export function fetchOnline(brand: string, signal?: AbortSignal) {
  return callAdmin(onlineRoute, { brand: brand || undefined }, { signal });
}

export function onlineQueryOptions(brand: string) {
  return queryOptions({
    queryKey: [...DASHBOARD_QUERY_KEY, 'online', brand] as const,
    queryFn: ({ signal }) => fetchOnline(brand, signal),
    refetchInterval: ONLINE_REFRESH_MS,
    staleTime: 0,
  });
}

export function useOnline(brand: string) {
  return useQuery(onlineQueryOptions(brand));
}
