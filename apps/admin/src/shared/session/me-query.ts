import type { OperatorMe, Permission } from '@backlay/contract/admin';
import { meRoute } from '@backlay/contract/admin-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callAdmin } from '../api/call-admin';

/** The signed-in operator with their permissions (`GET session/me`). */
export function fetchMe(signal?: AbortSignal): Promise<OperatorMe> {
  return callAdmin(meRoute, {}, { signal });
}

/** The signed-in operator's query; the route guard loads it before any operator page. */
export function meQueryOptions() {
  return queryOptions({
    queryKey: ['session', 'me'] as const,
    queryFn: ({ signal }) => fetchMe(signal),
    staleTime: 60_000,
  });
}

/** The signed-in operator, as the guard loaded them. */
export function useMe() {
  return useQuery(meQueryOptions());
}

/**
 * Whether the signed-in operator's role allows a permission. The console hides what is not
 * allowed; the server refuses it all the same.
 */
export function useCan(): (permission: Permission) => boolean {
  const { data } = useMe();
  return (permission) => data?.permissions.includes(permission) ?? false;
}
