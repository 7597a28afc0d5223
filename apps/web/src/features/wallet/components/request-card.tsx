import type { PaymentRequest } from '@backlay/contract/wallet';
import { formatDateTime } from '../../../shared/format/date-time';
import { formatRupees } from '../../../shared/format/money';
import { CHANNEL_LABELS, KIND_LABELS } from '../../../shared/format/payment-request-labels';
import { CancelWithdrawalButton } from './cancel-withdrawal-button';
import { RequestStatusBadge } from './request-status';

/** What a reference is called: a deposit's UTR or payment id, a withdrawal's payout reference. */
function referenceLabel(request: PaymentRequest): string {
  if (request.kind === 'WITHDRAWAL') return 'Payout ref';
  return request.channel === 'UPI' || request.channel === 'BANK' ? 'UTR' : 'Payment id';
}

/**
 * One deposit or withdrawal request as a card: what, when, where, how much (and what was
 * credited, when finance changed it), its status and finance's note. A pending withdrawal
 * can be cancelled from it.
 */
export function RequestCard({ request }: { request: PaymentRequest }) {
  const cancellable = request.kind === 'WITHDRAWAL' && request.status === 'PENDING';
  return (
    <li className="request-card" data-testid="request-card">
      <div className="request-card__top">
        <span className="request-card__kind">
          {KIND_LABELS[request.kind]} · {CHANNEL_LABELS[request.channel]}
        </span>
        <RequestStatusBadge request={request} />
      </div>
      <p className="request-card__amount">
        {formatRupees(request.amount)}
        {request.settledAmount !== null ? (
          <span className="request-card__settled">
            {request.kind === 'DEPOSIT' ? 'credited' : 'paid'} {formatRupees(request.settledAmount)}
          </span>
        ) : null}
      </p>
      <dl className="request-card__details">
        <div>
          <dt>{request.kind === 'DEPOSIT' ? 'Paid to' : 'Pay to'}</dt>
          <dd>{request.account}</dd>
        </div>
        {request.reference ? (
          <div>
            <dt>{referenceLabel(request)}</dt>
            <dd className="request-card__reference">{request.reference}</dd>
          </div>
        ) : null}
        <div>
          <dt>Requested</dt>
          <dd>
            <time dateTime={request.createdAt}>{formatDateTime(request.createdAt)}</time>
          </dd>
        </div>
        {request.decidedAt ? (
          <div>
            <dt>Decided</dt>
            <dd>
              <time dateTime={request.decidedAt}>{formatDateTime(request.decidedAt)}</time>
            </dd>
          </div>
        ) : null}
      </dl>
      {request.note ? <p className="request-card__note">{request.note}</p> : null}
      {cancellable ? <CancelWithdrawalButton request={request} /> : null}
    </li>
  );
}
