import type { TranslationFunction } from '@nanostores/i18n';
import { i18n, params } from '../i18n/i18n';

/*
 * The contract's form messages (packages/contract) in the player's language. The contract
 * writes them in English for the server and the client alike; here each is known by its
 * English text, `{name}` standing for a number the contract fills in. A message not listed
 * is shown as the contract wrote it (field-errors.test.ts holds the auth forms' to this list).
 */
const CONTRACT_MESSAGES = {
  userNameRule: 'User name: 3 to 20 letters, digits or _, starting with a letter',
  enterUserName: 'Enter your user name',
  enterPassword: 'Enter your password',
  mobile: 'Enter a 10-digit mobile number',
  passwordMin: 'Password: at least {min} characters',
  passwordMax: 'Password: at most {max} characters',
  passwordLetter: 'Password: include a letter',
  passwordDigit: 'Password: include a digit',
  newPasswordSame: 'The new password must differ from the current one',
  code: 'Enter the {length}-digit code',
  referralCode: 'Referral code: {min} to {max} letters or digits',
} as const;

type ContractMessageKey = keyof typeof CONTRACT_MESSAGES;
type Values = Record<string, string>;
type Message = TranslationFunction<[Values], string>;

const messages = i18n(
  'shared/form-messages',
  Object.fromEntries(
    Object.entries(CONTRACT_MESSAGES).map(([key, text]): [string, Message] => [
      key,
      params<Values>(text),
    ]),
  ) as Record<ContractMessageKey, Message>,
);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each English message as a pattern that reads its `{name}` values back. */
const PATTERNS = Object.entries(CONTRACT_MESSAGES).map(([key, text]) => ({
  key: key as ContractMessageKey,
  pattern: new RegExp(
    `^${escapeRegExp(text).replace(/\\\{(\w+)\\\}/g, (_, name: string) => `(?<${name}>.+?)`)}$`,
  ),
}));

/** A message of the contract in the player's language; one not listed as it came. */
export function translateFormMessage(message: string): string {
  for (const { key, pattern } of PATTERNS) {
    const match = pattern.exec(message);
    if (match) return messages.get()[key](match.groups ?? {});
  }
  return message;
}
