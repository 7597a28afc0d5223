import {
  authenticateRequestSchema,
  changePasswordRequestSchema,
  registerRequestSchema,
  verificationRequestSchema,
} from '@backlay/contract/account';
import { describe, expect, it } from 'vitest';
import { chooseLanguage } from '../i18n/language';
import { translateFormMessage } from './form-messages';

/** Every message the contract's player forms give for these values. */
function messagesOf(schema: { safeParse: (value: unknown) => unknown }, value: unknown): string[] {
  const result = schema.safeParse(value) as { error?: { issues: { message: string }[] } };
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

const CONTRACT_MESSAGES = [
  ...messagesOf(authenticateRequestSchema, { userNameOrEmailAddress: '', password: '' }),
  ...messagesOf(registerRequestSchema, { userName: '1', mobile: '12', password: 'x', domain: 'd' }),
  ...messagesOf(registerRequestSchema, {
    userName: 'alice',
    mobile: '9876543210',
    password: '12345678',
    domain: 'd',
  }),
  ...messagesOf(registerRequestSchema, {
    userName: 'alice',
    mobile: '9876543210',
    password: 'a1'.repeat(70),
    domain: 'd',
  }),
  ...messagesOf(registerRequestSchema, {
    userName: 'alice',
    mobile: '9876543210',
    password: 'abcdefg1',
    domain: 'd',
    referralCode: 'AB-12',
  }),
  ...messagesOf(verificationRequestSchema, { userName: 'alice', code: '12' }),
  ...messagesOf(changePasswordRequestSchema, {
    currentPassword: 'abcdefg1',
    newPassword: 'abcdefg1',
  }),
];

describe("the contract's form messages", () => {
  it('are shown as the contract wrote them in English', () => {
    expect(CONTRACT_MESSAGES.length).toBeGreaterThanOrEqual(10);
    for (const message of CONTRACT_MESSAGES) expect(translateFormMessage(message)).toBe(message);
  });

  it('are each translated into Hindi, numbers kept', async () => {
    await chooseLanguage('hi');
    const untranslated = CONTRACT_MESSAGES.filter(
      (message) => !/[\u0900-\u097F]/.test(translateFormMessage(message)),
    );
    expect(untranslated).toEqual([]);
    expect(translateFormMessage('Enter the 6-digit code')).toBe('6 अंकों का कोड डालें');
  });
});
