import type { PaymentInfo, PaymentRequest } from '@backlay/contract/wallet';
import { useState } from 'react';
import { formatRupees } from '../../../../shared/format/money';
import { i18n, params, useMessages } from '../../../../shared/i18n/i18n';
import { StateMessage } from '../../../../shared/ui/state-message';
import {
  depositAmountError,
  depositLimits,
  depositRoomLeft,
  parseAmount,
} from '../../model/amount';
import { depositChoices } from '../../model/deposit-choices';
import { AmountField } from '../amount-field';
import { ChoiceList } from '../choice-list';
import { DepositAllowance } from './deposit-allowance';
import { DepositDone } from './deposit-done';
import { GatewayDeposit } from './gateway-deposit';
import { ManualDeposit } from './manual-deposit';
import './deposit.css';

const messages = i18n('wallet/deposit-panel', {
  unavailable: 'Deposits are not available right now.',
  region: 'Deposit',
  submitted: 'Submitted',
  creditedOnceConfirmed: 'We credit your balance once finance confirms the payment.',
  utr: params('UTR {reference}'),
  amount: 'Amount to deposit (₹)',
  payWith: 'Pay with',
});

/**
 * The deposit tab: the amount, how to pay it, then that way's steps. A submitted manual
 * deposit shows what happens next until the player starts another.
 */
export function DepositPanel({ info }: { info: PaymentInfo }) {
  const t = useMessages(messages);
  const choices = depositChoices(info);
  const [choiceId, setChoiceId] = useState(choices[0]?.id ?? null);
  const [amountText, setAmountText] = useState('');
  const [amountChecked, setAmountChecked] = useState(false);
  const [submitted, setSubmitted] = useState<PaymentRequest | null>(null);
  // Each deposit is an attempt of its own: the flows below start afresh under a new key.
  const [attempt, setAttempt] = useState(0);

  // The player's own deposit limits narrow the brand's range (the quick amounts follow).
  const limits = depositLimits(info);
  const error = depositAmountError(amountText, info);
  const amount = error === null ? parseAmount(amountText) : null;
  // A way to pay that the brand has since withdrawn cannot stay chosen: the first one left is.
  const choice = choices.find((c) => c.id === choiceId) ?? choices[0] ?? null;

  if (choices.length === 0) {
    return <StateMessage kind="empty">{t.unavailable}</StateMessage>;
  }

  const allowance =
    info.depositAllowance === null ? null : (
      <DepositAllowance allowance={info.depositAllowance} minDeposit={info.minDeposit} />
    );

  if (!depositRoomLeft(info)) {
    return (
      <section className="wallet-card wallet-column" aria-label={t.region}>
        {allowance}
      </section>
    );
  }

  if (submitted) {
    return (
      <section className="wallet-card wallet-column" aria-label={t.region}>
        <DepositDone
          title={t.submitted}
          onAnother={() => {
            setSubmitted(null);
            setAmountText('');
            setAmountChecked(false);
            setAttempt((n) => n + 1);
          }}
        >
          <p>{t.creditedOnceConfirmed}</p>
          <p className="wallet-done__detail">
            {formatRupees(submitted.amount)}
            {submitted.reference ? ` · ${t.utr({ reference: submitted.reference })}` : ''}
          </p>
        </DepositDone>
      </section>
    );
  }

  return (
    <section className="wallet-card wallet-column" aria-label={t.region}>
      {allowance}
      <AmountField
        label={t.amount}
        value={amountText}
        onChange={setAmountText}
        limits={limits}
        // An empty field is not an error until the player tries to go on.
        error={amountText.trim() !== '' || amountChecked ? error : null}
      />
      <ChoiceList
        legend={t.payWith}
        choices={choices}
        selected={choice?.id ?? null}
        onSelect={setChoiceId}
      />
      {choice?.kind === 'manual' ? (
        <ManualDeposit
          key={`${choice.id}-${attempt}`}
          method={choice.method}
          amount={amount}
          onInvalidAmount={() => setAmountChecked(true)}
          onSubmitted={setSubmitted}
        />
      ) : choice?.kind === 'gateway' ? (
        <GatewayDeposit
          key={`${choice.id}-${attempt}`}
          channel={choice.channel}
          amount={amount}
          onInvalidAmount={() => setAmountChecked(true)}
        />
      ) : null}
    </section>
  );
}
