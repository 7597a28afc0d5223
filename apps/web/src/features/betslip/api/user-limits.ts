import { userLimitsSchema, type UserLimits } from '@backlay/contract/sports';
import { API_ROUTES } from '@backlay/contract/routes';
import { queryOptions } from '@tanstack/react-query';
import { callParsed } from '../../../shared/api/call-api';

/** What one bet on a market may be, for this player (`GET Odds/GetUserLimits`). */
export function fetchUserLimits(marketId: string, signal?: AbortSignal): Promise<UserLimits> {
  return callParsed(API_ROUTES.userLimits, userLimitsSchema, { query: { marketId }, signal });
}

/** The limits query of a market. */
export function userLimitsQueryOptions(marketId: string) {
  return queryOptions({
    queryKey: ['user-limits', marketId] as const,
    queryFn: ({ signal }) => fetchUserLimits(marketId, signal),
  });
}
