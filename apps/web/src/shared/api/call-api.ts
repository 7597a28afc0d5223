import type { ApiRoute } from '@backlay/contract/routes';
import { apiPath } from '@backlay/contract/routes';
import { hideLoadingIndicator, showLoadingIndicator } from '../loading-indicator';
import { readAccessToken } from '../session/session';
import { ERROR_MESSAGES } from './error-messages';
import { envelopeMessage, fetchJson } from './fetch-json';
import { RequestError } from './request-error';

export interface CallOptions {
  body?: unknown;
  query?: Record<string, string | number | boolean>;
  fetchImpl?: typeof fetch;
  signal?: AbortSignal;
}

function isEnvelope(body: unknown): body is { success: boolean; result: unknown } {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as { success?: unknown }).success === 'boolean'
  );
}

/**
 * Calls a contract route on this origin and returns the envelope's `result`, unparsed:
 * callers parse it with the route's schema. A call succeeds only when `success` is true.
 * This is the minimal form; a later issue adds the base URL, codec and 401 handling.
 */
export async function callApi(route: ApiRoute, options: CallOptions = {}): Promise<unknown> {
  const url = new URL(apiPath(route), window.location.origin);
  for (const [name, value] of Object.entries(options.query ?? {})) {
    url.searchParams.set(name, String(value));
  }
  const headers: Record<string, string> = {};
  const token = route.auth === 'none' ? null : readAccessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';

  if (route.loader) showLoadingIndicator();
  try {
    const body = await fetchJson(
      url.pathname + url.search,
      {
        method: route.method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: options.signal,
      },
      options.fetchImpl,
    );
    if (!isEnvelope(body)) throw new RequestError(ERROR_MESSAGES.unreadable, 200, false);
    if (!body.success) {
      throw new RequestError(envelopeMessage(body) ?? ERROR_MESSAGES.failed, 200, false);
    }
    return body.result;
  } finally {
    if (route.loader) hideLoadingIndicator();
  }
}
