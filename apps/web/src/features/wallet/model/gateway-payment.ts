import type { Payment } from '@backlay/contract/wallet';
import { i18n } from '../../../shared/i18n/i18n';

const messages = i18n('wallet/gateway-payment', {
  expired: 'The payment expired before it was paid.',
  cancelled: 'The payment was cancelled.',
  failed: 'The payment failed.',
  rejected: 'Finance did not credit this payment. See your requests for why.',
});

/** What starting a gateway payment takes. */
export interface NewPayment {
  amount: number;
  idempotencyKey: string;
}

/** The two ways a deposit is paid through the gateway: a hosted page, or a UPI intent. */
export type GatewayChannel = 'LINK' | 'UPI_INTENT';

/** How often a pending gateway payment is checked. */
export const PAYMENT_POLL_MS = 3_000;

/**
 * How a gateway payment ended, or that it has not yet; `review`: paid with another amount than
 * asked for, which finance is checking (it ends paid or rejected, in the player's requests).
 */
export type PaymentOutcome = 'pending' | 'paid' | 'review' | 'failed';

/** The outcome a payment's status means. */
export function paymentOutcome(status: Payment['status']): PaymentOutcome {
  if (status === 'PENDING') return 'pending';
  if (status === 'UNDER_REVIEW') return 'review';
  return status === 'PAID' ? 'paid' : 'failed';
}

const UNPAID_MESSAGES: Record<Payment['status'], keyof ReturnType<typeof messages.get> | null> = {
  PENDING: null,
  PAID: null,
  EXPIRED: 'expired',
  CANCELLED: 'cancelled',
  FAILED: 'failed',
  UNDER_REVIEW: null,
  REJECTED: 'rejected',
};

/** Why a payment ended unpaid, in the player's words; null while pending, reviewed or once paid. */
export function unpaidMessage(status: Payment['status']): string | null {
  const key = UNPAID_MESSAGES[status];
  return key === null ? null : messages.get()[key];
}

/** Milliseconds until `expiresAt`, never below zero; zero for an unreadable time. */
export function msUntil(expiresAt: string, now: number): number {
  const at = Date.parse(expiresAt);
  return Number.isNaN(at) ? 0 : Math.max(0, at - now);
}

/** A countdown as `m:ss` (or `h:mm:ss` past an hour). */
export function formatCountdown(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0
    ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}`
    : `${minutes}:${seconds}`;
}
