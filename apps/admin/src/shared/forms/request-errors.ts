import type { AdminRoute } from '@backlay/contract/admin-calls';
import { AdminApiError } from '../api/admin-api-error';
import type { AdminRequest } from '../api/call-admin';

/** A message per form field, by the request's field name. */
export type FieldErrors = Partial<Record<string, string>>;

/**
 * The first message of each field named by `keyOf`, or null when the request is valid. The
 * one place that decides which of several messages of a field a form shows.
 */
function firstMessages<Route extends AdminRoute>(
  route: Route,
  input: AdminRequest<Route>,
  keyOf: (path: readonly PropertyKey[]) => string,
): FieldErrors | null {
  const parsed = route.request.safeParse(input);
  if (parsed.success) return null;
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) errors[keyOf(issue.path)] ??= issue.message;
  return errors;
}

/**
 * Checks what a form is about to send against the route's own request schema, so the form
 * says what the server would refuse, in the contract's words, before the call. Returns the
 * first message of each field, or null when the request is valid.
 */
export function requestErrors<Route extends AdminRoute>(
  route: Route,
  input: AdminRequest<Route>,
): FieldErrors | null {
  return firstMessages(route, input, (path) => String(path[0] ?? ''));
}

/**
 * As `requestErrors`, for a form of nested fields: each message is keyed by its field's whole
 * path, dotted as the server's details spell it (`settings.setting.domainTitle`, `betting.all.minStake`).
 */
export function requestErrorsByPath<Route extends AdminRoute>(
  route: Route,
  input: AdminRequest<Route>,
): FieldErrors | null {
  return firstMessages(route, input, (path) => path.map(String).join('.'));
}

/**
 * The field messages of a server's VALIDATION_FAILED answer, whose details list each issue
 * as `path: message`, separated by `; `. Null for any other failure, or details naming no field.
 */
export function serverFieldErrors(error: unknown): FieldErrors | null {
  if (!(error instanceof AdminApiError) || error.code !== 'VALIDATION_FAILED' || !error.details) {
    return null;
  }
  const errors: FieldErrors = {};
  for (const part of error.details.split('; ')) {
    const match = /^([\w.-]+): (.+)$/.exec(part.trim());
    if (match?.[1] && match[2]) errors[match[1]] ??= match[2];
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

/**
 * The first message at a field or anywhere under it: `entry.aliases` finds the message of
 * `entry.aliases.2`, so a list field shows what is wrong with any of its items.
 */
export function errorAt(errors: FieldErrors, path: string): string | undefined {
  const own = errors[path];
  if (own) return own;
  const prefix = `${path}.`;
  for (const [key, message] of Object.entries(errors)) {
    if (key.startsWith(prefix) && message) return message;
  }
  return undefined;
}

/** The messages under one part of a request, keyed relative to it (`betting.all.minStake` → `all.minStake`). */
export function errorsUnder(errors: FieldErrors, path: string): FieldErrors {
  const prefix = `${path}.`;
  const scoped: FieldErrors = {};
  for (const [key, message] of Object.entries(errors)) {
    if (key.startsWith(prefix)) scoped[key.slice(prefix.length)] = message;
  }
  return scoped;
}
