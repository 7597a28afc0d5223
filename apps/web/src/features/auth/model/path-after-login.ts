import { DEFAULT_RETURN_PATH, safeReturnPath } from '../../../shared/routing/safe-return-path';

/**
 * Where to go after logging in, or on continuing a session: the login URL's `to` when it
 * is a safe path on this site, else the landing page. (Apart from `logged-in`, so the login
 * page's first load does not carry it: only the form's actions and the offer use it.)
 */
export function pathAfterLogin(returnTo: string | null): string {
  return safeReturnPath(returnTo) ?? DEFAULT_RETURN_PATH;
}
