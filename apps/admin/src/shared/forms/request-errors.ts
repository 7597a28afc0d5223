import type { AdminRoute } from '@backlay/contract/admin-calls';
import type { AdminRequest } from '../api/call-admin';

/** A message per form field, by the request's field name. */
export type FieldErrors = Partial<Record<string, string>>;

/**
 * Checks what a form is about to send against the route's own request schema, so the form
 * says what the server would refuse, in the contract's words, before the call. Returns the
 * first message of each field, or null when the request is valid.
 */
export function requestErrors<Route extends AdminRoute>(
  route: Route,
  input: AdminRequest<Route>,
): FieldErrors | null {
  const parsed = route.request.safeParse(input);
  if (parsed.success) return null;
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}
