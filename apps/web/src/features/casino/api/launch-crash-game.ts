import { currentLocale } from '../../../shared/i18n/locale';
import { STORAGE_KEYS } from '../../../shared/storage/storage-keys';
import { writeText } from '../../../shared/storage/storage';

/** Asks the crash game's provider for a launch URL for the logged-in player (spec §2). */
export async function launchCrashGame(fetchImpl?: typeof fetch): Promise<string> {
  // The API client, the launch calls and the game itself load with the first call: a guest's
  // first page makes none, so the landing that imports this module must not carry them into
  // the first download.
  const { launchGame, CRASH_GAME } = await import('./launch-game');
  return launchGame(CRASH_GAME, { language: currentLocale.get(), fetchImpl });
}

/** Stores the URL the casino lobby frame opens (`lotus_url`). */
export function storeLobbyUrl(url: string): void {
  writeText(STORAGE_KEYS.lobbyUrl, url);
}
