import { describe, expect, it } from 'vitest';
import { labelFromPath, readableDetails } from './field-labels';

describe('field labels', () => {
  it('words a path a form names nothing for, counting list positions from one', () => {
    expect(labelFromPath('upi.0.payeeName')).toBe('Upi 1, Payee name');
    expect(labelFromPath('betting.all.minStake')).toBe('Betting, All, Min stake');
    expect(labelFromPath('remark')).toBe('Remark');
    expect(labelFromPath('')).toBe('This form');
  });

  it('gives a server’s details each field’s label, leaving other parts alone', () => {
    const labelOf = (path: string) =>
      path === 'bank.1.accountName' ? 'Bank account 2, Account name' : 'x';
    expect(
      readableDetails('bank.1.accountName: Use letters; something else went wrong', labelOf),
    ).toBe('Bank account 2, Account name: Use letters; something else went wrong');
    expect(readableDetails('amount: Too small')).toBe('Amount: Too small');
  });
});
