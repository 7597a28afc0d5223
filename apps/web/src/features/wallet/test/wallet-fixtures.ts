import type { PaymentInfo, PaymentRequest, Payment } from '@backlay/contract/wallet';

/*
 * Builders of wallet data as the API answers it. Ids are UUIDs, as the contract's requests
 * take them back; tests override only the fields they are about.
 */

export const UPI_METHOD_ID = '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
export const BANK_METHOD_ID = '4a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
export const BANK_ACCOUNT_ID = '5b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e';
export const UPI_ACCOUNT_ID = '6c4d5e6f-7a8b-4c9d-8e0f-2a3b4c5d6e7f';
export const SLIP_ID = '7d5e6f7a-8b9c-4d0e-9f1a-3b4c5d6e7f80';

/** A real-money player's payment info: a UPI id and a bank account, link and intent on. */
export function buildPaymentInfo(overrides: Partial<PaymentInfo> = {}): PaymentInfo {
  return {
    realMoney: true,
    depositMethods: [
      { id: UPI_METHOD_ID, kind: 'UPI', upiId: 'backlay.pay@okaxis', payeeName: 'Backlay Gaming' },
      {
        id: BANK_METHOD_ID,
        kind: 'BANK',
        bankName: 'HDFC Bank',
        accountName: 'Backlay Gaming Pvt Ltd',
        accountNumber: '50200012345678',
        ifsc: 'HDFC0001234',
      },
    ],
    paymentLink: true,
    upiIntent: true,
    minDeposit: 300,
    maxDeposit: 50_000,
    depositAllowance: null,
    minWithdrawal: 500,
    maxWithdrawal: 2_00_000,
    withdrawable: 12_500,
    withdrawalAccounts: [
      {
        id: BANK_ACCOUNT_ID,
        kind: 'BANK',
        holderName: 'Alice Sharma',
        bankName: 'State Bank of India',
        accountNumber: '••••••••4321',
        ifsc: 'SBIN0001234',
      },
      { id: UPI_ACCOUNT_ID, kind: 'UPI', holderName: 'Alice Sharma', upiId: 'alice@oksbi' },
    ],
    ...overrides,
  };
}

/** A pending withdrawal request; `n` makes its id and time distinct. */
export function buildRequest(overrides: Partial<PaymentRequest> = {}, n = 1): PaymentRequest {
  return {
    id: `8e6f7a8b-9c0d-4e1f-8a2b-${String(n).padStart(12, '0')}`,
    kind: 'WITHDRAWAL',
    amount: 2_000,
    settledAmount: null,
    status: 'PENDING',
    channel: 'BANK',
    account: 'State Bank of India ••4321',
    reference: null,
    createdAt: new Date(Date.UTC(2026, 2, 1, 10, n)).toISOString(),
    decidedAt: null,
    note: null,
    ...overrides,
  };
}

/** A gateway payment as Payment/Generate or Payment/UpiCreate answers it. */
export function buildPayment(overrides: Partial<Payment> = {}): Payment {
  return {
    paymentId: 'pay_123456',
    amount: 1_000,
    status: 'PENDING',
    url: 'https://gateway.example/pay/pay_123456',
    expiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
    ...overrides,
  };
}
