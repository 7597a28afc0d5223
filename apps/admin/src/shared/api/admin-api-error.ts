import type { ErrorCode } from '@backlay/contract/errors';

/** Codes of failures the client itself detects: no answer, or an answer it cannot read. */
export type ClientErrorCode = 'NETWORK' | 'UNREADABLE' | 'ABORTED';

/** A failed call: the envelope's error, or one of the client's own. */
export class AdminApiError extends Error {
  override readonly name = 'AdminApiError';

  constructor(
    /** The envelope's `error.code` (a contract code such as `CONFLICT`), or the client's own. */
    readonly code: ErrorCode | ClientErrorCode | (string & {}),
    message: string,
    /** The HTTP status, or null when no answer arrived. */
    readonly status: number | null,
    /** The envelope's `error.details`, when the server sent any. */
    readonly details: string | null = null,
  ) {
    super(message);
  }
}

export const CLIENT_MESSAGES = {
  network: 'The server could not be reached. Check your connection and try again.',
  unreadable: 'The server sent an answer the console could not read. Please try again.',
  aborted: 'The request was cancelled.',
  failed: 'The request failed. Please try again.',
  forbidden: 'You do not have permission to do this.',
  unknown: 'Something went wrong. Please try again.',
} as const;

/** Whether a failure is the server refusing the operator's role or brands. */
export function isForbidden(error: unknown): boolean {
  return error instanceof AdminApiError && error.code === 'FORBIDDEN';
}

/**
 * The text to show for anything a call threw: a refusal for want of permission reads the
 * same everywhere; other refusals show the server's message; anything else is a fault of
 * the console whose own text would mean nothing to an operator.
 */
export function errorText(error: unknown): string {
  if (isForbidden(error)) return CLIENT_MESSAGES.forbidden;
  if (error instanceof AdminApiError && error.message.trim() !== '') return error.message;
  return CLIENT_MESSAGES.unknown;
}

/**
 * The server's own words for any refusal, FORBIDDEN included: for a call whose FORBIDDEN is a
 * rule of the business (a second operator must approve an adjustment) rather than a want of
 * permission, which the operator's role already has to have opened the page.
 */
export function serverText(error: unknown): string {
  if (error instanceof AdminApiError && error.message.trim() !== '') return error.message;
  return CLIENT_MESSAGES.unknown;
}
