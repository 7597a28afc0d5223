import { useStore } from 'zustand';
import { sessionStore, type UserInfo } from './session-store';

export interface Session {
  loggedIn: boolean;
  userInfo: UserInfo | null;
}

/** Whether a player is logged in and their user info, following the session store. */
export function useSession(): Session {
  const loggedIn = useStore(sessionStore, (s) => s.accessToken !== null);
  const userInfo = useStore(sessionStore, (s) => s.userInfo);
  return { loggedIn, userInfo };
}
