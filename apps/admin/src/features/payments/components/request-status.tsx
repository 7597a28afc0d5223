import type { PaymentRequestKind, PaymentRequestStatus } from '@backlay/contract/wallet';
import { Badge, type BadgeTone } from '../../../shared/ui/badge';
import { statusLabel } from '../model/queue-filters';

const TONES: Record<PaymentRequestStatus, BadgeTone> = {
  PENDING: 'warning',
  APPROVED: 'good',
  REJECTED: 'bad',
  CANCELLED: 'neutral',
};

/** A request's status as a coloured word. */
export function RequestStatus({
  kind,
  status,
}: {
  kind: PaymentRequestKind;
  status: PaymentRequestStatus;
}) {
  return <Badge tone={TONES[status]}>{statusLabel(kind, status)}</Badge>;
}
