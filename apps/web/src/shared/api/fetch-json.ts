import { clientErrorMessage, ERROR_MESSAGES, requestFailedMessage } from './error-messages';
import { RequestError, type EnvelopeErrorFields } from './request-error';

/** HTTP statuses worth another attempt: timeouts, throttling and server-side failures. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The envelope's `error.message`, if the body carries an error object with one. */
export function envelopeErrorMessage(body: unknown): string | null {
  if (!isRecord(body) || !isRecord(body.error)) return null;
  const { message } = body.error;
  return typeof message === 'string' && message.trim() !== '' ? message : null;
}

/** The envelope error object's code and details, each null when absent. */
export function envelopeErrorFields(body: unknown): EnvelopeErrorFields | null {
  if (!isRecord(body) || !isRecord(body.error)) return null;
  const { code, details } = body.error;
  return {
    code: typeof code === 'string' ? code : null,
    details: typeof details === 'string' ? details : null,
  };
}

/** A message-like `result` of a body without an error object (spec §8). */
function resultMessage(body: unknown): string | null {
  if (!isRecord(body)) return null;
  const { result } = body;
  return typeof result === 'string' && result.trim() !== '' ? result : null;
}

/** The envelope's `error.message`, else a message-like `result`, when a body carries one. */
export function envelopeMessage(body: unknown): string | null {
  return envelopeErrorMessage(body) ?? resultMessage(body);
}

export type ParsedBody = { ok: true; value: unknown } | { ok: false };

/** Parses a response text as JSON; an empty text is `null`. */
export function parseBody(text: string): ParsedBody {
  if (text.trim() === '') return { ok: true, value: null };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

export interface FailedResponse {
  status: number;
  statusText: string;
  text: string;
  body: ParsedBody;
}

/**
 * The message of a non-2xx answer (spec §8): the envelope's `error.message`; for a 500
 * without an error object the response body, else the status text, else
 * `Internal Server Error`; otherwise a message-like `result`, else the catalogue's
 * `Request failed with status code {n}`.
 */
export function failedResponseMessage(response: FailedResponse): string {
  const value = response.body.ok ? response.body.value : undefined;
  const fromError = envelopeErrorMessage(value);
  if (fromError) return fromError;
  if (response.status === 500) {
    if (response.text.trim() !== '') return response.text.trim();
    if (response.statusText.trim() !== '') return response.statusText;
    return clientErrorMessage('internalServerError');
  }
  return resultMessage(value) ?? requestFailedMessage(response.status);
}

/** The error a network failure (no response at all) rejects with (spec §8). */
export function networkFailure(): RequestError {
  return new RequestError(clientErrorMessage('network'), null, true, ERROR_MESSAGES.networkError);
}

/**
 * Fetches a JSON document. Failures become a RequestError whose message is the server's
 * (from an envelope body) or the catalogue's; a 2xx body that is not JSON is a failure too.
 */
export async function fetchJson(
  url: string,
  init: RequestInit = {},
  fetchImpl: typeof fetch = fetch,
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetchImpl(url, {
      ...init,
      headers: { Accept: 'application/json', ...init.headers },
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') {
      throw new RequestError(clientErrorMessage('aborted'), null, false, ERROR_MESSAGES.aborted);
    }
    throw networkFailure();
  }

  let text: string;
  try {
    text = await response.text();
  } catch {
    throw networkFailure();
  }
  const body = parseBody(text);

  if (!response.ok) {
    const message = failedResponseMessage({
      status: response.status,
      statusText: response.statusText,
      text,
      body,
    });
    throw new RequestError(message, response.status, isRetryableStatus(response.status));
  }
  if (!body.ok) throw new RequestError(clientErrorMessage('unreadable'), response.status, false);
  return body.value;
}
