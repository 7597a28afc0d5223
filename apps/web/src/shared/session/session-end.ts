import { LANGUAGE_KEY } from '../i18n/locale';
import { STORAGE_KEYS } from '../storage/storage-keys';
import { clearStorageExcept } from '../storage/storage';
import { resetSessionStore, sessionStore, wipeSession } from './session-store';

/** Why a session ended: the player logged out, or the server refused the token (401). */
export type SessionEndReason = 'logout' | 'unauthorized';

export interface SessionEnd {
  reason: SessionEndReason;
  /** Whether a session was still held when it ended (false for a repeated 401). */
  hadSession: boolean;
}

type SessionEndHandler = (end: SessionEnd) => void;

let handler: SessionEndHandler | null = null;

/**
 * Registers what the application does when a session ends: empty the query cache of user
 * and casino data, and navigate. One handler at a time; the returned function removes it.
 */
export function onSessionEnd(next: SessionEndHandler): () => void {
  handler = next;
  return () => {
    if (handler === next) handler = null;
  };
}

/** Forgets the handler: a test's app no longer answers for the next test's pages. */
export function forgetSessionEndHandler(): void {
  handler = null;
}

/**
 * Logs out (spec §4): clears all local storage except the saved base URL and the device's
 * language (a choice of the device, made before any login, not of the session), drops the
 * session (and with it the bearer header), then lets the application empty its caches and
 * go to the login page.
 */
export function logout(): void {
  const hadSession = sessionStore.getState().accessToken !== null;
  clearStorageExcept([STORAGE_KEYS.baseUrl, LANGUAGE_KEY]);
  resetSessionStore();
  handler?.({ reason: 'logout', hadSession });
}

/**
 * The answer to a 401 (spec §4): token, refresh token, expiry and user info are wiped and
 * the application sends the player to the logout route.
 */
export function endUnauthorizedSession(): void {
  const hadSession = sessionStore.getState().accessToken !== null;
  wipeSession();
  handler?.({ reason: 'unauthorized', hadSession });
}
