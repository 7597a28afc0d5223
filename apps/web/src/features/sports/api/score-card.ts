import type { ScoreCard } from '@backlay/contract/sports';
import { scoreCardRoute } from '@backlay/contract/sport-calls';
import { queryOptions } from '@tanstack/react-query';
import { callParsed } from '../../../shared/api/call-api';

/** How often the scorecard of an event in play is read again. */
export const SCORECARD_POLL_MS = 5_000;

/** An event's scorecard (`GET services/app/Sport/GetScoreCard`). */
export function fetchScoreCard(eventId: number, signal?: AbortSignal): Promise<ScoreCard> {
  return callParsed(scoreCardRoute, { query: { eventId }, signal });
}

/** The scorecard query. */
export function scoreCardQueryOptions(eventId: number) {
  return queryOptions({
    queryKey: ['score-card', eventId] as const,
    queryFn: ({ signal }) => fetchScoreCard(eventId, signal),
  });
}
