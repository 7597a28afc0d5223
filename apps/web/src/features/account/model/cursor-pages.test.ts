import { describe, expect, it } from 'vitest';
import { currentCursor, nextPage, previousPage } from './cursor-pages';

describe('pages by cursor', () => {
  it('start with no cursor and step on with each page’s next cursor', () => {
    const first: readonly string[] = [];
    expect(currentCursor(first)).toBeUndefined();
    const second = nextPage(first, 'c20');
    const third = nextPage(second, 'c40');
    expect(currentCursor(third)).toBe('c40');
    expect(first).toEqual([]);
  });

  it('step back along the cursors kept, and no further than the first page', () => {
    const trail = nextPage(nextPage([], 'c20'), 'c40');
    expect(currentCursor(previousPage(trail))).toBe('c20');
    expect(currentCursor(previousPage(previousPage(trail)))).toBeUndefined();
    expect(previousPage([])).toEqual([]);
  });
});
