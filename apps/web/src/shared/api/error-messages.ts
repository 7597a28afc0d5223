/** Client-side error messages of the error catalogue (spec §8). */
export const ERROR_MESSAGES = {
  network: 'Please Check Your Network Connection...',
  aborted: 'Request aborted',
  unreadable: 'The server sent a response that could not be read.',
  failed: 'The request could not be completed.',
} as const;

/** The catalogue's message for an HTTP failure without an error object (spec §8). */
export function requestFailedMessage(status: number): string {
  return `Request failed with status code ${status}`;
}
