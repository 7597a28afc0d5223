import type { WithdrawalAccount } from '@backlay/contract/wallet';
import { useId, useState, type FormEvent } from 'react';
import { errorMessage } from '../../../../shared/api/request-error';
import type { FieldErrors } from '../../../../shared/forms/field-errors';
import { toast } from '../../../../shared/toasts/toast-store';
import { Button } from '../../../../shared/ui/button';
import { TextField } from '../../../../shared/ui/text-field';
import { useAddWithdrawalAccount } from '../../api/withdrawal-accounts';
import {
  checkWithdrawalAccount,
  EMPTY_ACCOUNT,
  type WithdrawalAccountKind,
  type WithdrawalAccountValues,
} from '../../model/withdrawal-account-form';

export const ACCOUNT_SAVED_MESSAGE = 'Account saved.';

const KINDS: { kind: WithdrawalAccountKind; label: string }[] = [
  { kind: 'BANK', label: 'Bank account' },
  { kind: 'UPI', label: 'UPI' },
];

/** Adds a bank account (its number typed twice) or a UPI id to be paid to. */
export function AddAccountForm({
  onAdded,
  onCancel,
}: {
  onAdded: (account: WithdrawalAccount) => void;
  /** Absent when there is nothing to go back to (no account yet). */
  onCancel?: () => void;
}) {
  const kindName = useId();
  const [values, setValues] = useState<WithdrawalAccountValues>(EMPTY_ACCOUNT);
  const [errors, setErrors] = useState<FieldErrors>({});
  const add = useAddWithdrawalAccount();

  const field = (name: Exclude<keyof WithdrawalAccountValues, 'kind'>) => ({
    name,
    value: values[name],
    error: errors[name],
    autoComplete: 'off',
    onChange: (e: { target: { value: string } }) =>
      setValues((v) => ({ ...v, [name]: e.target.value })),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkWithdrawalAccount(values);
    setErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) return;
    add.mutate(checked.request, {
      onSuccess: (account) => {
        toast.success(ACCOUNT_SAVED_MESSAGE);
        onAdded(account);
      },
      onError: (error) => setErrors({ form: errorMessage(error) }),
    });
  };

  return (
    <form
      className="wallet-form add-account"
      noValidate
      aria-label="Add an account"
      aria-busy={add.isPending}
      onSubmit={onSubmit}
    >
      <fieldset className="segmented">
        <legend className="segmented__legend">Account type</legend>
        {KINDS.map(({ kind, label }) => (
          <label key={kind} className="segmented__option">
            <input
              type="radio"
              name={kindName}
              value={kind}
              checked={values.kind === kind}
              onChange={() => {
                setValues((v) => ({ ...v, kind }));
                setErrors({});
              }}
            />
            <span>{label}</span>
          </label>
        ))}
      </fieldset>
      <TextField label="Account holder's name" autoCapitalize="words" {...field('holderName')} />
      {values.kind === 'BANK' ? (
        <>
          <TextField label="Bank name" {...field('bankName')} />
          <TextField label="Account number" inputMode="numeric" {...field('accountNumber')} />
          <TextField
            label="Account number again"
            inputMode="numeric"
            {...field('confirmAccountNumber')}
          />
          <TextField
            label="IFSC"
            autoCapitalize="characters"
            spellCheck={false}
            hint="11 characters, such as SBIN0001234"
            {...field('ifsc')}
          />
        </>
      ) : (
        <TextField
          label="UPI id"
          inputMode="email"
          spellCheck={false}
          hint="Such as name@bank"
          {...field('upiId')}
        />
      )}
      {errors.form ? (
        <p className="wallet-alert" role="alert">
          {errors.form}
        </p>
      ) : null}
      <div className="wallet-actions">
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? 'Saving…' : 'Save account'}
        </Button>
        {onCancel ? (
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
