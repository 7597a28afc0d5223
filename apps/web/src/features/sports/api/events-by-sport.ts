import type { SportEvent } from '@backlay/contract/sports';
import { eventsBySportNameRoute } from '@backlay/contract/sport-calls';
import { queryOptions } from '@tanstack/react-query';
import { callParsed } from '../../../shared/api/call-api';

/** One sport's events, by sport id (`GET event/GetBySportName`). */
export function fetchEventsBySport(sportId: number, signal?: AbortSignal): Promise<SportEvent[]> {
  return callParsed(eventsBySportNameRoute, {
    query: { sportId },
    signal,
  });
}

/** The events-of-a-sport query. */
export function eventsBySportQueryOptions(sportId: number) {
  return queryOptions({
    queryKey: ['events-by-sport', sportId] as const,
    queryFn: ({ signal }) => fetchEventsBySport(sportId, signal),
  });
}
