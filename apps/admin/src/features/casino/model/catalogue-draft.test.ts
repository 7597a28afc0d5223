import { describe, expect, it } from 'vitest';
import { buildCasinoCatalogue, buildCatalogueGame } from '../../../shared/test/casino-fixtures';
import {
  catalogueChanges,
  catalogueDraftOf,
  catalogueUpdateOf,
  hasChanges,
  moveGame,
  offerGame,
} from './catalogue-draft';

const GAMES = [1, 2, 3, 4].map((n) => buildCatalogueGame(n));
const codes = (games: { gameCode: string }[]) => games.map((game) => game.gameCode.slice(-1));

describe('moveGame', () => {
  it('moves a game one place up or down, the others keeping their order', () => {
    expect(codes(moveGame(GAMES, 2, -1))).toEqual(['1', '3', '2', '4']);
    expect(codes(moveGame(GAMES, 0, 1))).toEqual(['2', '1', '3', '4']);
  });

  it('leaves the order alone at either end, and for a place that is not there', () => {
    expect(codes(moveGame(GAMES, 0, -1))).toEqual(['1', '2', '3', '4']);
    expect(codes(moveGame(GAMES, 3, 1))).toEqual(['1', '2', '3', '4']);
    expect(codes(moveGame(GAMES, 7, -1))).toEqual(['1', '2', '3', '4']);
  });

  it('never changes the list it was given', () => {
    const games = [...GAMES];
    moveGame(games, 1, 1);
    expect(codes(games)).toEqual(['1', '2', '3', '4']);
  });
});

describe('catalogueChanges', () => {
  const base = buildCasinoCatalogue({
    games: [
      buildCatalogueGame(1),
      buildCatalogueGame(2, { enabled: false }),
      buildCatalogueGame(3),
    ],
  });

  it('finds nothing in a draft as loaded, nor in one moved there and back', () => {
    const draft = catalogueDraftOf(base);
    expect(hasChanges(catalogueChanges(base, draft))).toBe(false);
    const back = moveGame(moveGame(draft.games, 0, 1), 1, -1);
    expect(hasChanges(catalogueChanges(base, { ...draft, games: back }))).toBe(false);
  });

  it('names the games offered and withdrawn, the new order and the switch', () => {
    let games = offerGame(base.games, 'mac_game_2', true);
    games = offerGame(games, 'mac_game_3', false);
    games = moveGame(games, 2, -1);
    expect(catalogueChanges(base, { casinoEnabled: false, games })).toEqual({
      casinoEnabled: false,
      offered: ['Game 2'],
      withdrawn: ['Game 3'],
      reordered: true,
    });
  });

  it('sends every game once, in the draft’s order, on the version loaded', () => {
    const games = moveGame(offerGame(base.games, 'mac_game_1', false), 0, 1);
    expect(catalogueUpdateOf({ casinoEnabled: true, games }, base)).toEqual({
      brand: 'gold365.bet',
      version: 5,
      casinoEnabled: true,
      games: [
        { gameCode: 'mac_game_2', enabled: false },
        { gameCode: 'mac_game_1', enabled: false },
        { gameCode: 'mac_game_3', enabled: true },
      ],
    });
  });
});
