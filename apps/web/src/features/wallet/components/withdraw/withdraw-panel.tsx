import type { PaymentInfo } from '@backlay/contract/wallet';
import { useState, type FormEvent } from 'react';
import { errorMessage, RequestError } from '../../../../shared/api/request-error';
import { formatRupees } from '../../../../shared/format/money';
import { i18n, params, useMessages } from '../../../../shared/i18n/i18n';
import { plusIcon } from '../../../../shared/icons/set/plus-icon';
import { Button } from '../../../../shared/ui/button';
import { useCreateWithdrawal } from '../../api/create-withdrawal';
import { usePendingWithdrawals } from '../../api/pending-withdrawals';
import { useRetryKey } from '../../hooks/use-retry-key';
import { parseAmount, withdrawalAmountError } from '../../model/amount';
import { AmountField } from '../amount-field';
import { AddAccountForm } from './add-account-form';
import { PendingWithdrawals } from './pending-withdrawals';
import { WithdrawalAccounts } from './withdrawal-accounts';
import { WithdrawalBonusNotice } from './withdrawal-bonus-notice';
import './withdraw.css';

interface WithdrawalSubmission {
  amount: number;
  withdrawalAccountId: string;
}

const sameWithdrawal = (a: WithdrawalSubmission, b: WithdrawalSubmission) =>
  a.amount === b.amount && a.withdrawalAccountId === b.withdrawalAccountId;

const messages = i18n('wallet/withdraw-panel', {
  region: 'Withdraw',
  withdrawable: 'Withdrawable now',
  needsAtLeast: params(
    'A withdrawal needs at least {min} that is not held for open bets or pending withdrawals.',
  ),
  addAccount: 'Add account',
  form: 'Withdrawal',
  amount: 'Amount to withdraw (₹)',
  requested:
    'Withdrawal requested: finance pays it to your account; you can cancel it while it is pending.',
  requesting: 'Requesting…',
  request: 'Request withdrawal',
});

/**
 * The withdraw tab: the cash the player may withdraw, where to be paid (their saved accounts,
 * or a new one), the amount, and the withdrawals still pending.
 */
export function WithdrawPanel({ info }: { info: PaymentInfo }) {
  const t = useMessages(messages);
  const accounts = info.withdrawalAccounts;
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [amountText, setAmountText] = useState('');
  const [amountChecked, setAmountChecked] = useState(false);
  const keys = useRetryKey(sameWithdrawal);
  const [refusal, setRefusal] = useState<string | null>(null);
  // A withdrawal that forfeits an active bonus waits for the player to say they understand.
  const [bonusAccepted, setBonusAccepted] = useState(false);
  const bonus = info.bonus ?? null;
  const bonusUnaccepted = bonus?.outcome === 'FORFEITED' && !bonusAccepted;
  const create = useCreateWithdrawal();
  const pending = usePendingWithdrawals();
  // "Requested" holds while that withdrawal waits: cancelled (or decided), the list read since
  // no longer has it, and the notice goes with it.
  const requested = create.data;
  const requestedWaits =
    requested !== undefined &&
    !(
      pending.data !== undefined &&
      pending.dataUpdatedAt > create.submittedAt &&
      pending.data.items.length === pending.data.totalCount &&
      !pending.data.items.some((item) => item.id === requested.id)
    );

  // A removed account cannot stay chosen: the first one left is.
  const account = accounts.find((a) => a.id === chosenId) ?? accounts[0] ?? null;
  const limits = { min: info.minWithdrawal, max: info.maxWithdrawal };
  const error = withdrawalAmountError(amountText, limits, info.withdrawable);
  const quickLimits = {
    min: info.minWithdrawal,
    max: Math.min(info.maxWithdrawal, info.withdrawable),
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setAmountChecked(true);
    setRefusal(null);
    if (error !== null || account === null || bonusUnaccepted) return;
    const submission = { amount: parseAmount(amountText), withdrawalAccountId: account.id };
    const idempotencyKey = keys.keyFor(submission);
    create.mutate(
      { ...submission, idempotencyKey },
      {
        onSuccess: () => {
          keys.forget();
          setAmountText('');
          setAmountChecked(false);
        },
        onError: (failure) => {
          setRefusal(errorMessage(failure));
          // A definite refusal stored nothing; a lost answer may have made the request.
          if (failure instanceof RequestError && failure.retryable) {
            keys.keep(submission, idempotencyKey);
          } else {
            keys.forget();
          }
        },
      },
    );
  };

  return (
    <>
      <section className="wallet-card wallet-column" aria-label={t.region}>
        <dl className="wallet-figures">
          <div>
            <dt>{t.withdrawable}</dt>
            <dd data-testid="withdrawable">{formatRupees(info.withdrawable)}</dd>
          </div>
        </dl>
        {info.withdrawable < info.minWithdrawal ? (
          <p className="wallet-hint">{t.needsAtLeast({ min: formatRupees(info.minWithdrawal) })}</p>
        ) : null}
        {accounts.length === 0 || adding ? (
          <AddAccountForm
            onAdded={(added) => {
              setChosenId(added.id);
              setAdding(false);
            }}
            onCancel={accounts.length > 0 ? () => setAdding(false) : undefined}
          />
        ) : (
          <>
            <WithdrawalAccounts
              accounts={accounts}
              selected={account?.id ?? null}
              onSelect={setChosenId}
            />
            <Button variant="ghost" size="sm" icon={plusIcon} onClick={() => setAdding(true)}>
              {t.addAccount}
            </Button>
          </>
        )}
        {account !== null && !adding ? (
          <form
            className="wallet-form"
            noValidate
            aria-label={t.form}
            aria-busy={create.isPending}
            onSubmit={onSubmit}
          >
            <AmountField
              label={t.amount}
              value={amountText}
              onChange={(text) => {
                // A refusal was about the amount sent: another amount is another request.
                setRefusal(null);
                setAmountText(text);
              }}
              limits={limits}
              quickLimits={quickLimits}
              error={amountText.trim() !== '' || amountChecked ? error : null}
            />
            {bonus !== null ? (
              <WithdrawalBonusNotice
                bonus={bonus}
                accepted={bonusAccepted}
                onAccept={setBonusAccepted}
                showRefusal={amountChecked}
              />
            ) : null}
            {refusal ? (
              <p className="wallet-alert" role="alert">
                {refusal}
              </p>
            ) : null}
            {requestedWaits ? (
              <p className="wallet-success" role="status">
                {t.requested}
              </p>
            ) : null}
            <Button type="submit" size="lg" block disabled={create.isPending}>
              {create.isPending ? t.requesting : t.request}
            </Button>
          </form>
        ) : null}
      </section>
      <PendingWithdrawals />
    </>
  );
}
