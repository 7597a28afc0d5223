import type { GatewayReviewStatus } from '@backlay/contract/admin-gateway-reviews';
import { Badge, type BadgeTone } from '../../../shared/ui/badge';
import { STATUS_LABELS } from '../model/review-filters';

const TONES: Record<GatewayReviewStatus, BadgeTone> = {
  UNDER_REVIEW: 'warning',
  PAID: 'good',
  REJECTED: 'bad',
};

/** A review's status as a coloured word. */
export function ReviewStatus({ status }: { status: GatewayReviewStatus }) {
  return <Badge tone={TONES[status]}>{STATUS_LABELS[status]}</Badge>;
}
