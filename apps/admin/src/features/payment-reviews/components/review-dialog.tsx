import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/format/dates';
import { formatRupees } from '../../../shared/format/money';
import { paths } from '../../../shared/paths';
import { useCan } from '../../../shared/session/me-query';
import { Dialog } from '../../../shared/ui/dialog';
import { Money } from '../../../shared/ui/money';
import { Notice } from '../../../shared/ui/notice';
import type { ReviewItem } from '../api/gateway-reviews';
import { CHANNEL_LABELS } from '../model/review-filters';
import { PaidAmount } from './paid-amount';
import { ReviewActions } from './review-actions';
import { ReviewStatus } from './review-status';

/** Everything the queue knows of one reviewed payment, as a list of facts. */
function ReviewFacts({ item }: { item: ReviewItem }) {
  return (
    <dl className="facts">
      <dt>Player</dt>
      <dd>
        <Link to={paths.player.getHref(item.playerId)}>{item.userName}</Link>
      </dd>
      <dt>Brand</dt>
      <dd>{item.domain}</dd>
      <dt>Asked for</dt>
      <dd>
        <Money value={item.askedAmount} />
      </dd>
      <dt>Paid</dt>
      <dd>
        <PaidAmount item={item} />
      </dd>
      {item.creditedAmount !== null ? (
        <>
          <dt>Credited</dt>
          <dd>
            <Money value={item.creditedAmount} />
          </dd>
        </>
      ) : null}
      <dt>Channel</dt>
      <dd>{CHANNEL_LABELS[item.channel]}</dd>
      <dt>Gateway reference</dt>
      <dd className="mono">{item.gatewayReference}</dd>
      <dt>Status</dt>
      <dd>
        <ReviewStatus status={item.status} />
      </dd>
      <dt>Started</dt>
      <dd>{formatDateTime(item.createdAt)}</dd>
      <dt>Paid at</dt>
      <dd>{formatDateTime(item.reviewStartedAt)}</dd>
      {item.decidedAt !== null ? (
        <>
          <dt>Decided</dt>
          <dd>
            {formatDateTime(item.decidedAt)}
            {item.decidedBy ? ` by ${item.decidedBy}` : ''}
          </dd>
        </>
      ) : null}
      {item.remark !== null ? (
        <>
          <dt>Remark</dt>
          <dd>{item.remark}</dd>
        </>
      ) : null}
      <dt>Payment id</dt>
      <dd className="mono">{item.id}</dd>
    </dl>
  );
}

/**
 * One reviewed payment opened from the queue: its facts and, for an operator who may decide
 * deposits, the decisions while it is under review. A decision goes to `onDecided` (the queue
 * moves on); `previous` says what the decision that opened this payment did.
 */
export function ReviewDialog({
  opened: item,
  previous,
  onDecided,
  onClose,
}: {
  opened: ReviewItem;
  previous: string | null;
  onDecided: (decided: ReviewItem) => void;
  onClose: () => void;
}) {
  const can = useCan();
  return (
    <Dialog
      title={`Gateway payment of ${formatRupees(item.askedAmount)}`}
      onClose={onClose}
      size="wide"
    >
      <div className="review">
        {previous ? (
          <Notice tone="success">
            <p>{previous} This is the next payment waiting.</p>
          </Notice>
        ) : null}
        {item.status === 'UNDER_REVIEW' ? (
          <Notice tone="warning" title="Paid another amount than asked for">
            <p>
              Nothing has been credited. Check the payment with the gateway, then credit what was
              paid, credit another amount, or reject it and refund the payer.
            </p>
          </Notice>
        ) : null}
        <ReviewFacts item={item} />
        {item.status !== 'UNDER_REVIEW' ? null : !can('payments.decide') ? (
          <p className="muted">Your role may look at payments but not decide them.</p>
        ) : (
          <ReviewActions item={item} onDecided={onDecided} />
        )}
      </div>
    </Dialog>
  );
}
