import { describe, expect, it } from 'vitest';
import { brandBankMethodSchema, brandUpiMethodSchema } from './admin-payments';
import { holderNameSchema, payeeNameSchema } from './wallet';

const message = (value: string) => payeeNameSchema.safeParse(value).error?.issues[0]?.message;

describe('a brand’s payee and account names', () => {
  it('accept company names with digits and the marks company names use', () => {
    for (const name of [
      'Gold365 Gaming',
      '99 Exchange Pvt. Ltd.',
      'R & K Traders (P) Ltd.',
      'Sharma/Verma Associates',
      'गोल्ड365 गेमिंग',
    ]) {
      expect(payeeNameSchema.parse(`  ${name} `)).toBe(name);
    }
    expect(
      brandUpiMethodSchema.parse({
        upiId: 'gold365@okaxis',
        payeeName: 'Gold365 Gaming',
        active: true,
      }).payeeName,
    ).toBe('Gold365 Gaming');
    expect(
      brandBankMethodSchema.parse({
        bankName: 'HDFC Bank',
        accountName: 'Gold365 Gaming',
        accountNumber: '50100123456789',
        ifsc: 'HDFC0000123',
        active: true,
      }).accountName,
    ).toBe('Gold365 Gaming');
  });

  it('refuse digits alone, markup and other symbols, each with a reason', () => {
    expect(message('365')).toBe('A name has letters, not only digits and marks');
    expect(message('Gold<b>365</b>')).toMatch(/^Use letters, digits, spaces/);
    expect(message('Gold#365')).toMatch(/^Use letters, digits, spaces/);
    expect(message('G')).toBe('Enter the name on the account');
  });

  it('leave a player’s own holder name to letters', () => {
    expect(holderNameSchema.safeParse('Ravi Kumar').success).toBe(true);
    expect(holderNameSchema.safeParse('Ravi365').success).toBe(false);
  });
});
