import type { PaymentRequest } from '@backlay/contract/wallet';
import { formatDateTime } from '../../../shared/format/date-time';
import { formatRupees } from '../../../shared/format/money';
import { channelLabel, kindLabel } from '../../../shared/format/payment-request-labels';
import { i18n, params, useMessages } from '../../../shared/i18n/i18n';
import { CancelWithdrawalButton } from './cancel-withdrawal-button';
import { RequestStatusBadge } from './request-status';

const messages = i18n('wallet/request-card', {
  payoutRef: 'Payout ref',
  utr: 'UTR',
  paymentId: 'Payment id',
  credited: params('credited {amount}'),
  paid: params('paid {amount}'),
  paidTo: 'Paid to',
  payTo: 'Pay to',
  requested: 'Requested',
  decided: 'Decided',
  received: 'Received',
  underReview: params(
    'We received {paid}, not the {asked} this payment asked for. Finance is checking it: nothing is added to your balance until they decide.',
  ),
});

/** What a reference is called: a deposit's UTR or payment id, a withdrawal's payout reference. */
function referenceLabel(request: PaymentRequest): 'payoutRef' | 'utr' | 'paymentId' {
  if (request.kind === 'WITHDRAWAL') return 'payoutRef';
  return request.channel === 'UPI' || request.channel === 'BANK' ? 'utr' : 'paymentId';
}

/**
 * One deposit or withdrawal request as a card: what, when, where, how much (and what was
 * credited, when finance changed it; what arrived, for a gateway deposit paid with another
 * amount), its status and finance's note. A pending withdrawal can be cancelled from it.
 */
export function RequestCard({ request }: { request: PaymentRequest }) {
  const t = useMessages(messages);
  const cancellable = request.kind === 'WITHDRAWAL' && request.status === 'PENDING';
  return (
    <li className="request-card" data-testid="request-card">
      <div className="request-card__top">
        <span className="request-card__kind">
          {kindLabel(request.kind)} · {channelLabel(request.channel)}
        </span>
        <RequestStatusBadge request={request} />
      </div>
      <p className="request-card__amount">
        {formatRupees(request.amount)}
        {request.settledAmount !== null ? (
          <span className="request-card__settled">
            {(request.kind === 'DEPOSIT' ? t.credited : t.paid)({
              amount: formatRupees(request.settledAmount),
            })}
          </span>
        ) : null}
      </p>
      <dl className="request-card__details">
        <div>
          <dt>{request.kind === 'DEPOSIT' ? t.paidTo : t.payTo}</dt>
          <dd>{request.account}</dd>
        </div>
        {request.paidAmount !== undefined ? (
          <div>
            <dt>{t.received}</dt>
            <dd>{formatRupees(request.paidAmount)}</dd>
          </div>
        ) : null}
        {request.reference ? (
          <div>
            <dt>{t[referenceLabel(request)]}</dt>
            <dd className="request-card__reference">{request.reference}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t.requested}</dt>
          <dd>
            <time dateTime={request.createdAt}>{formatDateTime(request.createdAt)}</time>
          </dd>
        </div>
        {request.decidedAt ? (
          <div>
            <dt>{t.decided}</dt>
            <dd>
              <time dateTime={request.decidedAt}>{formatDateTime(request.decidedAt)}</time>
            </dd>
          </div>
        ) : null}
      </dl>
      {request.status === 'UNDER_REVIEW' && request.paidAmount !== undefined ? (
        <p className="request-card__note">
          {t.underReview({
            paid: formatRupees(request.paidAmount),
            asked: formatRupees(request.amount),
          })}
        </p>
      ) : null}
      {request.note ? <p className="request-card__note">{request.note}</p> : null}
      {cancellable ? <CancelWithdrawalButton request={request} /> : null}
    </li>
  );
}
