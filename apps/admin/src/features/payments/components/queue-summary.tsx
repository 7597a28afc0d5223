import type { PaymentRequestKind } from '@backlay/contract/wallet';
import { formatCount } from '../../../shared/format/money';
import { Money } from '../../../shared/ui/money';
import type { PaymentQueue } from '../api/payment-queue';
import { statusLabel, type QueueStatusFilter } from '../model/queue-filters';

/** How many requests the filters match over every page, and what they add up to. */
export function QueueSummary({
  kind,
  status,
  queue,
}: {
  kind: PaymentRequestKind;
  status: QueueStatusFilter;
  queue: PaymentQueue;
}) {
  const noun = kind === 'DEPOSIT' ? 'deposit' : 'withdrawal';
  const words = [
    status === 'ALL' ? null : statusLabel(kind, status).toLowerCase(),
    queue.totalCount === 1 ? noun : `${noun}s`,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <p className="queue-summary" aria-label="Queue totals">
      <span className="queue-summary__count">
        {formatCount(queue.totalCount)} {words}
      </span>
      <span>
        Total <Money value={queue.totalAmount} />
      </span>
    </p>
  );
}
