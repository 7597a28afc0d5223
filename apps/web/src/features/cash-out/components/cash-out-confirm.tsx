import type { CashOutQuote } from '@backlay/contract/cash-out';
import { useId, useState } from 'react';
import { errorMessage, RequestError } from '../../../shared/api/request-error';
import { moneyTone, UNKNOWN_AMOUNT } from '../../../shared/format/money';
import { i18n, params, useMessages } from '../../../shared/i18n/i18n';
import { messageWith } from '../../../shared/i18n/message-with';
import { toast } from '../../../shared/toasts/toast-store';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { useCashOut } from '../api/cash-out';
import { CashOutKeys } from '../model/cash-out-keys';
import {
  cashOutSubmission,
  fractionLabel,
  orderLine,
  outcomeOf,
  runnerChanges,
  signedRupees,
  type CashOutMarket,
} from '../model/cash-out-offer';

const messages = i18n('cash-out/cash-out-confirm', {
  title: params('Cash out {share} of {market}'),
  notNow: 'Not now',
  cashingOut: 'Cashing out…',
  tryAgain: 'Try again',
  confirm: 'Confirm cash out',
  lockedInShare: params(
    'Whoever wins, the share you cash out locks in {amount}; the rest of your bets stay as they are.',
  ),
  lockedIn: params('Whoever wins, this locks in {amount}.'),
  table: 'Your profit or loss if each runner wins',
  runner: 'Runner',
  now: 'Now',
  after: 'After',
  orders: 'Orders to be placed',
});

interface Failure {
  message: string;
  /** The answer may not have arrived: trying again reuses the confirmation's key. */
  retryable: boolean;
}

function Amount({ value }: { value: number | null }) {
  if (value === null) return <>{UNKNOWN_AMOUNT}</>;
  return <span className={`cash-out__amount--${moneyTone(value)}`}>{signedRupees(value)}</span>;
}

/**
 * The confirmation of a cash out: the player's profit or loss on each runner now and after,
 * the orders that will be placed, then the confirmation itself. When the price moved since the
 * quote, the server's new quote takes its place here, to be confirmed again; a done cash out
 * says what it locked in and closes.
 */
export function CashOutConfirm({
  market,
  quote: quoted,
  onClose,
  onDone,
}: {
  market: CashOutMarket;
  quote: CashOutQuote;
  onClose: () => void;
  onDone: () => void;
}) {
  const t = useMessages(messages);
  const [quote, setQuote] = useState(quoted);
  const [moved, setMoved] = useState<string | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [keys] = useState(() => new CashOutKeys());
  const cashOut = useCashOut();
  const ordersId = useId();
  const busy = cashOut.isPending;

  const confirm = () => {
    if (busy) return;
    const submission = cashOutSubmission(market.id, quote);
    const idempotencyKey = keys.keyFor(submission);
    setFailure(null);
    cashOut.mutate(
      { ...submission, idempotencyKey },
      {
        onSuccess: (answer) => {
          keys.settle(submission, idempotencyKey, false);
          const outcome = outcomeOf(answer, quote, market.name);
          if (outcome.kind === 'done') {
            toast.success(outcome.message);
            onDone();
          } else if (outcome.kind === 'requote') {
            setQuote(outcome.quote);
            setMoved(outcome.message);
          } else {
            setFailure({ message: outcome.message, retryable: false });
          }
        },
        onError: (error) => {
          const retryable = error instanceof RequestError && error.retryable;
          keys.settle(submission, idempotencyKey, retryable);
          setFailure({ message: errorMessage(error), retryable });
        },
      },
    );
  };
  // While the confirmation is on its way the dialog stays, so its answer is seen.
  const close = () => {
    if (!busy) onClose();
  };

  return (
    <Dialog
      title={t.title({ share: fractionLabel(quote.fraction), market: market.name })}
      onClose={close}
      footer={
        <>
          <Button variant="outline" onClick={close} disabled={busy}>
            {t.notNow}
          </Button>
          <Button variant="accent" onClick={confirm} disabled={busy} aria-busy={busy}>
            {busy ? t.cashingOut : failure?.retryable ? t.tryAgain : t.confirm}
          </Button>
        </>
      }
    >
      <div className="cash-out-confirm">
        {moved ? (
          <p className="cash-out-confirm__moved" role="status">
            {moved}
          </p>
        ) : null}
        <p className="cash-out-confirm__summary" data-testid="cash-out-summary">
          {messageWith(
            quote.fraction < 1 ? t.lockedInShare : t.lockedIn,
            'amount',
            <strong>
              <Amount value={quote.guaranteed} />
            </strong>,
          )}
        </p>
        <table className="cash-out-confirm__table">
          <caption>{t.table}</caption>
          <thead>
            <tr>
              <th scope="col">{t.runner}</th>
              <th scope="col">{t.now}</th>
              <th scope="col">{t.after}</th>
            </tr>
          </thead>
          <tbody>
            {runnerChanges(quote, market.runnerNames).map((change) => (
              <tr key={change.runnerId} data-testid={`cash-out-runner-${change.runnerId}`}>
                <th scope="row">{change.name}</th>
                <td>
                  <Amount value={change.before} />
                </td>
                <td>
                  <Amount value={change.after} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <h3 className="cash-out-confirm__subtitle" id={ordersId}>
          {t.orders}
        </h3>
        <ul className="cash-out-confirm__orders" aria-labelledby={ordersId}>
          {quote.orders.map((order) => (
            <li key={`${order.runnerId}-${order.side}`}>{orderLine(order, market)}</li>
          ))}
        </ul>
        {failure ? (
          <p className="cash-out-confirm__problem" role="alert" data-testid="cash-out-error">
            {failure.message}
          </p>
        ) : null}
      </div>
    </Dialog>
  );
}
