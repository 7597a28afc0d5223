import { eventListSchema, type SportEvent } from '@backlay/contract/sports';
import { API_ROUTES } from '@backlay/contract/routes';
import { callParsed } from '../../../shared/api/call-api';

/** How many matches the header search box lists. */
export const SEARCH_RESULT_COUNT = 8;

/**
 * Events whose title or competition contains the text (`GET Event/Closest` with `search`).
 * The header's search box loads this module only once the player types.
 */
export function searchEvents(search: string, signal?: AbortSignal): Promise<SportEvent[]> {
  return callParsed(API_ROUTES.closestEvents, eventListSchema, {
    query: { search, count: SEARCH_RESULT_COUNT },
    signal,
  });
}
