import { describe, expect, it } from 'vitest';
import { registerRequestSchema } from './account';
import { REFERRAL_CODE_MESSAGE } from './referral-code';

const SIGN_UP = {
  userName: 'bob_99',
  mobile: '98765 43210',
  password: 'Cricket2026',
  domain: '99exch.com',
};

const messagesOf = (input: unknown) =>
  registerRequestSchema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];

describe('a sign-up', () => {
  it('needs no referral code, as before', () => {
    expect(registerRequestSchema.parse(SIGN_UP)).toEqual({ ...SIGN_UP, mobile: '+919876543210' });
  });

  it('takes a friend’s code trimmed and in capitals', () => {
    expect(
      registerRequestSchema.parse({ ...SIGN_UP, referralCode: ' ab12cd34 ' }).referralCode,
    ).toBe('AB12CD34');
  });

  it('reads a blank code as no code', () => {
    const parsed = registerRequestSchema.safeParse({ ...SIGN_UP, referralCode: '   ' });
    expect(parsed.success).toBe(true);
    expect(parsed.data?.referralCode).toBeUndefined();
  });

  it.each(['ABC12', 'ABCDEFGHIJKLM', 'AB-12CD', 'AB 12CD', 'ÄB12CD', '<b>AB12CD</b>'])(
    'refuses the malformed code %j with a message that names it',
    (referralCode) => {
      expect(messagesOf({ ...SIGN_UP, referralCode })).toEqual([REFERRAL_CODE_MESSAGE]);
    },
  );

  it('refuses a code that is not text', () => {
    expect(registerRequestSchema.safeParse({ ...SIGN_UP, referralCode: 12345678 }).success).toBe(
      false,
    );
  });
});
