import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { eventMarketsQueryOptions } from '../api/event-markets';
import { eventOddsQueryOptions } from '../api/event-odds';

/** The least time between two reads of an event's lines, however often they move. */
const MIN_READ_GAP_MS = 2_000;

/**
 * Reads an event's markets and prices again when a fancy line has moved to a run value the page
 * does not hold (pushes come only for markets a page watches, and a new value is a new market).
 * Reads at most once every MIN_READ_GAP_MS, and once more after the gap if the line is still
 * unknown then.
 */
export function useNewFancyLines(eventId: number, lineMoved: boolean): void {
  const queryClient = useQueryClient();
  const lastRead = useRef(0);
  useEffect(() => {
    if (!lineMoved) return;
    const read = () => {
      lastRead.current = Date.now();
      void queryClient.invalidateQueries({ queryKey: eventMarketsQueryOptions(eventId).queryKey });
      void queryClient.invalidateQueries({ queryKey: eventOddsQueryOptions(eventId).queryKey });
    };
    const wait = lastRead.current + MIN_READ_GAP_MS - Date.now();
    if (wait <= 0) {
      read();
      return;
    }
    const timer = setTimeout(read, wait);
    return () => clearTimeout(timer);
  }, [eventId, lineMoved, queryClient]);
}
