import { mySessionsRoute } from '@backlay/contract/admin-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callAdmin, type AdminResult } from '../../../shared/api/call-admin';

export type MySessions = AdminResult<typeof mySessionsRoute>;

/** The signed-in operator's own sessions (`GET session/list`). */
export function fetchMySessions(signal?: AbortSignal): Promise<MySessions> {
  return callAdmin(mySessionsRoute, {}, { signal });
}

export function mySessionsQueryOptions() {
  return queryOptions({
    queryKey: ['session', 'list'] as const,
    queryFn: ({ signal }) => fetchMySessions(signal),
  });
}

export function useMySessions() {
  return useQuery(mySessionsQueryOptions());
}
