import { sessionStore, type UserInfo } from './session-store';

export { parseUserInfo, type UserInfo } from './session-store';

/** The session's access token, if any. */
export function readAccessToken(): string | null {
  return sessionStore.getState().accessToken;
}

/** Whether a player is logged in: a token is held, its presence only (spec §6). */
export function hasAccessToken(): boolean {
  return readAccessToken() !== null;
}

/** The player's user info, if any. */
export function readUserInfo(): UserInfo | null {
  return sessionStore.getState().userInfo;
}
