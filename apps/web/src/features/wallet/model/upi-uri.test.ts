import { describe, expect, it } from 'vitest';
import { upiPayUri } from './upi-uri';

describe('the UPI pay link', () => {
  it('names payee, amount with two decimals, currency, note and reference, each encoded', () => {
    const uri = upiPayUri({
      upiId: 'backlay.pay@okaxis',
      payeeName: 'Backlay & Sons',
      amount: 1500,
      note: 'Deposit #1',
      reference: '0123456789abcdef0123456789abcdef',
    });
    expect(uri).toBe(
      'upi://pay?pa=backlay.pay%40okaxis&pn=Backlay%20%26%20Sons&am=1500.00&cu=INR' +
        '&tn=Deposit%20%231&tr=0123456789abcdef0123456789abcdef',
    );
  });

  it('writes paise as two decimals', () => {
    expect(
      upiPayUri({ upiId: 'a@b', payeeName: 'A', amount: 99.5, note: 'n', reference: 'r' }),
    ).toContain('&am=99.50&');
  });
});
