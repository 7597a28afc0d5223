import type { PaymentRequest } from '@backlay/contract/wallet';
import { i18n } from '../i18n/i18n';

/*
 * The player's words for a request's kind, channel and status. The records are the English;
 * pages show the functions' words, in the player's language. (The wallet and account pages
 * still read the records until their own text is translated; then the records go private.)
 */

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
  // A gateway deposit paid with another amount than asked for, which finance is checking.
  UNDER_REVIEW: 'Under review',
};

const messages = i18n('shared/payment-requests', {
  ...KIND_LABELS,
  ...CHANNEL_LABELS,
  ...STATUS_LABELS,
  /** An approved withdrawal: the money has been sent. */
  PAID: 'Paid',
});

/** A request's kind in the player's words: Deposit or Withdrawal. */
export function kindLabel(kind: PaymentRequest['kind']): string {
  return messages.get()[kind];
}

/** How the money moves, in the player's words: UPI, Bank, Payment link, UPI app. */
export function channelLabel(channel: PaymentRequest['channel']): string {
  return messages.get()[channel];
}

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
  const t = messages.get();
  return request.kind === 'WITHDRAWAL' && request.status === 'APPROVED'
    ? t.PAID
    : t[request.status];
}
