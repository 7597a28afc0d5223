import type { DepositMethod, PaymentRequest } from '@backlay/contract/wallet';
import { useId, useState, type FormEvent } from 'react';
import { errorMessage } from '../../../../shared/api/request-error';
import type { FieldErrors } from '../../../../shared/forms/field-errors';
import { i18n, useMessages } from '../../../../shared/i18n/i18n';
import { newIdempotencyKey } from '../../../../shared/ids/idempotency-key';
import { Button } from '../../../../shared/ui/button';
import { TextField } from '../../../../shared/ui/text-field';
import { useCreateDeposit } from '../../api/create-deposit';
import { checkManualDeposit } from '../../model/manual-deposit';
import { upiPayUri } from '../../model/upi-uri';
import { PayeeDetails } from '../payee-details';
import { SlipField } from '../slip-field';
import { UpiQr } from '../upi-qr';

/**
 * The note a UPI app shows the payer, and the payee, with the payment. It stays in English in
 * every language: UPI apps expect plain letters and digits in a note, and some refuse a link
 * whose note has other characters.
 */
const UPI_NOTE = 'Deposit';

const messages = i18n('wallet/manual-deposit', {
  payToUpi: '1. Pay to this UPI id',
  payToAccount: '1. Pay to this account',
  enterAmount: 'Enter the amount to get a QR code to pay it.',
  scan: 'Scan with any UPI app, or pay the UPI id above.',
  tellUs: '2. Tell us about the payment',
  utr: 'UTR (payment reference)',
  utrHint: 'Your bank or UPI app shows it with the payment: 12 digits for UPI.',
  submitting: 'Submitting…',
  submit: 'Submit deposit',
});

/**
 * A deposit the player pays themselves, to the brand's UPI id or bank account, then proves
 * with the payment's UTR and a screenshot. The attempt's idempotency key is also the UPI
 * payment's reference, so finance can match the two; it lasts until the deposit is in.
 */
export function ManualDeposit({
  method,
  amount,
  onInvalidAmount,
  onSubmitted,
}: {
  method: DepositMethod;
  /** The amount typed, when it is a valid one; else null. */
  amount: number | null;
  /** Asks the amount field to show why the amount cannot be used. */
  onInvalidAmount: () => void;
  onSubmitted: (request: PaymentRequest) => void;
}) {
  const t = useMessages(messages);
  const id = useId();
  const [attemptKey] = useState(newIdempotencyKey);
  const [utr, setUtr] = useState('');
  const [slipId, setSlipId] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const create = useCreateDeposit();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    const checked = checkManualDeposit({
      amount: amount ?? Number.NaN,
      methodId: method.id,
      utr,
      slipId,
      idempotencyKey: attemptKey,
    });
    if (amount === null) onInvalidAmount();
    setErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok || amount === null) return;
    create.mutate(checked.request, {
      onSuccess: onSubmitted,
      // The key stays for the attempt: a refused deposit stored nothing under it, and a retry
      // after a lost answer must not make a second request.
      onError: (error) => setRefusal(errorMessage(error)),
    });
  };

  return (
    <form className="wallet-form" noValidate onSubmit={onSubmit} aria-busy={create.isPending}>
      <section className="wallet-step" aria-labelledby={`${id}-pay`}>
        <h2 className="wallet-step__title" id={`${id}-pay`}>
          {method.kind === 'UPI' ? t.payToUpi : t.payToAccount}
        </h2>
        <PayeeDetails method={method} />
        {method.kind === 'UPI' ? (
          amount === null ? (
            <p className="wallet-hint">{t.enterAmount}</p>
          ) : (
            <UpiQr
              uri={upiPayUri({
                upiId: method.upiId,
                payeeName: method.payeeName,
                amount,
                note: UPI_NOTE,
                reference: attemptKey,
              })}
              caption={t.scan}
            />
          )
        ) : null}
      </section>
      <section className="wallet-step" aria-labelledby={`${id}-prove`}>
        <h2 className="wallet-step__title" id={`${id}-prove`}>
          {t.tellUs}
        </h2>
        <TextField
          label={t.utr}
          name="utr"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={utr}
          error={errors.utr}
          hint={t.utrHint}
          onChange={(e) => setUtr(e.target.value)}
        />
        <SlipField onStored={setSlipId} error={errors.slipId} disabled={create.isPending} />
      </section>
      {refusal ? (
        <p className="wallet-alert" role="alert">
          {refusal}
        </p>
      ) : null}
      <Button type="submit" size="lg" block disabled={create.isPending}>
        {create.isPending ? t.submitting : t.submit}
      </Button>
    </form>
  );
}
