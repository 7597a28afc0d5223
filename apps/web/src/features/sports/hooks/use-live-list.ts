import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { MarketUpdate } from '../../../shared/hub/market-updates';
import { useMarketUpdates } from '../../../shared/hub/use-market-updates';

/**
 * Watches the markets a page shows and writes each pushed update into a query's data with
 * `apply`, so prices and statuses change in place without a fetch.
 */
export function useLiveQueryData<T>(
  queryKey: QueryKey,
  marketIds: readonly string[],
  apply: (data: T | undefined, update: MarketUpdate) => T | undefined,
): void {
  const queryClient = useQueryClient();
  useMarketUpdates(marketIds, (update) => {
    queryClient.setQueryData<T>(queryKey, (data) => apply(data, update));
  });
}
