import type { Payment } from '@backlay/contract/wallet';
import { errorMessage } from '../../../../shared/api/request-error';
import { formatRupees } from '../../../../shared/format/money';
import { i18n, params, useMessages } from '../../../../shared/i18n/i18n';
import { Button } from '../../../../shared/ui/button';
import { useGatewayPayment } from '../../api/gateway-payment';
import { useNow } from '../../../../shared/dates/use-now';
import { useRetryKey } from '../../hooks/use-retry-key';
import {
  formatCountdown,
  msUntil,
  paymentOutcome,
  unpaidMessage,
  type GatewayChannel,
} from '../../model/gateway-payment';
import { UpiQr } from '../upi-qr';
import { DepositDone } from './deposit-done';

const sameAmount = (a: number, b: number) => a === b;

const messages = i18n('wallet/gateway-deposit', {
  LINK: 'Get a payment link',
  UPI_INTENT: 'Pay with a UPI app',
  openPage: 'Open the payment page',
  scan: 'Scan with any UPI app on another phone.',
  waiting: params('Waiting for your payment of {amount}…'),
  timeLeft: params('{time} left to pay'),
  timeUp: 'Time is up: checking the payment…',
  starting: 'Starting…',
  received: 'Payment received',
  beingAdded: params('{amount} is being added to your balance.'),
  underReview: 'Payment under review',
  reviewText: params(
    'We received {paid}, not the {asked} this payment asked for. Finance is checking it: nothing is added to your balance until they decide, and you will see their decision in your requests.',
  ),
  tryAgain: 'Try again',
  checkFailed: params('The payment could not be checked just now ({error}); trying again.'),
});

/** A pending payment: where to pay it, and how long is left. */
function PendingPayment({ channel, payment }: { channel: GatewayChannel; payment: Payment }) {
  const t = useMessages(messages);
  const now = useNow(true);
  const left = msUntil(payment.expiresAt, now);
  return (
    <div className="gateway-payment">
      {channel === 'LINK' ? (
        // The gateway's page opens beside this one, which keeps checking the payment.
        <a
          className="button button--accent button--lg button--block"
          href={payment.url}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t.openPage}
        </a>
      ) : (
        <UpiQr uri={payment.url} caption={t.scan} />
      )}
      <p className="gateway-payment__status" role="status">
        <span className="spinner" aria-hidden="true" />
        {t.waiting({ amount: formatRupees(payment.amount) })}
      </p>
      <p className="gateway-payment__time" data-testid="payment-time-left">
        {left > 0 ? t.timeLeft({ time: formatCountdown(left) }) : t.timeUp}
      </p>
    </div>
  );
}

/**
 * A deposit through the payment gateway: by a hosted payment page (`LINK`) or a UPI intent
 * (`UPI_INTENT`). Starting creates the payment; it is then checked every few seconds until
 * it is paid, or ends unpaid, when the player may try again with a new payment. Paid with
 * another amount than asked for, it is under review: finance decides it later.
 */
export function GatewayDeposit({
  channel,
  amount,
  onInvalidAmount,
}: {
  channel: GatewayChannel;
  amount: number | null;
  onInvalidAmount: () => void;
}) {
  const t = useMessages(messages);
  const keys = useRetryKey(sameAmount);
  const { start, payment, checkFailed } = useGatewayPayment(channel);

  const begin = () => {
    if (amount === null) {
      onInvalidAmount();
      return;
    }
    const idempotencyKey = keys.keyFor(amount);
    // The server may hold the payment of a failed start (the gateway did not answer, say):
    // the same amount again resumes it rather than making a second one.
    start.mutate({ amount, idempotencyKey }, { onError: () => keys.keep(amount, idempotencyKey) });
  };
  const again = () => {
    keys.forget();
    start.reset();
  };

  if (!payment) {
    return (
      <div className="wallet-form">
        {start.isError ? (
          <p className="wallet-alert" role="alert">
            {errorMessage(start.error)}
          </p>
        ) : null}
        <Button size="lg" block disabled={start.isPending} onClick={begin}>
          {start.isPending
            ? t.starting
            : `${t[channel]}${amount === null ? '' : ` · ${formatRupees(amount)}`}`}
        </Button>
      </div>
    );
  }

  const outcome = paymentOutcome(payment.status);
  if (outcome === 'paid') {
    return (
      <DepositDone title={t.received} onAnother={again}>
        <p>{t.beingAdded({ amount: formatRupees(payment.amount) })}</p>
      </DepositDone>
    );
  }
  if (outcome === 'review') {
    return (
      <DepositDone title={t.underReview} onAnother={again}>
        <p>
          {t.reviewText({
            paid: formatRupees(payment.paidAmount ?? payment.amount),
            asked: formatRupees(payment.amount),
          })}
        </p>
      </DepositDone>
    );
  }
  if (outcome === 'failed') {
    return (
      <div className="wallet-form">
        <p className="wallet-alert" role="alert">
          {unpaidMessage(payment.status)}
        </p>
        <Button size="lg" block onClick={again}>
          {t.tryAgain}
        </Button>
      </div>
    );
  }
  return (
    <>
      <PendingPayment channel={channel} payment={payment} />
      {checkFailed ? (
        <p className="wallet-hint" role="alert">
          {t.checkFailed({ error: errorMessage(checkFailed) })}
        </p>
      ) : null}
    </>
  );
}
