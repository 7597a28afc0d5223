import type { PaymentLimits, PaymentSettings } from '@backlay/contract/admin-payments';
import type { updatePaymentSettingsRoute } from '@backlay/contract/admin-calls';
import type { AdminRequest } from '../../../shared/api/call-admin';
import { typedAmount } from './typed-input';

type UpdateInput = AdminRequest<typeof updatePaymentSettingsRoute>;

/**
 * A method as the form edits it. `key` tells rows apart on screen; `id` is the saved method's,
 * absent for one being added. Saved methods are never removed, only switched off, since old
 * deposits name them.
 */
export interface UpiRow {
  key: string;
  id?: string;
  upiId: string;
  payeeName: string;
  active: boolean;
}

export interface BankRow {
  key: string;
  id?: string;
  bankName: string;
  accountName: string;
  accountNumber: string;
  ifsc: string;
  active: boolean;
}

export const LIMIT_NAMES = [
  'minDeposit',
  'maxDeposit',
  'minWithdrawal',
  'maxWithdrawal',
] as const satisfies readonly (keyof PaymentLimits)[];
export type LimitName = (typeof LIMIT_NAMES)[number];

/** The settings form's fields, as typed. */
export interface SettingsDraft {
  upi: UpiRow[];
  bank: BankRow[];
  paymentLink: boolean;
  upiIntent: boolean;
  limits: Record<LimitName, string>;
}

/** The most methods of each kind a brand may list (the contract's bound). */
export const MAX_METHODS = 20;

let newRows = 0;
/** A key for a row being added; saved rows are keyed by their id. */
const newKey = () => `new-${++newRows}`;

export function newUpiRow(): UpiRow {
  return { key: newKey(), upiId: '', payeeName: '', active: true };
}

export function newBankRow(): BankRow {
  return {
    key: newKey(),
    bankName: '',
    accountName: '',
    accountNumber: '',
    ifsc: '',
    active: true,
  };
}

/** The loaded settings as the form's fields. */
export function draftOf(settings: PaymentSettings): SettingsDraft {
  return {
    upi: settings.upi.map((method) => ({ key: method.id, ...method })),
    bank: settings.bank.map((method) => ({ key: method.id, ...method })),
    paymentLink: settings.paymentLink,
    upiIntent: settings.upiIntent,
    limits: {
      minDeposit: String(settings.limits.minDeposit),
      maxDeposit: String(settings.limits.maxDeposit),
      minWithdrawal: String(settings.limits.minWithdrawal),
      maxWithdrawal: String(settings.limits.maxWithdrawal),
    },
  };
}

/**
 * The save request of the form's fields over the version they were loaded from. A method
 * being added goes without an id; a limit that is not a number goes as NaN, which the
 * contract refuses with its own message before anything is sent.
 */
export function updateRequestOf(
  draft: SettingsDraft,
  base: Pick<PaymentSettings, 'brand' | 'version'>,
): UpdateInput {
  return {
    brand: base.brand,
    version: base.version,
    upi: draft.upi.map(({ id, upiId, payeeName, active }) => ({
      ...(id === undefined ? {} : { id }),
      upiId: upiId.trim(),
      payeeName: payeeName.trim(),
      active,
    })),
    bank: draft.bank.map(({ id, bankName, accountName, accountNumber, ifsc, active }) => ({
      ...(id === undefined ? {} : { id }),
      bankName: bankName.trim(),
      accountName: accountName.trim(),
      accountNumber: accountNumber.replace(/\s/g, ''),
      ifsc: ifsc.trim().toUpperCase(),
      active,
    })),
    paymentLink: draft.paymentLink,
    upiIntent: draft.upiIntent,
    limits: {
      minDeposit: typedAmount(draft.limits.minDeposit),
      maxDeposit: typedAmount(draft.limits.maxDeposit),
      minWithdrawal: typedAmount(draft.limits.minWithdrawal),
      maxWithdrawal: typedAmount(draft.limits.maxWithdrawal),
    },
  };
}
