import { authenticateRequestSchema } from '@backlay/contract/account';
import type { QueryClient } from '@tanstack/react-query';
import { fieldErrorsOf, type FieldErrors } from '../../../shared/forms/field-errors';
import { sanitizeInput } from '../../../shared/sanitize/sanitize-input';
import { authenticate } from '../api/authenticate';
import { establishSession } from '../api/establish-session';
import { loginAsDemoUser } from '../api/login-as-demo-user';
import { pathAfterLogin } from './path-after-login';

/*
 * What the login form does once the player acts on it. It loads apart from the form, on
 * the first touch, so the login page paints without the schemas and calls behind it.
 */

export interface LoginValues {
  userName: string;
  password: string;
}

/** Field messages keyed by the form's field names. */
export interface LoginErrors {
  userName?: string;
  password?: string;
}

/**
 * Checks the login form with the contract's schema. The user name is free text and is
 * sanitised first; the password is the secret and is sent exactly as typed.
 */
export function validateLogin(values: LoginValues):
  | { ok: true; request: { userNameOrEmailAddress: string; password: string } }
  | {
      ok: false;
      errors: LoginErrors;
    } {
  const parsed = authenticateRequestSchema.safeParse({
    userNameOrEmailAddress: sanitizeInput(values.userName),
    password: values.password,
  });
  if (parsed.success) return { ok: true, request: parsed.data };
  const found: FieldErrors = fieldErrorsOf(parsed.error.issues);
  return {
    ok: false,
    errors: { userName: found.userNameOrEmailAddress, password: found.password },
  };
}

/**
 * Logs in (with the validated request, or as a demo player when there is none), starts the
 * session and answers where to go next: the login URL's `to` when it is a safe path on
 * this site, else the landing page.
 */
export async function logIn(
  request: { userNameOrEmailAddress: string; password: string } | 'demo',
  queryClient: QueryClient,
  returnTo: string | null,
): Promise<string> {
  const result = request === 'demo' ? await loginAsDemoUser() : await authenticate(request);
  await establishSession(result, queryClient);
  return pathAfterLogin(returnTo);
}
