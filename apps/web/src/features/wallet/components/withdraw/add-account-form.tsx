import type { WithdrawalAccount } from '@backlay/contract/wallet';
import { useId, useState, type FormEvent } from 'react';
import { errorMessage } from '../../../../shared/api/request-error';
import type { FieldErrors } from '../../../../shared/forms/field-errors';
import { i18n, useMessages } from '../../../../shared/i18n/i18n';
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

const messages = i18n('wallet/add-account-form', {
  saved: 'Account saved.',
  BANK: 'Bank account',
  UPI: 'UPI',
  form: 'Add an account',
  type: 'Account type',
  holderName: "Account holder's name",
  bankName: 'Bank name',
  accountNumber: 'Account number',
  accountNumberAgain: 'Account number again',
  ifscHint: '11 characters, such as SBIN0001234',
  upiId: 'UPI id',
  upiIdHint: 'Such as name@bank',
  saving: 'Saving…',
  save: 'Save account',
  cancel: 'Cancel',
});

/** The kinds of account, in the order offered; each is named by its message. */
const KINDS: readonly WithdrawalAccountKind[] = ['BANK', 'UPI'];

/** Adds a bank account (its number typed twice) or a UPI id to be paid to. */
export function AddAccountForm({
  onAdded,
  onCancel,
}: {
  onAdded: (account: WithdrawalAccount) => void;
  /** Absent when there is nothing to go back to (no account yet). */
  onCancel?: () => void;
}) {
  const t = useMessages(messages);
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
        toast.success(messages.get().saved);
        onAdded(account);
      },
      onError: (error) => setErrors({ form: errorMessage(error) }),
    });
  };

  return (
    <form
      className="wallet-form add-account"
      noValidate
      aria-label={t.form}
      aria-busy={add.isPending}
      onSubmit={onSubmit}
    >
      <fieldset className="segmented">
        <legend className="segmented__legend">{t.type}</legend>
        {KINDS.map((kind) => (
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
            <span>{t[kind]}</span>
          </label>
        ))}
      </fieldset>
      <TextField label={t.holderName} autoCapitalize="words" {...field('holderName')} />
      {values.kind === 'BANK' ? (
        <>
          <TextField label={t.bankName} {...field('bankName')} />
          <TextField label={t.accountNumber} inputMode="numeric" {...field('accountNumber')} />
          <TextField
            label={t.accountNumberAgain}
            inputMode="numeric"
            {...field('confirmAccountNumber')}
          />
          <TextField
            label="IFSC"
            autoCapitalize="characters"
            spellCheck={false}
            hint={t.ifscHint}
            {...field('ifsc')}
          />
        </>
      ) : (
        <TextField
          label={t.upiId}
          inputMode="email"
          spellCheck={false}
          hint={t.upiIdHint}
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
          {add.isPending ? t.saving : t.save}
        </Button>
        {onCancel ? (
          <Button variant="outline" onClick={onCancel}>
            {t.cancel}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
