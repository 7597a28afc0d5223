import type { AuthenticateRequest, LoginResult } from '@backlay/contract/account';
import { authenticateRoute } from '@backlay/contract/account-calls';
import { callParsed } from '../../../shared/api/call-api';

/** Logs in with a user name and password (`POST Account/Authenticate`). */
export function authenticate(input: AuthenticateRequest): Promise<LoginResult> {
  return callParsed(authenticateRoute, { body: input });
}
