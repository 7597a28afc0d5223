import type { SportEvent } from '@backlay/contract/sports';
import { closestEventsRoute } from '@backlay/contract/sport-calls';
import { callParsed } from '../../../shared/api/call-api';

/** How many matches the header search box lists. */
export const SEARCH_RESULT_COUNT = 8;

/**
 * Events whose title or competition contains the text (`GET Event/Closest` with `search`).
 * The header's search box loads this module only once the player types.
 */
export function searchEvents(search: string, signal?: AbortSignal): Promise<SportEvent[]> {
  return callParsed(closestEventsRoute, {
    query: { search, count: SEARCH_RESULT_COUNT },
    signal,
  });
}
