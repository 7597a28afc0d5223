import { updatePaymentSettingsRoute } from '@backlay/contract/admin-calls';
import { describe, expect, it } from 'vitest';
import { requestErrorsByPath } from '../../../shared/forms/request-errors';
import { buildPaymentSettings } from '../../../shared/test/fixtures';
import { draftOf, newBankRow, newUpiRow, updateRequestOf } from './settings-draft';

const SETTINGS = buildPaymentSettings();

describe('the payment settings draft', () => {
  it('sends back what it loaded, unchanged, over the version loaded', () => {
    const { brand, version, upi, bank, paymentLink, upiIntent, limits } = SETTINGS;
    expect(updateRequestOf(draftOf(SETTINGS), SETTINGS)).toEqual({
      brand,
      version,
      upi,
      bank,
      paymentLink,
      upiIntent,
      limits,
    });
  });

  it('sends a method being added without an id, tidied as the contract reads it', () => {
    const draft = draftOf(SETTINGS);
    draft.upi.push({ ...newUpiRow(), upiId: ' gold.pay@okaxis ', payeeName: 'Gold Pay' });
    draft.bank.push({
      ...newBankRow(),
      bankName: 'State Bank of India',
      accountName: 'Gold Pay',
      accountNumber: '1234 5678 9012',
      ifsc: 'sbin0001234',
    });
    const input = updateRequestOf(draft, SETTINGS);
    expect(input.upi.at(-1)).toEqual({
      upiId: 'gold.pay@okaxis',
      payeeName: 'Gold Pay',
      active: true,
    });
    expect(input.bank.at(-1)).toEqual({
      bankName: 'State Bank of India',
      accountName: 'Gold Pay',
      accountNumber: '123456789012',
      ifsc: 'SBIN0001234',
      active: true,
    });
    expect(requestErrorsByPath(updatePaymentSettingsRoute, input)).toBeNull();
  });

  it('lets the contract refuse a limit that is not a number', () => {
    const draft = draftOf(SETTINGS);
    draft.limits.maxWithdrawal = 'lots';
    draft.limits.minDeposit = '';
    expect(
      requestErrorsByPath(updatePaymentSettingsRoute, updateRequestOf(draft, SETTINGS)),
    ).toEqual({
      'limits.minDeposit': 'Enter an amount',
      'limits.maxWithdrawal': 'Enter an amount',
    });
  });
});
