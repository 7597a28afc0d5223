import type { LoginResult } from '@backlay/contract/account';
import type { QueryClient } from '@tanstack/react-query';
import { hasAccessToken } from '../../../shared/session/session';
import { storeTokens, storeUserInfo } from '../../../shared/session/session-store';
import {
  fetchUserInfo,
  userInfoFromLogin,
  userInfoQueryOptions,
} from '../../../shared/session/user-info-query';

/**
 * Starts the session a login, demo login or verification returned (spec §4): the tokens
 * and expiry are stored (and with them the bearer), then the player's user info is fetched
 * (`Setting/GetSetting`) and stored beside the login result's name and stake buttons. If
 * that fetch fails for any reason but a refused token, the player is still logged in and
 * the header fetches the user info again.
 */
export async function establishSession(
  login: LoginResult,
  queryClient: QueryClient,
): Promise<void> {
  storeTokens(login);
  storeUserInfo(userInfoFromLogin(login));
  try {
    const info = await fetchUserInfo();
    queryClient.setQueryData(userInfoQueryOptions().queryKey, info);
  } catch (error) {
    if (!hasAccessToken()) throw error;
  }
}
