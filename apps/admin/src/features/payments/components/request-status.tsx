import type { QueueStatus } from '@backlay/contract/admin-payments';
import type { PaymentRequestKind } from '@backlay/contract/wallet';
import { Badge, type BadgeTone } from '../../../shared/ui/badge';
import { statusLabel } from '../model/queue-filters';

const TONES: Record<QueueStatus, BadgeTone> = {
  PENDING: 'warning',
  // A corrected deposit: still work to do, for another operator.
  AWAITING_APPROVAL: 'warning',
  APPROVED: 'good',
  REJECTED: 'bad',
  CANCELLED: 'neutral',
  // A gateway deposit paid with another amount: decided in the gateway reviews.
  UNDER_REVIEW: 'info',
};

/** A request's status as a coloured word. */
export function RequestStatus({ kind, status }: { kind: PaymentRequestKind; status: QueueStatus }) {
  return <Badge tone={TONES[status]}>{statusLabel(kind, status)}</Badge>;
}
