import type { MARKET_STATUSES } from '@backlay/contract/admin';
import { marketsRoute } from '@backlay/contract/admin-calls';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callAdmin, type AdminResult } from '../../../shared/api/call-admin';
import { MARKETS_QUERY_KEY } from './market-keys';

export type MarketList = AdminResult<typeof marketsRoute>;
export type MarketRow = MarketList['items'][number];
export type MarketStatus = (typeof MARKET_STATUSES)[number];

/** The most markets one list shows; narrower filters find the rest. */
export const MARKETS_LIMIT = 200;

export interface MarketFilters {
  status: MarketStatus | '';
  /** A sport id, or empty for all. */
  sportId: string;
  /** Part of an event's name. */
  q: string;
}

/** Markets matching the filters (`GET markets`). */
export function fetchMarkets(filters: MarketFilters, signal?: AbortSignal): Promise<MarketList> {
  return callAdmin(
    marketsRoute,
    {
      status: filters.status || undefined,
      sportId: filters.sportId === '' ? undefined : Number(filters.sportId),
      q: filters.q.trim(),
      limit: MARKETS_LIMIT,
    },
    { signal },
  );
}

export function marketsQueryOptions(filters: MarketFilters) {
  return queryOptions({
    queryKey: [...MARKETS_QUERY_KEY, 'list', filters] as const,
    queryFn: ({ signal }) => fetchMarkets(filters, signal),
  });
}

/** The market list; the last one stays on screen while a new filter loads. */
export function useMarkets(filters: MarketFilters) {
  return useQuery({ ...marketsQueryOptions(filters), placeholderData: keepPreviousData });
}
