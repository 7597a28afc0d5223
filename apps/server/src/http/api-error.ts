import type { ErrorCode } from '@backlay/contract/errors';

/** A business or request error with a contract code; the error handler turns it into the envelope. */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: string | null = null,
    /** For RATE_LIMITED: when the caller may try again, sent as `Retry-After`. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}
