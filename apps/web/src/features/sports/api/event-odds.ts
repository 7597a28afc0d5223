import type { MarketOdds } from '@backlay/contract/sports';
import { userOddsRoute } from '@backlay/contract/sport-calls';
import { queryOptions } from '@tanstack/react-query';
import { callParsed } from '../../../shared/api/call-api';

/** The prices of every market of an event (`GET Odds/GetUserOddsV2` by event). */
export function fetchEventOdds(eventId: number, signal?: AbortSignal): Promise<MarketOdds[]> {
  return callParsed(userOddsRoute, { query: { eventId }, signal });
}

/** The event-odds query; hub pushes write into the same data. */
export function eventOddsQueryOptions(eventId: number) {
  return queryOptions({
    queryKey: ['event-odds', eventId] as const,
    queryFn: ({ signal }) => fetchEventOdds(eventId, signal),
  });
}
