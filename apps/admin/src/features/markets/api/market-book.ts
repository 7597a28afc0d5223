import type { MarketBook } from '@backlay/contract/admin';
import { marketBookRoute } from '@backlay/contract/admin-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callAdmin } from '../../../shared/api/call-admin';
import { MARKETS_QUERY_KEY } from './market-keys';

/** A market's book, bets and settlements (`GET markets/book`). */
export function fetchMarketBook(marketId: string, signal?: AbortSignal): Promise<MarketBook> {
  return callAdmin(marketBookRoute, { marketId }, { signal });
}

export function marketBookQueryOptions(marketId: string) {
  return queryOptions({
    queryKey: [...MARKETS_QUERY_KEY, 'book', marketId] as const,
    queryFn: ({ signal }) => fetchMarketBook(marketId, signal),
  });
}

export function useMarketBook(marketId: string) {
  return useQuery(marketBookQueryOptions(marketId));
}
