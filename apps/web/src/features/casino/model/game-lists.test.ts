import { describe, expect, it } from 'vitest';
import {
  MAX_FAVOURITES,
  MAX_RECENT_GAMES,
  readGameList,
  withFavouriteToggled,
  withRecentGame,
} from './game-lists';

describe('the player’s game lists', () => {
  it('puts the game just played first, once, and forgets the oldest beyond the limit', () => {
    expect(withRecentGame(['a', 'b', 'c'], 'b')).toEqual(['b', 'a', 'c']);
    const full = Array.from({ length: MAX_RECENT_GAMES }, (_, i) => `g${i}`);
    const next = withRecentGame(full, 'new');
    expect(next).toHaveLength(MAX_RECENT_GAMES);
    expect(next[0]).toBe('new');
    expect(next).not.toContain(`g${MAX_RECENT_GAMES - 1}`);
  });

  it('adds a favourite first and takes it out on the second tap', () => {
    expect(withFavouriteToggled(['a'], 'b')).toEqual(['b', 'a']);
    expect(withFavouriteToggled(['b', 'a'], 'b')).toEqual(['a']);
    const full = Array.from({ length: MAX_FAVOURITES }, (_, i) => `g${i}`);
    expect(withFavouriteToggled(full, 'new')).toHaveLength(MAX_FAVOURITES);
  });

  it("reads only this player's list, and nothing from an unreadable one", () => {
    const stored = JSON.stringify({ player: '42', games: ['a', 'b', 'a', '<bad code>'] });
    expect(readGameList(stored, '42')).toEqual(['a', 'b']);
    expect(readGameList(stored, '43')).toEqual([]);
    expect(readGameList('not json', '42')).toEqual([]);
    expect(readGameList(JSON.stringify(['a']), '42')).toEqual([]);
    expect(readGameList(null, '42')).toEqual([]);
  });
});
