import type { EventMarkets } from '@backlay/contract/sports';
import { marketsByEventRoute } from '@backlay/contract/sport-calls';
import { queryOptions } from '@tanstack/react-query';
import { callParsed } from '../../../shared/api/call-api';

/** An event and every market of it (`GET Market/GetByEventId`). */
export function fetchEventMarkets(eventId: number, signal?: AbortSignal): Promise<EventMarkets> {
  return callParsed(marketsByEventRoute, {
    query: { eventId },
    signal,
  });
}

/** The event-markets query. */
export function eventMarketsQueryOptions(eventId: number) {
  return queryOptions({
    queryKey: ['event-markets', eventId] as const,
    queryFn: ({ signal }) => fetchEventMarkets(eventId, signal),
  });
}
