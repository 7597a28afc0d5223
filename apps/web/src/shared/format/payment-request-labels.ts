import type { PaymentRequest } from '@backlay/contract/wallet';

/** The player's words for a request's kind, channel and status. */
export const KIND_LABELS: Record<PaymentRequest['kind'], string> = {
  DEPOSIT: 'Deposit',
  WITHDRAWAL: 'Withdrawal',
};

export const CHANNEL_LABELS: Record<PaymentRequest['channel'], string> = {
  UPI: 'UPI',
  BANK: 'Bank',
  LINK: 'Payment link',
  UPI_INTENT: 'UPI app',
};

export const STATUS_LABELS: Record<PaymentRequest['status'], string> = {
  PENDING: 'Pending',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
  CANCELLED: 'Cancelled',
};

function isKnownStatus(status: string): status is PaymentRequest['status'] {
  return Object.hasOwn(STATUS_LABELS, status);
}

/**
 * A request's status in the player's words: an approved withdrawal has been paid. A status
 * this client does not know yet is shown as the server spells it.
 */
export function requestStatusLabel(request: {
  kind: PaymentRequest['kind'];
  status: string;
}): string {
  if (!isKnownStatus(request.status)) return request.status;
  return request.kind === 'WITHDRAWAL' && request.status === 'APPROVED'
    ? 'Paid'
    : STATUS_LABELS[request.status];
}
