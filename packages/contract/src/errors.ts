/**
 * Every error code the API may answer with, and the HTTP status it travels with.
 * Domain errors carry one of these; the server's error handler maps them to the envelope.
 */
export const ERROR_CODES = {
  VALIDATION_FAILED: 400,
  MALFORMED_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  /** The brand is suspended (`siteSuspended`): reading works, nothing new may start. */
  SITE_SUSPENDED: 503,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/** The HTTP status for an error code. */
export function httpStatusFor(code: ErrorCode): number {
  return ERROR_CODES[code];
}

/** Whether a string is one of the contract's error codes. */
export function isErrorCode(value: string): value is ErrorCode {
  return Object.hasOwn(ERROR_CODES, value);
}
