import { currentLocale } from '../../../shared/i18n/locale';
import { STORAGE_KEYS } from '../../../shared/storage/storage-keys';
import { writeText } from '../../../shared/storage/storage';

/**
 * The crash game a casino-only domain opens on landing (spec §2, §9), a Mac game. The
 * contract names it too (`CRASH_GAME_CODE`); its module is not loaded for this, as the landing
 * that imports this one is in every first download.
 */
export const CRASH_GAME = {
  gameCode: 'sbe_aviator',
  gameId: 201206,
  country: 'IN',
  provider: 'mac',
} as const;

/** Asks the crash game's provider for a launch URL for the logged-in player. */
export async function launchCrashGame(fetchImpl?: typeof fetch): Promise<string> {
  // The API client and the launch calls load with the first call: a guest's first page makes
  // none, so the landing that imports this module must not carry them into the first download.
  const { launchGame } = await import('./launch-game');
  return launchGame(CRASH_GAME, { language: currentLocale.get(), fetchImpl });
}

/** Stores the URL the casino lobby frame opens (`lotus_url`). */
export function storeLobbyUrl(url: string): void {
  writeText(STORAGE_KEYS.lobbyUrl, url);
}
