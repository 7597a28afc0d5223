import type { SportEvent } from '@backlay/contract/sports';
import { closestEventsRoute } from '@backlay/contract/sport-calls';
import { queryOptions } from '@tanstack/react-query';
import { callParsed } from '../../../shared/api/call-api';

/** How many events the home page's "starting soon" list asks for. */
export const STARTING_SOON_COUNT = 10;

/** The events starting soonest, in-play first, across the visible sports (`GET Event/Closest`). */
export function fetchClosestEvents(count: number, signal?: AbortSignal): Promise<SportEvent[]> {
  return callParsed(closestEventsRoute, { query: { count }, signal });
}

/** The closest-events query. */
export function closestEventsQueryOptions(count = STARTING_SOON_COUNT) {
  return queryOptions({
    queryKey: ['closest-events', count] as const,
    queryFn: ({ signal }) => fetchClosestEvents(count, signal),
  });
}
