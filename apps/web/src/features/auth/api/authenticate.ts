import {
  loginResultSchema,
  type AuthenticateRequest,
  type LoginResult,
} from '@backlay/contract/account';
import { API_ROUTES } from '@backlay/contract/routes';
import { callParsed } from '../../../shared/api/call-api';

/** Logs in with a user name and password (`POST Account/Authenticate`). */
export function authenticate(input: AuthenticateRequest): Promise<LoginResult> {
  return callParsed(API_ROUTES.authenticate, loginResultSchema, { body: input });
}
