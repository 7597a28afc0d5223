import type { TvStream } from '@backlay/contract/sports';
import { tvStreamRoute } from '@backlay/contract/sport-calls';
import { queryOptions } from '@tanstack/react-query';
import { callParsed } from '../../../shared/api/call-api';

/** An event's video stream (`POST Tv/GetStream`; spec §7: a stream only when status is 1). */
export function fetchTvStream(eventId: number, signal?: AbortSignal): Promise<TvStream> {
  return callParsed(tvStreamRoute, { body: { eventId }, signal });
}

/** The TV stream query; a stream's address does not change while the page is open. */
export function tvStreamQueryOptions(eventId: number) {
  return queryOptions({
    queryKey: ['tv-stream', eventId] as const,
    queryFn: ({ signal }) => fetchTvStream(eventId, signal),
    staleTime: Infinity,
  });
}
