import { z } from 'zod';
import type { FeatureStorageKey } from '../../../shared/storage/storage-keys';

/**
 * Where this device keeps the player's favourite games and recently played games. The spec
 * names no keys for them; a logout clears them with the rest of local storage (spec §4).
 */
export const FAVOURITES_KEY = 'casinoFavourites' satisfies FeatureStorageKey;
export const RECENT_GAMES_KEY = 'casinoRecentGames' satisfies FeatureStorageKey;

/** How many recently played games the lobby remembers, newest first. */
export const MAX_RECENT_GAMES = 12;
/** How many favourites a player keeps; the oldest goes when one more is added. */
export const MAX_FAVOURITES = 60;

const GAME_CODE = /^[A-Za-z0-9_.:-]{1,64}$/;

/**
 * A list as stored: the player it belongs to and the games' codes. A list of another player
 * (one whose session ended with a 401 and left it behind) is not shown to the next one.
 */
const storedListSchema = z.object({
  player: z.string().nullable(),
  games: z.array(z.string()),
});
export type StoredGameList = z.infer<typeof storedListSchema>;

/** The player a list belongs to, as stored. */
export function listOwner(userId: string | number | null | undefined): string | null {
  return userId === null || userId === undefined ? null : String(userId);
}

/** The game codes of a stored list for this player; nothing for an unreadable or foreign one. */
export function readGameList(stored: string | null, player: string | null): string[] {
  if (stored === null) return [];
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return [];
  }
  const parsed = storedListSchema.safeParse(value);
  if (!parsed.success || parsed.data.player !== player) return [];
  return [...new Set(parsed.data.games.filter((code) => GAME_CODE.test(code)))];
}

/** The list with a game just played first, each game once, the oldest beyond the limit gone. */
export function withRecentGame(list: readonly string[], gameCode: string): string[] {
  return [gameCode, ...list.filter((code) => code !== gameCode)].slice(0, MAX_RECENT_GAMES);
}

/** The list with a game added first, or taken out when it was there. */
export function withFavouriteToggled(list: readonly string[], gameCode: string): string[] {
  return list.includes(gameCode)
    ? list.filter((code) => code !== gameCode)
    : [gameCode, ...list].slice(0, MAX_FAVOURITES);
}
