import type { CasinoGame } from '@backlay/contract/casino';

/** The categories the lobby names in the player's language, in the lobby's order. */
export const KNOWN_CATEGORIES = ['crash', 'cards', 'table', 'slots'] as const;
export type KnownCategory = (typeof KNOWN_CATEGORIES)[number];

/** The player's own sections, kept on this device. */
export const OWN_SECTIONS = ['favourites', 'recent'] as const;
export type OwnSection = (typeof OWN_SECTIONS)[number];

/**
 * A section of the lobby (`/lobby-page/:section`): the player's favourites or recently played
 * games, a category's games, or a provider's; the section's name in the URL is its code.
 */
export type LobbySection =
  { kind: OwnSection } | { kind: 'category'; code: string } | { kind: 'provider'; code: string };

export function isKnownCategory(code: string): code is KnownCategory {
  return (KNOWN_CATEGORIES as readonly string[]).includes(code);
}

/** The categories of the games, known ones in the lobby's order, then the rest by name. */
export function categoriesOf(games: readonly CasinoGame[]): string[] {
  const rank = (code: string) => {
    const known = (KNOWN_CATEGORIES as readonly string[]).indexOf(code);
    return known === -1 ? KNOWN_CATEGORIES.length : known;
  };
  return [...new Set(games.map((g) => g.category.toLowerCase()))].sort(
    (a, b) => rank(a) - rank(b) || a.localeCompare(b),
  );
}

/** The providers of the games, by name. */
export function providersOf(games: readonly CasinoGame[]): string[] {
  return [...new Set(games.map((g) => g.provider.toLowerCase()))].sort((a, b) =>
    a.localeCompare(b),
  );
}

/**
 * The section a URL names, read against the brand's games (case does not matter); null when
 * it names nothing the brand has.
 */
export function parseSection(name: string, games: readonly CasinoGame[]): LobbySection | null {
  const code = name.trim().toLowerCase();
  if ((OWN_SECTIONS as readonly string[]).includes(code)) return { kind: code as OwnSection };
  if (categoriesOf(games).includes(code)) return { kind: 'category', code };
  if (providersOf(games).includes(code)) return { kind: 'provider', code };
  return null;
}

/** The URL name of a section. */
export function sectionName(section: LobbySection): string {
  return section.kind === 'category' || section.kind === 'provider' ? section.code : section.kind;
}

/** A provider's name as players see it: its code with a capital (Dream, King, Mac). */
export function providerName(code: string): string {
  return code.charAt(0).toUpperCase() + code.slice(1);
}

/** A category without a name of its own in the lobby: its code with a capital. */
export function categoryFallbackName(code: string): string {
  return code.charAt(0).toUpperCase() + code.slice(1).replace(/[-_]+/g, ' ');
}

/**
 * The games of a section, in the order the section keeps them: the brand's order for a
 * category or a provider; for favourites and recently played, the order the player's list
 * has (newest first), skipping games the brand no longer offers.
 */
export function gamesOfSection(
  section: LobbySection,
  games: readonly CasinoGame[],
  own: { favourites: readonly string[]; recent: readonly string[] },
): CasinoGame[] {
  switch (section.kind) {
    case 'category':
      return games.filter((g) => g.category.toLowerCase() === section.code);
    case 'provider':
      return games.filter((g) => g.provider.toLowerCase() === section.code);
    case 'favourites':
    case 'recent': {
      const byCode = new Map(games.map((g) => [g.gameCode, g]));
      const codes = section.kind === 'favourites' ? own.favourites : own.recent;
      return codes.flatMap((code) => byCode.get(code) ?? []);
    }
  }
}

/** Folds case and accents away, so "teen", "Teen" and "téen" find the same games. */
function folded(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * The games a search finds: every word of the query in the game's name, provider, category or
 * code, in any order. An empty query finds every game.
 */
export function searchGames(games: readonly CasinoGame[], query: string): CasinoGame[] {
  const words = folded(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...games];
  return games.filter((game) => {
    const text = folded(
      [game.name, game.provider, game.category, game.gameCode.replace(/_/g, ' ')].join(' '),
    );
    return words.every((word) => text.includes(word));
  });
}
