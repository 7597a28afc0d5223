import { z } from 'zod';
import type { ErrorCode } from './errors';

/** The error object of a failed call. */
export interface ApiError {
  code: ErrorCode;
  message: string;
  details: string | null;
}

/**
 * The ABP-style envelope every `/api` call answers with: a call succeeded only when
 * `success` is true, whatever the HTTP status says.
 */
export interface Envelope<T> {
  success: boolean;
  result: T | null;
  error: ApiError | null;
  unAuthorizedRequest: boolean;
}

/** Wraps a result in a successful envelope. */
export function ok<T>(result: T): Envelope<T> {
  return { success: true, result, error: null, unAuthorizedRequest: false };
}

/** Wraps an error in a failed envelope; 401-class errors also set `unAuthorizedRequest`. */
export function fail(
  code: ErrorCode,
  message: string,
  details: string | null = null,
): Envelope<never> {
  return {
    success: false,
    result: null,
    error: { code, message, details },
    unAuthorizedRequest: code === 'UNAUTHORIZED',
  };
}

/** Parses any envelope, leaving its result for a route-specific schema. */
export const envelopeSchema = z.object({
  success: z.boolean(),
  result: z.unknown(),
  error: z
    .object({ code: z.string(), message: z.string(), details: z.string().nullable() })
    .nullable(),
  unAuthorizedRequest: z.boolean(),
});
