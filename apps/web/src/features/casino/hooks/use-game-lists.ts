import { useCallback, useMemo } from 'react';
import { readUserInfo } from '../../../shared/session/session';
import { useSession } from '../../../shared/session/use-session';
import { readText, writeJson } from '../../../shared/storage/storage';
import { useStoredText } from '../../../shared/storage/use-stored-text';
import {
  FAVOURITES_KEY,
  listOwner,
  readGameList,
  RECENT_GAMES_KEY,
  withFavouriteToggled,
  withRecentGame,
  type StoredGameList,
} from '../model/game-lists';

type ListKey = typeof FAVOURITES_KEY | typeof RECENT_GAMES_KEY;

function update(key: ListKey, change: (list: readonly string[]) => string[]): void {
  const player = listOwner(readUserInfo()?.userId);
  const next: StoredGameList = { player, games: change(readGameList(readText(key), player)) };
  writeJson(key, next);
}

/** Puts a game first among the recently played (after it was opened). */
export function rememberRecentGame(gameCode: string): void {
  update(RECENT_GAMES_KEY, (list) => withRecentGame(list, gameCode));
}

/** The player's favourite and recently played games on this device, and the favourite switch. */
export function useGameLists() {
  const { userInfo } = useSession();
  const player = listOwner(userInfo?.userId);
  const favouritesText = useStoredText(FAVOURITES_KEY);
  const recentText = useStoredText(RECENT_GAMES_KEY);
  const favourites = useMemo(() => readGameList(favouritesText, player), [favouritesText, player]);
  const recent = useMemo(() => readGameList(recentText, player), [recentText, player]);
  const toggleFavourite = useCallback((gameCode: string) => {
    update(FAVOURITES_KEY, (list) => withFavouriteToggled(list, gameCode));
  }, []);
  return { favourites, recent, toggleFavourite };
}
