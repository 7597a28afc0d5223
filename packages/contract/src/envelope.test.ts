import { describe, expect, it } from 'vitest';
import { envelopeSchema, fail, ok } from './envelope';
import { ERROR_CODES, httpStatusFor, isErrorCode } from './errors';

describe('the envelope', () => {
  it('wraps a result as a success', () => {
    expect(ok({ n: 1 })).toEqual({
      success: true,
      result: { n: 1 },
      error: null,
      unAuthorizedRequest: false,
    });
  });

  it('wraps an error, flagging unauthorised requests', () => {
    expect(fail('NOT_FOUND', 'Nothing here.')).toEqual({
      success: false,
      result: null,
      error: { code: 'NOT_FOUND', message: 'Nothing here.', details: null },
      unAuthorizedRequest: false,
    });
    expect(fail('UNAUTHORIZED', 'Log in again.').unAuthorizedRequest).toBe(true);
  });

  it('parses both shapes and rejects anything else', () => {
    expect(envelopeSchema.safeParse(ok(3)).success).toBe(true);
    expect(envelopeSchema.safeParse(fail('INTERNAL', 'x', 'y')).success).toBe(true);
    expect(envelopeSchema.safeParse({ success: true }).success).toBe(false);
  });
});

describe('error codes', () => {
  it('travel with matching HTTP statuses', () => {
    expect(httpStatusFor('UNAUTHORIZED')).toBe(401);
    expect(httpStatusFor('RATE_LIMITED')).toBe(429);
    for (const status of Object.values(ERROR_CODES)) expect(status).toBeGreaterThanOrEqual(400);
  });

  it('are recognised by name only', () => {
    expect(isErrorCode('NOT_FOUND')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode('not_found')).toBe(false);
  });
});
