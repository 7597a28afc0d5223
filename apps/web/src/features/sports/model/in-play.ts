import { IN_PLAY_MATCH_DATE, type SportEvent } from '@backlay/contract/sports';

/** Whether an event is being played (spec §4: its status is IN_PLAY or its date reads In-Play). */
export function isInPlay(event: Pick<SportEvent, 'status' | 'matchDate'>): boolean {
  return event.status === 'IN_PLAY' || event.matchDate === IN_PLAY_MATCH_DATE;
}
