import type { BettingDefaultsState } from '@backlay/contract/admin-brands';
import { bettingDefaultsRoute } from '@backlay/contract/admin-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callAdmin } from '../../../shared/api/call-admin';
import { BRANDS_QUERY_KEY } from './brand-keys';

/** The platform's betting rules, which every brand starts from (`GET brands/betting-defaults`). */
export function fetchBettingDefaults(signal?: AbortSignal): Promise<BettingDefaultsState> {
  return callAdmin(bettingDefaultsRoute, {}, { signal });
}

export function bettingDefaultsQueryOptions() {
  return queryOptions({
    queryKey: [...BRANDS_QUERY_KEY, 'betting-defaults'] as const,
    queryFn: ({ signal }) => fetchBettingDefaults(signal),
  });
}

export function useBettingDefaults() {
  return useQuery(bettingDefaultsQueryOptions());
}
