import type { LoginResult } from '@backlay/contract/account';
import { userSettingRoute } from '@backlay/contract/account-calls';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { callParsed } from '../api/call-api';
import { sessionStore, storeUserInfo, type UserInfo } from './session-store';
import { useSession } from './use-session';

/**
 * Fetches the player's user info (`Setting/GetSetting`) and stores it in the session,
 * keeping the name and stake buttons the login result gave.
 */
export async function fetchUserInfo(): Promise<UserInfo> {
  const fetched = await callParsed(userSettingRoute);
  const held = sessionStore.getState().userInfo;
  const info: UserInfo = {
    ...fetched,
    userName: held?.userName || fetched.userName,
    stakes: held?.stakes ?? null,
  };
  // The session may have ended while the call ran; its user info must not come back.
  if (sessionStore.getState().accessToken !== null) storeUserInfo(info);
  return info;
}

/** User info to start with when `Setting/GetSetting` cannot be reached right after a login. */
export function userInfoFromLogin(login: Pick<LoginResult, 'userName' | 'stakes'>): UserInfo {
  return {
    userId: null,
    userName: login.userName,
    isDemo: false,
    balance: Number.NaN,
    exposure: Number.NaN,
    football: false,
    tennis: false,
    cricket: false,
    kabaddi: false,
    horseRacing: false,
    stakes: login.stakes,
  };
}

/** The user info query: server data in the cache, mirrored into the stored session. */
export function userInfoQueryOptions() {
  return queryOptions({ queryKey: ['user-info'] as const, queryFn: fetchUserInfo });
}

/** A balance and exposure the server announced. */
export interface BalanceUpdate {
  balance: number;
  exposure: number;
}

/**
 * Writes a pushed balance and exposure into the user info query, so every view of them
 * changes at once without a fetch, and into the stored session, as a fetch would. Only the
 * two amounts change: the rest of each copy stays as it was. Without a session nothing is
 * written.
 */
export function writeUserBalance(queryClient: QueryClient, update: BalanceUpdate): void {
  const { accessToken, userInfo: stored } = sessionStore.getState();
  if (accessToken === null) return;
  const amounts = { balance: update.balance, exposure: update.exposure };
  queryClient.setQueryData(userInfoQueryOptions().queryKey, (held) =>
    held ? { ...held, ...amounts } : held,
  );
  if (stored) storeUserInfo({ ...stored, ...amounts });
}

/** Keeps the player's balance, exposure and sport flags fresh while they are logged in. */
export function useUserInfoRefresh(): void {
  const { loggedIn } = useSession();
  useQuery({ ...userInfoQueryOptions(), enabled: loggedIn });
}

/**
 * The player's user info as the query cache holds it (fetched, or pushed by the hub), or
 * the stored copy until the cache has it; null for a guest. It never fetches by itself.
 */
export function useUserInfo(): UserInfo | null {
  const { loggedIn, userInfo } = useSession();
  const { data } = useQuery({ ...userInfoQueryOptions(), enabled: false });
  if (!loggedIn) return null;
  return data ?? userInfo;
}
