import { eventMarketsSchema, type EventMarkets } from '@backlay/contract/sports';
import { API_ROUTES } from '@backlay/contract/routes';
import { queryOptions } from '@tanstack/react-query';
import { callParsed } from '../../../shared/api/call-api';

/** An event and every market of it (`GET Market/GetByEventId`). */
export function fetchEventMarkets(eventId: number, signal?: AbortSignal): Promise<EventMarkets> {
  return callParsed(API_ROUTES.marketsByEvent, eventMarketsSchema, {
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
