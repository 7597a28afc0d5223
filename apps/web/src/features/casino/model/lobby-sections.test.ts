import { describe, expect, it } from 'vitest';
import { buildCatalogue, buildGame } from '../test/casino-fixtures';
import {
  categoriesOf,
  gamesOfSection,
  parseSection,
  providerName,
  providersOf,
  searchGames,
  sectionName,
} from './lobby-sections';

const games = buildCatalogue();
const codes = (list: { gameCode: string }[]) => list.map((g) => g.gameCode);

describe('the lobby sections', () => {
  it('lists known categories in the lobby order, others after them by name', () => {
    const more = [...games, buildGame({ gameCode: 'x_bingo', category: 'bingo' })];
    expect(categoriesOf(more)).toEqual(['crash', 'cards', 'table', 'slots', 'bingo']);
    expect(providersOf(more)).toEqual(['dream', 'king', 'mac']);
    expect(providerName('mac')).toBe('Mac');
  });

  it('reads a section from the URL whatever its case, and nothing the brand lacks', () => {
    expect(parseSection('Crash', games)).toEqual({ kind: 'category', code: 'crash' });
    expect(parseSection('dream', games)).toEqual({ kind: 'provider', code: 'dream' });
    expect(parseSection('favourites', games)).toEqual({ kind: 'favourites' });
    expect(parseSection('recent', games)).toEqual({ kind: 'recent' });
    expect(parseSection('Evolution', games)).toBeNull();
    expect(sectionName({ kind: 'provider', code: 'king' })).toBe('king');
    expect(sectionName({ kind: 'recent' })).toBe('recent');
  });

  it("keeps the brand's order in a category and the player's order in their own lists", () => {
    expect(codes(gamesOfSection({ kind: 'category', code: 'crash' }, games, own()))).toEqual([
      'sbe_aviator',
      'dream_kite_flyer',
    ]);
    expect(codes(gamesOfSection({ kind: 'provider', code: 'dream' }, games, own()))).toEqual([
      'dream_kite_flyer',
      'dream_temple_gold',
    ]);
    const lists = own({ recent: ['dream_temple_gold', 'gone_game', 'sbe_aviator'] });
    // A game the brand no longer offers is left out.
    expect(codes(gamesOfSection({ kind: 'recent' }, games, lists))).toEqual([
      'dream_temple_gold',
      'sbe_aviator',
    ]);
  });

  it('finds games by every word of the search in name, provider or category, any case', () => {
    expect(codes(searchGames(games, 'sky'))).toEqual(['sbe_aviator']);
    expect(codes(searchGames(games, '  TEEN  patti '))).toEqual(['mac_teen_patti']);
    expect(codes(searchGames(games, 'dream slots'))).toEqual(['dream_temple_gold']);
    expect(codes(searchGames(games, 'kite mac'))).toEqual([]);
    expect(searchGames(games, '   ')).toHaveLength(games.length);
  });
});

function own(lists: { favourites?: string[]; recent?: string[] } = {}) {
  return { favourites: lists.favourites ?? [], recent: lists.recent ?? [] };
}
