import { addWithdrawalAccountSchema } from '@backlay/contract/wallet';
import type { z } from 'zod';
import { fieldErrorsOf, type FieldErrors } from '../../../shared/forms/field-errors';
import { sanitizeInput } from '../../../shared/sanitize/sanitize-input';

export type WithdrawalAccountKind = 'BANK' | 'UPI';
export type WithdrawalAccountRequest = z.output<typeof addWithdrawalAccountSchema>;

/** The add-account form's fields as typed; a UPI account uses the holder's name and UPI id. */
export interface WithdrawalAccountValues {
  kind: WithdrawalAccountKind;
  holderName: string;
  bankName: string;
  accountNumber: string;
  confirmAccountNumber: string;
  ifsc: string;
  upiId: string;
}

export const EMPTY_ACCOUNT: WithdrawalAccountValues = {
  kind: 'BANK',
  holderName: '',
  bankName: '',
  accountNumber: '',
  confirmAccountNumber: '',
  ifsc: '',
  upiId: '',
};

/** Free text loses markup only: SQL words would cut "Union" out of "Union Bank of India". */
const clean = (text: string) => sanitizeInput(text, { sql: false });

/**
 * Checks a new payout account with the contract's schema (the account number typed twice,
 * the IFSC's shape, the UPI id's), each message beside its field.
 */
export function checkWithdrawalAccount(
  values: WithdrawalAccountValues,
): { ok: true; request: WithdrawalAccountRequest } | { ok: false; errors: FieldErrors } {
  const parsed = addWithdrawalAccountSchema.safeParse(
    values.kind === 'BANK'
      ? {
          kind: 'BANK',
          holderName: clean(values.holderName),
          bankName: clean(values.bankName),
          accountNumber: values.accountNumber,
          confirmAccountNumber: values.confirmAccountNumber,
          ifsc: values.ifsc,
        }
      : { kind: 'UPI', holderName: clean(values.holderName), upiId: values.upiId },
  );
  return parsed.success
    ? { ok: true, request: parsed.data }
    : { ok: false, errors: fieldErrorsOf(parsed.error.issues) };
}
