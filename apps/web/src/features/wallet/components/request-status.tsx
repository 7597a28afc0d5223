import type { PaymentRequest } from '@backlay/contract/wallet';
import { requestStatusLabel } from '../../../shared/format/payment-request-labels';

/** A request's status as a coloured badge. */
export function RequestStatusBadge({
  request,
}: {
  request: Pick<PaymentRequest, 'kind' | 'status'>;
}) {
  return (
    <span className={`request-status request-status--${request.status.toLowerCase()}`}>
      {requestStatusLabel(request)}
    </span>
  );
}
