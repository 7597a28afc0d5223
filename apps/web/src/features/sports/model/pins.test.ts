import { describe, expect, it } from 'vitest';
import { isInPlay } from './in-play';
import { pinnedFirst } from './pins';

describe('pinnedFirst', () => {
  it('puts pinned events first and keeps the order within each group', () => {
    const events = [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }];
    expect(pinnedFirst(events, ['4', '2']).map((e) => e.id)).toEqual([2, 4, 1, 3]);
    expect(pinnedFirst(events, []).map((e) => e.id)).toEqual([1, 2, 3, 4]);
  });
});

describe('isInPlay (spec §4)', () => {
  it('is true when the status is IN_PLAY or the date reads In-Play', () => {
    expect(isInPlay({ status: 'IN_PLAY', matchDate: '2026-01-01T10:00:00Z' })).toBe(true);
    expect(isInPlay({ status: 'UPCOMING', matchDate: 'In-Play' })).toBe(true);
    expect(isInPlay({ status: 'UPCOMING', matchDate: '2026-01-01T10:00:00Z' })).toBe(false);
    expect(isInPlay({ status: 'FINISHED', matchDate: '2026-01-01T10:00:00Z' })).toBe(false);
  });
});
