import { useQuery } from '@tanstack/react-query';
import { sportTreeQueryOptions } from '../api/sport-tree';

/** Where finding an event by its address stands. */
export type EventIdLookup =
  | { state: 'found'; eventId: number }
  | { state: 'searching' }
  | { state: 'not-found' }
  | { state: 'failed'; error: unknown };

const EVENT_ID = /^\d{1,15}$/;

/**
 * The event of `/markets/:eventid?/:dreamEventId`: the `eventid` when the address has one,
 * else the event whose feed id (`externalId`) is the `dreamEventId`, found in the sport tree.
 */
export function useEventId(eventid: string | undefined, dreamEventId: string): EventIdLookup {
  const direct = eventid !== undefined && EVENT_ID.test(eventid) ? Number(eventid) : null;
  const tree = useQuery({ ...sportTreeQueryOptions(), enabled: direct === null });
  if (direct !== null) return { state: 'found', eventId: direct };
  if (eventid !== undefined) return { state: 'not-found' };
  if (tree.data) {
    const event = tree.data.flatMap((s) => s.events).find((e) => e.externalId === dreamEventId);
    return event ? { state: 'found', eventId: event.id } : { state: 'not-found' };
  }
  if (tree.error) return { state: 'failed', error: tree.error };
  return { state: 'searching' };
}
