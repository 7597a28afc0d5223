import { formatCount } from '../../../shared/format/money';
import { useWaitingCount } from '../api/gateway-reviews';

/**
 * How many gateway payments wait for a decision, beside the queue's item in the navigation;
 * nothing while none wait or the count is unknown (the queue itself says why).
 */
export function WaitingCount({ className }: { className?: string }) {
  const { data: count } = useWaitingCount();
  if (count === undefined || count === 0) return null;
  return (
    <span className={className}>
      {formatCount(count)}
      <span className="visually-hidden"> waiting</span>
    </span>
  );
}
