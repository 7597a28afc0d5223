import { ERROR_MESSAGES } from '../../../shared/api/error-messages';
import { RequestError } from '../../../shared/api/request-error';
import { readUserInfo } from '../../../shared/session/session';
import { STORAGE_KEYS } from '../../../shared/storage/storage-keys';
import { writeText } from '../../../shared/storage/storage';

/** The crash game a casino-only domain opens on landing (spec §9). */
export const CRASH_GAME = { gameCode: 'sbe_aviator', gameId: 201206, country: 'IN' } as const;

/** Asks the casino provider for a launch URL of the crash game for the stored user. */
export async function launchCrashGame(fetchImpl?: typeof fetch): Promise<string> {
  // The API client and the route table load with the first call: a guest's first page
  // makes none, so the landing that imports this module must not carry them into the
  // first download.
  const [{ callApi }, { API_ROUTES }] = await Promise.all([
    import('../../../shared/api/call-api'),
    import('@backlay/contract/routes'),
  ]);
  const result = await callApi(API_ROUTES.launchMac, {
    body: { userId: readUserInfo()?.userId ?? null, ...CRASH_GAME },
    fetchImpl,
  });
  const url =
    typeof result === 'object' && result !== null ? (result as { url?: unknown }).url : null;
  if (typeof url !== 'string' || url.trim() === '') {
    throw new RequestError(ERROR_MESSAGES.unreadable, 200, false);
  }
  return url;
}

/** Stores the URL the casino lobby frame opens. */
export function storeLobbyUrl(url: string): void {
  writeText(STORAGE_KEYS.lobbyUrl, url);
}
