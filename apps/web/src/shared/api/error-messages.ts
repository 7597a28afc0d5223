/** Client-side error messages of the error catalogue (spec §8). */
export const ERROR_MESSAGES = {
  /** What a call without any response rejects with (the player sees this). */
  network: 'Please Check Your Network Connection...',
  /** The transport's own word for the same failure. */
  networkError: 'Network Error',
  aborted: 'Request aborted',
  internalServerError: 'Internal Server Error',
  unreadable: 'The server sent a response that could not be read.',
  failed: 'The request could not be completed.',
} as const;

/** The catalogue's message for an HTTP failure without an error object (spec §8). */
export function requestFailedMessage(status: number): string {
  return `Request failed with status code ${status}`;
}

/** The catalogue's message for a call that ran past its timeout (spec §8). */
export function timeoutMessage(timeoutMs: number): string {
  return `timeout of ${timeoutMs}ms exceeded`;
}
