import { formatRupees } from '../../../shared/format/money';
import { Money } from '../../../shared/ui/money';
import type { ReviewItem } from '../api/gateway-reviews';
import { paidDifference } from '../model/review-decisions';

/** What the gateway reported paid, with how far it is from what was asked: `+₹500.00 more`. */
export function PaidAmount({ item }: { item: ReviewItem }) {
  const difference = paidDifference(item);
  return (
    <span className="paid-amount">
      <Money value={item.paidAmount} />
      <span
        className={`paid-amount__difference paid-amount__difference--${difference > 0 ? 'more' : 'less'}`}
      >
        {difference > 0 ? `${formatRupees(difference)} more` : `${formatRupees(-difference)} less`}
      </span>
    </span>
  );
}
