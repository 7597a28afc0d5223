import { ERROR_MESSAGES, requestFailedMessage } from './error-messages';
import { RequestError } from './request-error';

/** HTTP statuses worth another attempt: timeouts, throttling and server-side failures. */
function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/** The envelope's `error.message` (or a message-like `result`) when a body carries one. */
export function envelopeMessage(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const { error, result } = body as { error?: unknown; result?: unknown };
  if (typeof error === 'object' && error !== null) {
    const { message } = error as { message?: unknown };
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  if (typeof result === 'string' && result.trim() !== '') return result;
  return null;
}

function parseBody(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.trim() === '') return { ok: true, value: null };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
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
      throw new RequestError(ERROR_MESSAGES.aborted, null, false);
    }
    throw new RequestError(ERROR_MESSAGES.network, null, true);
  }

  let text: string;
  try {
    text = await response.text();
  } catch {
    throw new RequestError(ERROR_MESSAGES.network, null, true);
  }
  const body = parseBody(text);

  if (!response.ok) {
    const message =
      (body.ok ? envelopeMessage(body.value) : null) ?? requestFailedMessage(response.status);
    throw new RequestError(message, response.status, isRetryableStatus(response.status));
  }
  if (!body.ok) throw new RequestError(ERROR_MESSAGES.unreadable, response.status, false);
  return body.value;
}
