import type { UserLimits } from '@backlay/contract/sports';
import { userLimitsRoute } from '@backlay/contract/sport-calls';
import { queryOptions } from '@tanstack/react-query';
import { callParsed } from '../../../shared/api/call-api';

/** What one bet on a market may be, for this player (`GET Odds/GetUserLimits`). */
export function fetchUserLimits(marketId: string, signal?: AbortSignal): Promise<UserLimits> {
  return callParsed(userLimitsRoute, { query: { marketId }, signal });
}

/** The limits query of a market. */
export function userLimitsQueryOptions(marketId: string) {
  return queryOptions({
    queryKey: ['user-limits', marketId] as const,
    queryFn: ({ signal }) => fetchUserLimits(marketId, signal),
  });
}
