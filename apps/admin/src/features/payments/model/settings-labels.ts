import { labelFromPath, type FieldLabeller } from '../../../shared/forms/field-labels';
import type { BankRow, LimitName, UpiRow } from './settings-draft';

/** The labels of a UPI id's fields, as its fieldset shows them. */
export const UPI_FIELD_LABELS: Record<keyof Pick<UpiRow, 'upiId' | 'payeeName'>, string> = {
  upiId: 'UPI id',
  payeeName: 'Payee name',
};

/** The labels of a bank account's text fields, in the order its fieldset shows them. */
export const BANK_FIELD_LABELS: Record<
  keyof Pick<BankRow, 'bankName' | 'accountName' | 'accountNumber' | 'ifsc'>,
  string
> = {
  bankName: 'Bank name',
  accountName: 'Account name',
  accountNumber: 'Account number',
  ifsc: 'IFSC',
};

export const LIMIT_LABELS: Record<LimitName, string> = {
  minDeposit: 'Minimum deposit (₹)',
  maxDeposit: 'Maximum deposit (₹)',
  minWithdrawal: 'Minimum withdrawal (₹)',
  maxWithdrawal: 'Maximum withdrawal (₹)',
};

const LISTS = {
  upi: { name: 'UPI id', plural: 'UPI ids', fields: UPI_FIELD_LABELS },
  bank: { name: 'Bank account', plural: 'Bank accounts', fields: BANK_FIELD_LABELS },
} as const;

const has = <T extends object>(record: T, key: string): key is Extract<keyof T, string> =>
  Object.hasOwn(record, key);

/**
 * A payment settings field by the names the form shows: `upi.0.payeeName` is "UPI id 1, Payee
 * name", `limits.maxDeposit` is "Maximum deposit (₹)".
 */
export const paymentSettingsLabel: FieldLabeller = (path) => {
  const [head = '', position, field] = path.split('.');
  if (head === 'limits' && position !== undefined && has(LIMIT_LABELS, position)) {
    return LIMIT_LABELS[position];
  }
  if (head === 'limits') return 'Limits';
  if (has(LISTS, head)) {
    const list = LISTS[head];
    if (position === undefined || !/^\d+$/.test(position)) return list.plural;
    const row = `${list.name} ${Number(position) + 1}`;
    return field !== undefined && has(list.fields, field) ? `${row}, ${list.fields[field]}` : row;
  }
  return labelFromPath(path);
};
