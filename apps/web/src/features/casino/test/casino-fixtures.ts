import type { CasinoGame } from '@backlay/contract/casino';

/** A game of the catalogue, as `InternationalCasino/GetGames` answers it. */
export function buildGame(overrides: Partial<CasinoGame> = {}): CasinoGame {
  const gameCode = overrides.gameCode ?? 'sbe_aviator';
  return {
    gameCode,
    gameId: 201206,
    name: 'Sky Ace',
    provider: 'mac',
    category: 'crash',
    image: `/cdn/casino/thumbs/${gameCode}.svg`,
    ...overrides,
  };
}

/** A small catalogue: two crash games, a card game, a table game and a slot, three providers. */
export function buildCatalogue(): CasinoGame[] {
  return [
    buildGame(),
    buildGame({
      gameCode: 'dream_kite_flyer',
      gameId: 101001,
      name: 'Kite Flyer',
      provider: 'dream',
    }),
    buildGame({
      gameCode: 'mac_teen_patti',
      gameId: 201210,
      name: 'Teen Patti Royale',
      category: 'cards',
    }),
    buildGame({
      gameCode: 'king_roulette',
      gameId: 301003,
      name: 'Royal Roulette',
      provider: 'king',
      category: 'table',
    }),
    buildGame({
      gameCode: 'dream_temple_gold',
      gameId: 101005,
      name: 'Temple Gold',
      provider: 'dream',
      category: 'slots',
    }),
  ];
}

/** The lobby's rows of a catalogue, one per category, as `Casino/GetGrid` answers them. */
export function gridOf(games: readonly CasinoGame[]) {
  const titles: Record<string, string> = {
    crash: 'Crash games',
    cards: 'Card games',
    table: 'Table games',
    slots: 'Slots',
  };
  return [...new Set(games.map((g) => g.category))].map((category) => ({
    title: titles[category] ?? category,
    games: games.filter((g) => g.category === category),
  }));
}
