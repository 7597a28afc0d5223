import { useMemo } from 'react';
import { STORAGE_KEYS } from '../storage/storage-keys';
import { useStoredText } from '../storage/use-stored-text';
import { parseUserInfo, type UserInfo } from './session';

export interface Session {
  loggedIn: boolean;
  userInfo: UserInfo | null;
}

function parseJsonText(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** Whether a player is logged in and their stored user info, kept in step with storage. */
export function useSession(): Session {
  const token = useStoredText(STORAGE_KEYS.accessToken);
  const userInfoText = useStoredText(STORAGE_KEYS.userInfo);
  return useMemo(
    () => ({ loggedIn: Boolean(token), userInfo: parseUserInfo(parseJsonText(userInfoText)) }),
    [token, userInfoText],
  );
}
