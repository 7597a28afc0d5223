import type { TransactionDetail } from '@backlay/contract/wallet';
import type { ReactNode } from 'react';
import { errorMessage } from '../../../shared/api/request-error';
import {
  formatMoney,
  formatPrice,
  formatSignedMoney,
  moneyTone,
} from '../../../shared/format/money';
import { KIND_LABELS, requestStatusLabel } from '../../../shared/format/payment-request-labels';
import { Dialog } from '../../../shared/ui/dialog';
import { StateMessage } from '../../../shared/ui/state-message';
import { useTransactionDetail } from '../api/transaction-detail';
import { TRANSACTION_TYPE_LABELS } from '../model/transaction-labels';
import { formatBetTime, sideName } from '../../../shared/bets/bet-card';

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
  const { bet, request } = detail;
  return (
    <div className="transaction-detail">
      <dl className="transaction-detail__list">
        <Row label="Date">
          <time dateTime={detail.time}>{formatBetTime(detail.time)}</time>
        </Row>
        <Row label="Type">{TRANSACTION_TYPE_LABELS[detail.type]}</Row>
        <Row label="Amount">
          <Signed value={detail.amount} />
        </Row>
        <Row label="Balance after">{formatMoney(detail.balance)}</Row>
        {detail.eventName ? <Row label="Event">{detail.eventName}</Row> : null}
        {detail.marketName ? <Row label="Market">{detail.marketName}</Row> : null}
        {bet ? (
          <>
            <Row label="Selection">{bet.runnerName}</Row>
            <Row label="Side">
              <span className={`history__side history__side--${bet.side.toLowerCase()}`}>
                {sideName(bet)}
              </span>
            </Row>
            <Row label="Price">{formatPrice(bet.price)}</Row>
            <Row label="Stake">{formatMoney(bet.stake)}</Row>
            <Row label="Bet id">{bet.id}</Row>
          </>
        ) : null}
        {request ? (
          <>
            <Row label={`${KIND_LABELS[request.kind]} request`}>{request.id}</Row>
            <Row label="Request status">{requestStatusLabel(request)}</Row>
          </>
        ) : null}
        {detail.reference && !bet && !request ? (
          <Row label="Reference">{detail.reference}</Row>
        ) : null}
      </dl>
      <h3 className="transaction-detail__subtitle">Entries</h3>
      <table className="account-table transaction-detail__entries" data-testid="entries">
        <thead>
          <tr>
            <th scope="col">Account</th>
            <th scope="col" className="account-table__number">
              Amount
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
  const detail = useTransactionDetail(id);
  return (
    <Dialog title={title} onClose={onClose}>
      {detail.isPending ? (
        <StateMessage kind="loading" compact>
          Loading the details…
        </StateMessage>
      ) : detail.data === undefined ? (
        <StateMessage kind="error" compact>
          {`The details could not be loaded: ${errorMessage(detail.error)}`}
        </StateMessage>
      ) : (
        <DetailBody detail={detail.data} />
      )}
    </Dialog>
  );
}
