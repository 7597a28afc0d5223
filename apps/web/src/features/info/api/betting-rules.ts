import type { BettingRules } from '@backlay/contract/betting-rules';
import { bettingRulesRoute } from '@backlay/contract/betting-rules-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callParsed } from '../../../shared/api/call-api';

/**
 * The brand's limits, in-play delays and commission for each sport the player may bet on
 * (`GET Setting/GetBettingRules`).
 */
export function fetchBettingRules(signal?: AbortSignal): Promise<BettingRules> {
  return callParsed(bettingRulesRoute, { signal });
}

/** The betting-rules query. */
export function bettingRulesQueryOptions() {
  return queryOptions({
    queryKey: ['betting-rules'] as const,
    queryFn: ({ signal }) => fetchBettingRules(signal),
  });
}

/** The player's betting rules. */
export function useBettingRules() {
  return useQuery(bettingRulesQueryOptions());
}
