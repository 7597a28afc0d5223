import type { AdminRoute } from '@backlay/contract/admin-calls';
import { adminApiPath } from '@backlay/contract/admin-calls';
import { envelopeSchema } from '@backlay/contract/envelope';
import type { z } from 'zod';
import { currentSession, endSession } from '../session/session';
import { AdminApiError, CLIENT_MESSAGES } from './admin-api-error';

/** What a caller sends for a route: its request schema's input. */
export type AdminRequest<Route extends AdminRoute> = z.input<Route['request']>;
/** What a successful call answers: its response schema's output. */
export type AdminResult<Route extends AdminRoute> = z.output<Route['response']>;

export interface CallAdminOptions {
  signal?: AbortSignal;
  fetchImpl?: typeof fetch;
}

/**
 * A GET's query string. Absent fields and empty strings are left out: the server reads an
 * optional field as absent only when it is missing, and `from=` is no date.
 */
function queryString(input: unknown): string {
  const query = new URLSearchParams();
  if (typeof input === 'object' && input !== null) {
    for (const [name, value] of Object.entries(input)) {
      if (value === undefined || value === null || value === '') continue;
      query.set(name, String(value));
    }
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

async function send(url: string, init: RequestInit, options: CallAdminOptions) {
  try {
    return await (options.fetchImpl ?? fetch)(url, { ...init, signal: options.signal });
  } catch {
    if (options.signal?.aborted) {
      throw new AdminApiError('ABORTED', CLIENT_MESSAGES.aborted, null);
    }
    throw new AdminApiError('NETWORK', CLIENT_MESSAGES.network, null);
  }
}

async function readJson(response: Response): Promise<unknown> {
  try {
    const text = await response.text();
    return text.trim() === '' ? null : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

/**
 * Makes one back-office call and returns its result, parsed with the route's response schema.
 * A GET sends `input` as its query string and a POST as its JSON body; operator calls carry
 * the session's bearer. The call succeeded only when the envelope says `success`; otherwise it
 * rejects with an AdminApiError holding the server's code and message. A refused bearer (HTTP
 * 401 or `unAuthorizedRequest`) on an operator call ends the session.
 */
export async function callAdmin<Route extends AdminRoute>(
  route: Route,
  input: AdminRequest<Route>,
  options: CallAdminOptions = {},
): Promise<AdminResult<Route>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const session = route.auth === 'operator' ? currentSession() : null;
  if (session) headers.Authorization = `Bearer ${session.token}`;
  const isGet = route.method === 'GET';
  if (!isGet) headers['Content-Type'] = 'application/json';

  const url = adminApiPath(route) + (isGet ? queryString(input) : '');
  const response = await send(
    url,
    { method: route.method, headers, body: isGet ? undefined : JSON.stringify(input) },
    options,
  );
  const envelope = envelopeSchema.safeParse(await readJson(response));

  const unauthorized =
    response.status === 401 || (envelope.success && envelope.data.unAuthorizedRequest);
  if (unauthorized && route.auth === 'operator') endSession('unauthorized');

  if (!envelope.success) {
    const message = response.ok
      ? CLIENT_MESSAGES.unreadable
      : `${CLIENT_MESSAGES.failed} (HTTP ${response.status})`;
    throw new AdminApiError(response.ok ? 'UNREADABLE' : 'INTERNAL', message, response.status);
  }
  const { success, result, error } = envelope.data;
  if (!success) {
    throw new AdminApiError(
      error?.code ?? (unauthorized ? 'UNAUTHORIZED' : 'INTERNAL'),
      error?.message || CLIENT_MESSAGES.failed,
      response.status,
      error?.details ?? null,
    );
  }
  const parsed = route.response.safeParse(result);
  if (!parsed.success) {
    throw new AdminApiError('UNREADABLE', CLIENT_MESSAGES.unreadable, response.status);
  }
  return parsed.data as AdminResult<Route>;
}
