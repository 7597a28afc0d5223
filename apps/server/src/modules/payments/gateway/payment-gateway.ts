/**
 * What Backlay needs of a payment gateway, whichever it is (the built-in sandbox or a real one
 * behind the same HTTP shape): create a payment link or a UPI intent, read a payment's status,
 * and tell a webhook the gateway signed from a forged one. Nothing here moves money.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Payment } from '@backlay/contract/wallet';

/** What a gateway reports of a payment; finance's review (UNDER_REVIEW, REJECTED) is Backlay's. */
export type PaymentStatus = Exclude<Payment['status'], 'UNDER_REVIEW' | 'REJECTED'>;

export type GatewayPaymentKind = 'LINK' | 'UPI_INTENT';

/** A payment as the gateway reports it, in Backlay's words. */
export interface GatewayPaymentState {
  gatewayId: string;
  kind: GatewayPaymentKind;
  /** Our id for the payment, which we gave the gateway as its reference. */
  reference: string;
  amountMinor: number;
  /**
   * What the payer paid, once PAID, when the gateway says (a payer may send another amount than
   * the intent asked for); null: the gateway does not say, so `amountMinor` was paid.
   */
  amountPaidMinor: number | null;
  /** PENDING while the gateway still takes payment; any other status is final. */
  status: PaymentStatus;
  expiresAt: Date;
  /** Where the payer pays: the hosted page of a link, or the `upi://pay` intent. */
  payUrl: string;
}

export interface NewGatewayPayment {
  amountMinor: number;
  reference: string;
  description: string;
  expiresAt: Date;
}

/** A webhook event, once its signature is checked: a hint to read the payment's status. */
export interface GatewayEvent {
  id: string;
  type: string;
  kind: GatewayPaymentKind;
  gatewayId: string;
  reference: string;
}

export type WebhookVerdict =
  | { status: 'verified'; event: GatewayEvent }
  /** The signature is missing or not the gateway's: nothing in the body may be believed. */
  | { status: 'forged' }
  /** Signed, but not an event this client reads. */
  | { status: 'unreadable' };

export interface PaymentGateway {
  /**
   * Whether the gateway's hosted pages are served by this server (the built-in sandbox): the
   * player then reaches them on the origin they called the API on.
   */
  readonly hostedHere: boolean;
  createLink(payment: NewGatewayPayment): Promise<GatewayPaymentState>;
  createUpiIntent(payment: NewGatewayPayment): Promise<GatewayPaymentState>;
  fetchStatus(kind: GatewayPaymentKind, gatewayId: string): Promise<GatewayPaymentState>;
  /** Checks a webhook's signature over its raw body (constant-time) and reads the event. */
  verifyWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): WebhookVerdict;
}

/** The gateway did not answer, or answered something we cannot use. */
export class GatewayUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'GatewayUnavailableError';
  }
}
