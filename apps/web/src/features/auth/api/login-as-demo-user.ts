import { loginResultSchema, type LoginResult } from '@backlay/contract/account';
import { API_ROUTES } from '@backlay/contract/routes';
import { callParsed } from '../../../shared/api/call-api';

/** Logs in to a fresh demo account (`GET Account/LoginAsDemoUser`); its name is "Demo". */
export function loginAsDemoUser(): Promise<LoginResult> {
  return callParsed(API_ROUTES.loginAsDemoUser, loginResultSchema);
}
