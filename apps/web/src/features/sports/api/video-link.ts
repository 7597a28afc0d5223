import type { VideoLink } from '@backlay/contract/live-media';
import { videoLinkRoute } from '@backlay/contract/sport-calls';
import { queryOptions } from '@tanstack/react-query';
import { callParsed } from '../../../shared/api/call-api';

/** An event's video (`GET services/app/Sport/GetVideoLink`): a link, or none and why. */
export function fetchVideoLink(eventId: number, signal?: AbortSignal): Promise<VideoLink> {
  return callParsed(videoLinkRoute, { query: { eventId }, signal });
}

/**
 * The video link query. An event's link changes only as it goes in play, so it is read again
 * when the box opens on it after a minute, never while it plays.
 */
export function videoLinkQueryOptions(eventId: number) {
  return queryOptions({
    queryKey: ['video-link', eventId] as const,
    queryFn: ({ signal }) => fetchVideoLink(eventId, signal),
    staleTime: 60_000,
  });
}
