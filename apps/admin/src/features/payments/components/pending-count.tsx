import type { PaymentRequestKind } from '@backlay/contract/wallet';
import { formatCount } from '../../../shared/format/money';
import { usePendingCount } from '../api/pending-count';

/**
 * How many requests of a kind wait, beside the queue's item in the navigation; nothing while
 * none wait or the count is unknown (the queue itself says why).
 */
export function PendingCount({
  kind,
  className,
}: {
  kind: PaymentRequestKind;
  className?: string;
}) {
  const { data: count } = usePendingCount(kind);
  if (count === undefined || count === 0) return null;
  return (
    <span className={className}>
      {formatCount(count)}
      <span className="visually-hidden"> pending</span>
    </span>
  );
}
