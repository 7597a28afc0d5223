import { readUserInfo } from '../../../shared/session/session';
import { STORAGE_KEYS } from '../../../shared/storage/storage-keys';
import { writeText } from '../../../shared/storage/storage';

/** The crash game a casino-only domain opens on landing (spec §9). */
export const CRASH_GAME = { gameCode: 'sbe_aviator', gameId: 201206, country: 'IN' } as const;

/** Asks the casino provider for a launch URL of the crash game for the stored user. */
export async function launchCrashGame(fetchImpl?: typeof fetch): Promise<string> {
  // The API client and the call's entry load with the first call: a guest's first page
  // makes none, so the landing that imports this module must not carry them into the
  // first download.
  const [{ callParsed }, { launchMacRoute }] = await Promise.all([
    import('../../../shared/api/call-api'),
    import('@backlay/contract/casino-calls'),
  ]);
  const { url } = await callParsed(launchMacRoute, {
    body: { userId: readUserInfo()?.userId ?? null, ...CRASH_GAME },
    fetchImpl,
  });
  return url;
}

/** Stores the URL the casino lobby frame opens. */
export function storeLobbyUrl(url: string): void {
  writeText(STORAGE_KEYS.lobbyUrl, url);
}
