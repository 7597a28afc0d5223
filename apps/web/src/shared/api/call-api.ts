import type { PayloadCodec } from '@backlay/contract/payload-codec';
import type { ApiRoute, RouteRequest, RouteResult } from '@backlay/contract/route-entry';
import { hideLoadingIndicator, showLoadingIndicator } from '../loading-indicator';
import { endUnauthorizedSession } from '../session/session-end';
import { readAccessToken } from '../session/session';
import { apiUrl } from './base-url';
import { clientErrorMessage, ERROR_MESSAGES, timeoutMessage } from './error-messages';
import {
  envelopeErrorFields,
  envelopeMessage,
  failedResponseMessage,
  isRetryableStatus,
  networkFailure,
  parseBody,
} from './fetch-json';
import {
  loadConfiguredTransport,
  PAYLOAD_HEADER,
  transportFor,
  type PayloadTransport,
} from './payload-transform';
import { RequestError } from './request-error';
import { reportSiteSuspended, SITE_SUSPENDED_CODE } from './site-suspension';

/** The one call a 401 does not end the session for: a wrong password is not an expired one. */
const AUTHENTICATE_PATH = 'account/authenticate';

export type QueryValue = string | number | boolean | null | undefined;

export interface CallOptions {
  body?: unknown;
  /** Query parameters; null and undefined ones are left out. */
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** Abandons the call after this many ms; 0 waits for ever (spec §9: no timeout by default). */
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
  /** The payload codec to use; by default the page's configured one, if any. */
  codec?: PayloadCodec | null;
  /** The base URL the route's path resolves under; by default the API base URL. */
  baseUrl?: string;
}

interface Envelope {
  success: boolean;
  result: unknown;
  unAuthorizedRequest?: unknown;
  status?: unknown;
}

function isEnvelope(body: unknown): body is Envelope {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as { success?: unknown }).success === 'boolean'
  );
}

/** Whether an answer says the bearer was refused: HTTP 401, or a 401 in the body (spec §4). */
function isUnauthorized(status: number, body: unknown): boolean {
  if (status === 401) return true;
  if (typeof body !== 'object' || body === null) return false;
  const { unAuthorizedRequest, status: bodyStatus } = body as Envelope;
  return unAuthorizedRequest === true || bodyStatus === 401 || bodyStatus === '401';
}

function transportOf(options: CallOptions): Promise<PayloadTransport | null> {
  if (options.codec === undefined) return loadConfiguredTransport();
  return options.codec === null ? Promise.resolve(null) : transportFor(options.codec);
}

/** Sends the request, turning a missing answer into the catalogue's messages. */
async function send(url: string, init: RequestInit, options: CallOptions): Promise<Response> {
  const controller = new AbortController();
  const abort = () => controller.abort();
  if (options.signal?.aborted) abort();
  options.signal?.addEventListener('abort', abort);
  let timedOut = false;
  const timeoutMs = options.timeoutMs ?? 0;
  const timer =
    timeoutMs > 0
      ? setTimeout(() => {
          timedOut = true;
          abort();
        }, timeoutMs)
      : undefined;
  try {
    return await (options.fetchImpl ?? fetch)(url, { ...init, signal: controller.signal });
  } catch {
    if (timedOut) throw new RequestError(timeoutMessage(timeoutMs), null, true);
    if (controller.signal.aborted)
      throw new RequestError(clientErrorMessage('aborted'), null, false, ERROR_MESSAGES.aborted);
    throw networkFailure();
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', abort);
  }
}

/**
 * A refusal the server sent in the envelope. SITE_SUSPENDED, from any call, is told to the
 * application, which then behaves as when the settings say the site is suspended.
 */
function refusal(error: RequestError): RequestError {
  if (error.code === SITE_SUSPENDED_CODE) reportSiteSuspended(error.message);
  return error;
}

/**
 * Calls a contract route and returns the envelope's `result`, unparsed: this is the transport
 * under `callParsed`, which API functions use. The call goes to the API base URL, carries the bearer unless
 * the route's auth is `none`, is transformed when the page configures a codec, and shows
 * the loading indicator unless the route is excluded (spec §4, §7). It succeeds only when
 * `success` is true; failures reject with a RequestError carrying the catalogue's message
 * (spec §8). A 401 from any call but Account/Authenticate ends the session; a
 * SITE_SUSPENDED refusal from any call marks the site suspended.
 */
export async function callApi(route: ApiRoute, options: CallOptions = {}): Promise<unknown> {
  const transport = await transportOf(options);
  const url = apiUrl(route, options.baseUrl);
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(options.query ?? {})) {
    if (value !== null && value !== undefined) query.set(name, String(value));
  }
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = route.auth === 'none' ? null : readAccessToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  let request = {
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    search: query.toString(),
    headers,
  };
  if (transport) request = await transport.encodeRequest(request);
  if (request.body !== undefined) request.headers['Content-Type'] = 'application/json';
  url.search = request.search;

  if (route.loader) showLoadingIndicator();
  try {
    // Same-origin calls keep a relative URL, as the browser shows them.
    const target = url.origin === window.location.origin ? url.pathname + url.search : url.href;
    const response = await send(
      target,
      { method: route.method, headers: request.headers, body: request.body },
      options,
    );
    let text: string;
    try {
      text = await response.text();
    } catch {
      throw networkFailure();
    }
    if (response.headers.has(PAYLOAD_HEADER)) {
      if (transport) text = await transport.decodeResponseText(text);
      else console.error('A transformed response arrived without a codec; its raw body is used.');
    }
    const body = parseBody(text);
    const value = body.ok ? body.value : undefined;

    if (isUnauthorized(response.status, value) && route.path.toLowerCase() !== AUTHENTICATE_PATH) {
      endUnauthorizedSession();
    }
    if (!response.ok) {
      const message = failedResponseMessage({
        status: response.status,
        statusText: response.statusText,
        text,
        body,
      });
      const fields = envelopeErrorFields(value);
      // A suspended site answers 503, but trying again does not reopen it.
      const retryable = isRetryableStatus(response.status) && fields?.code !== SITE_SUSPENDED_CODE;
      throw refusal(new RequestError(message, response.status, retryable, message, fields));
    }
    if (!isEnvelope(value)) {
      throw new RequestError(clientErrorMessage('unreadable'), response.status, false);
    }
    if (!value.success) {
      const message = envelopeMessage(value) ?? clientErrorMessage('failed');
      throw refusal(
        new RequestError(message, response.status, false, message, envelopeErrorFields(value)),
      );
    }
    return value.result;
  } finally {
    if (route.loader) hideLoadingIndicator();
  }
}

/**
 * Calls a contract route and returns its result parsed with the route's response schema; a
 * result that does not match is an unreadable answer. A body is typed by the route's request
 * schema (the server parses it with that schema).
 */
export async function callParsed<Route extends ApiRoute>(
  route: Route,
  options?: CallOptions & { body?: RouteRequest<Route> },
): Promise<RouteResult<Route>> {
  const parsed = route.response.safeParse(await callApi(route, options));
  if (!parsed.success) throw new RequestError(clientErrorMessage('unreadable'), 200, false);
  return parsed.data as RouteResult<Route>;
}
