import type { TransactionDetail } from '@backlay/contract/wallet';
import { Fragment, type ReactNode } from 'react';
import { errorMessage } from '../../../shared/api/request-error';
import { i18n, params, useMessages } from '../../../shared/i18n/i18n';
import { formatMoney, formatSignedMoney, moneyTone } from '../../../shared/format/money';
import { kindLabel, requestStatusLabel } from '../../../shared/format/payment-request-labels';
import { Dialog } from '../../../shared/ui/dialog';
import { StateMessage } from '../../../shared/ui/state-message';
import { useTransactionDetail } from '../api/transaction-detail';
import { transactionTypeMessages } from '../model/transaction-labels';
import { formatBetTime } from '../../../shared/bets/bet-card';
import {
  describeBet,
  marketText,
  priceText,
  useBetWords,
} from '../../../shared/bets/bet-description';

const messages = i18n('account/transaction-detail', {
  date: 'Date',
  type: 'Type',
  amount: 'Amount',
  balanceAfter: 'Balance after',
  availableAfter: 'Available after',
  /** One of the player's bets on the movement's market: side, selection, price, stake. */
  bet: 'Bet',
  event: 'Event',
  market: 'Market',
  betId: 'Bet id',
  /** The payment request behind a movement, by its kind: `Deposit request`. */
  request: params('{kind} request'),
  requestStatus: 'Request status',
  reference: 'Reference',
  entries: 'Entries',
  account: 'Account',
  loading: 'Loading the details…',
  failed: params('The details could not be loaded: {error}'),
});

function Signed({ value }: { value: number }) {
  return <span className={`amount--${moneyTone(value)}`}>{formatSignedMoney(value)}</span>;
}

/** A label and its value, as a row of the detail's lists. */
function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** What the movement was: its figures, and the bet or payment request behind it. */
function DetailBody({ detail }: { detail: TransactionDetail }) {
  const t = useMessages(messages);
  const types = useMessages(transactionTypeMessages);
  const words = useBetWords();
  const { bets, market, request } = detail;
  return (
    <div className="transaction-detail">
      <dl className="transaction-detail__list">
        <Row label={t.date}>
          <time dateTime={detail.time}>{formatBetTime(detail.time)}</time>
        </Row>
        <Row label={t.type}>{types[detail.type]}</Row>
        <Row label={t.amount}>
          <Signed value={detail.amount} />
        </Row>
        <Row label={t.balanceAfter}>{formatMoney(detail.balance)}</Row>
        <Row label={t.availableAfter}>{formatMoney(detail.available)}</Row>
        {detail.eventName ? <Row label={t.event}>{detail.eventName}</Row> : null}
        {market ? (
          <Row label={t.market}>
            {marketText(
              { marketType: market.type, marketName: market.name, line: market.line },
              words,
            )}
          </Row>
        ) : detail.marketName ? (
          <Row label={t.market}>{detail.marketName}</Row>
        ) : null}
        {bets.map((bet) => {
          const described = describeBet(bet, words);
          return (
            <Fragment key={bet.id}>
              <Row label={t.bet}>
                <span className={`history__side history__side--${described.tone}`}>
                  {described.side}
                </span>{' '}
                {described.selection} · {priceText(bet.marketType, bet.price, words)} ·{' '}
                {formatMoney(bet.stake)}
              </Row>
              <Row label={t.betId}>{bet.id}</Row>
            </Fragment>
          );
        })}
        {request ? (
          <>
            <Row label={t.request({ kind: kindLabel(request.kind) })}>{request.id}</Row>
            <Row label={t.requestStatus}>{requestStatusLabel(request)}</Row>
          </>
        ) : null}
        {detail.reference && !market && !request ? (
          <Row label={t.reference}>{detail.reference}</Row>
        ) : null}
      </dl>
      <h3 className="transaction-detail__subtitle">{t.entries}</h3>
      <table className="account-table transaction-detail__entries" data-testid="entries">
        <thead>
          <tr>
            <th scope="col">{t.account}</th>
            <th scope="col" className="account-table__number">
              {t.amount}
            </th>
          </tr>
        </thead>
        <tbody>
          {detail.entries.map((entry, index) => (
            // Two legs may touch the same account; their order is the transfer's.
            <tr key={`${entry.account}-${index}`}>
              <td>{entry.account}</td>
              <td className="account-table__number">
                <Signed value={entry.amount} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The detail of one statement movement, read when opened. */
export function TransactionDetailDialog({
  id,
  title,
  onClose,
}: {
  id: string;
  /** The movement's description, known from the row before the detail arrives. */
  title: string;
  onClose: () => void;
}) {
  const t = useMessages(messages);
  const detail = useTransactionDetail(id);
  return (
    <Dialog title={title} onClose={onClose}>
      {detail.isPending ? (
        <StateMessage kind="loading" compact>
          {t.loading}
        </StateMessage>
      ) : detail.data === undefined ? (
        <StateMessage kind="error" compact>
          {t.failed({ error: errorMessage(detail.error) })}
        </StateMessage>
      ) : (
        <DetailBody detail={detail.data} />
      )}
    </Dialog>
  );
}
