import type { EventMarkets, MarketOdds } from '@backlay/contract/sports';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { MarketUpdate } from '../../../shared/hub/market-updates';
import { useMarketUpdates } from '../../../shared/hub/use-market-updates';
import { eventMarketsQueryOptions } from '../api/event-markets';
import { eventOddsQueryOptions } from '../api/event-odds';
import { applyToEventMarkets, applyToOddsList } from '../model/market-updates';
import { POLL_MS, useHubConnected } from './use-live-poll';

/**
 * Writes one pushed update into an event's odds and markets. A market that closes is read
 * again: the push has no word for settled, and the market's data names the winner.
 */
export function writeMarketUpdate(
  queryClient: ReturnType<typeof useQueryClient>,
  eventId: number,
  update: MarketUpdate,
): void {
  const marketsKey = eventMarketsQueryOptions(eventId).queryKey;
  const markets = queryClient.getQueryData(marketsKey);
  const describe = (marketId: string): Pick<MarketOdds, 'status' | 'inPlay'> | null => {
    const market = markets?.markets.find((m) => m.id === marketId);
    return market ? { status: market.status, inPlay: market.inPlay } : null;
  };
  queryClient.setQueryData(eventOddsQueryOptions(eventId).queryKey, (odds) =>
    applyToOddsList(odds, update, describe),
  );
  queryClient.setQueryData<EventMarkets>(marketsKey, (data) => applyToEventMarkets(data, update));
  const settled = describe(update.data.MarketId)?.status === 'SETTLED';
  if (update.code === 'MarketStatus' && update.data.Status === 'closed' && !settled) {
    void queryClient.invalidateQueries({ queryKey: marketsKey });
  }
}

/**
 * The prices of an event's markets, live: pushed odds and statuses are written into the
 * query data as they arrive; while the real-time connection is down the prices are read
 * every few seconds instead, and once it is back they are read once to catch up.
 */
export function useEventOdds(eventId: number, marketIds: readonly string[]) {
  const queryClient = useQueryClient();
  const connected = useHubConnected();
  const query = useQuery({
    ...eventOddsQueryOptions(eventId),
    refetchInterval: connected ? false : POLL_MS.oddsOffline,
  });
  useMarketUpdates(marketIds, (update) => writeMarketUpdate(queryClient, eventId, update));

  const wasConnected = useRef(connected);
  const { refetch } = query;
  useEffect(() => {
    if (connected && !wasConnected.current) void refetch();
    wasConnected.current = connected;
  }, [connected, refetch]);
  return query;
}
