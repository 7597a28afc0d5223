import { i18n, params } from '../i18n/i18n';

/** Client-side error messages of the error catalogue (spec §8), in English. */
export const ERROR_MESSAGES = {
  /** What a call without any response rejects with (the player sees this). */
  network: 'Please Check Your Network Connection...',
  /** The transport's own word for the same failure; kept with the error, never shown. */
  networkError: 'Network Error',
  aborted: 'Request aborted',
  internalServerError: 'Internal Server Error',
  unreadable: 'The server sent a response that could not be read.',
  failed: 'The request could not be completed.',
} as const;

const messages = i18n('shared/api-errors', {
  network: ERROR_MESSAGES.network,
  aborted: ERROR_MESSAGES.aborted,
  internalServerError: ERROR_MESSAGES.internalServerError,
  unreadable: ERROR_MESSAGES.unreadable,
  failed: ERROR_MESSAGES.failed,
  /** For anything thrown that is not a failed request: a fault whose text means nothing to players. */
  unexpected: 'Something went wrong. Please try again.',
  requestFailed: params('Request failed with status code {status}'),
  timeout: params('timeout of {timeoutMs}ms exceeded'),
});

/** A message players may see, in their language; errors are made as they are shown. */
export type ClientErrorKey = Exclude<keyof typeof ERROR_MESSAGES, 'networkError'> | 'unexpected';

/** One of the catalogue's client-side messages in the player's language. */
export function clientErrorMessage(key: ClientErrorKey): string {
  return messages.get()[key];
}

/** The catalogue's message for an HTTP failure without an error object (spec §8). */
export function requestFailedMessage(status: number): string {
  return messages.get().requestFailed({ status });
}

/** The catalogue's message for a call that ran past its timeout (spec §8). */
export function timeoutMessage(timeoutMs: number): string {
  return messages.get().timeout({ timeoutMs });
}
