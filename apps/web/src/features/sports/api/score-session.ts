import type { ScoreSession } from '@backlay/contract/live-media';
import { scoreSessionRoute } from '@backlay/contract/sport-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callParsed } from '../../../shared/api/call-api';
import { SCORECARD_POLL_MS } from './score-card';

/** Where an event's fancy sessions stand (`GET services/app/Sport/GetScoreSession`). */
export function fetchScoreSession(eventId: number, signal?: AbortSignal): Promise<ScoreSession> {
  return callParsed(scoreSessionRoute, { query: { eventId }, signal });
}

/** The score session query of one event. */
export function scoreSessionQueryOptions(eventId: number) {
  return queryOptions({
    queryKey: ['score-session', eventId] as const,
    queryFn: ({ signal }) => fetchScoreSession(eventId, signal),
  });
}

/**
 * Each session's runs so far, by session name, while the event is in play (before, no session
 * has started): read again as often as the scorecard, as the runs move with the score.
 */
export function useSessionRuns(eventId: number, inPlay: boolean) {
  return useQuery({
    ...scoreSessionQueryOptions(eventId),
    enabled: inPlay,
    refetchInterval: inPlay ? SCORECARD_POLL_MS : false,
    select: (score) => new Map(score.sessions.map((session) => [session.name, session.runs])),
  });
}
