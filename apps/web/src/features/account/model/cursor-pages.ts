import { useCallback, useState } from 'react';

/**
 * Pages of a list paged by cursor, as the cursors that opened them: empty on the first page,
 * one cursor more for each page further on, so "Previous" is a step back along it.
 */
export type CursorTrail = readonly string[];

/** The cursor of the page the trail is on; undefined for the first page. */
export function currentCursor(trail: CursorTrail): string | undefined {
  return trail.at(-1);
}

/** The trail one page further on, opened by the shown page's `nextCursor`. */
export function nextPage(trail: CursorTrail, nextCursor: string): CursorTrail {
  return [...trail, nextCursor];
}

/** The trail one page back; the first page stays the first. */
export function previousPage(trail: CursorTrail): CursorTrail {
  return trail.slice(0, -1);
}

/** A cursor-paged list's place: its cursor, its 1-based page number, and steps both ways. */
export function useCursorPages() {
  const [trail, setTrail] = useState<CursorTrail>([]);
  return {
    cursor: currentCursor(trail),
    page: trail.length + 1,
    next: useCallback((nextCursor: string) => setTrail((t) => nextPage(t, nextCursor)), []),
    previous: useCallback(() => setTrail(previousPage), []),
    reset: useCallback(() => setTrail([]), []),
  };
}
