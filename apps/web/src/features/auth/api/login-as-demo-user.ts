import type { LoginResult } from '@backlay/contract/account';
import { loginAsDemoUserRoute } from '@backlay/contract/account-calls';
import { callParsed } from '../../../shared/api/call-api';

/** Logs in to a fresh demo account (`GET Account/LoginAsDemoUser`); its name is "Demo". */
export function loginAsDemoUser(): Promise<LoginResult> {
  return callParsed(loginAsDemoUserRoute);
}
