/**
 * The sandbox gateway's rules, shaped like an Indian payment gateway's: a merchant creates a
 * payment link or a UPI intent (amount in paise, its own reference, an expiry, a webhook URL);
 * the payer pays, fails or cancels it on the hosted page, or leaves it to expire; each payment
 * is decided once, under its row's lock, and every decision becomes one signed event posted to
 * the merchant's webhook (retried until delivered, see `webhook-delivery.ts`). A payment past
 * its `expire_by` expires at the next sweep or the next time anyone reads it, whichever is first.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from '../../db/database';
import {
  decidePayment,
  duePayments,
  insertEvent,
  insertPayment,
  paymentByReference,
  readPayment,
  sandboxId,
  type SandboxKind,
  type SandboxOutcome,
  type SandboxPaymentRow,
} from './sandbox-store';
import { deliverDueEvents, type DeliveryReport, type HttpFetch } from './webhook-delivery';

/** The one merchant this sandbox serves: its API key and the secret its webhooks are signed with. */
export interface SandboxMerchant {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
}

/** Whom a UPI intent asks the payer's app to pay (a test address no bank knows). */
export const SANDBOX_PAYEE = { vpa: 'backlay.sandbox@testupi', name: 'Backlay test payments' };

/** Each kind's event names: `payment_link.paid`, `upi_intent.expired`, … */
export function eventType(kind: SandboxKind, status: SandboxOutcome): string {
  return `${kind}.${status}`;
}

/** Unix seconds, as the gateway's JSON carries times. */
export function unixSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

/** Paise as the decimal rupees a UPI intent's `am` carries: 10050 → "100.50". */
export function rupeesText(paise: number): string {
  return `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;
}

/** The `upi://pay` intent of a UPI payment (NPCI's deep-link parameters). */
export function upiIntentUrl(row: SandboxPaymentRow): string {
  const params = [
    ['pa', SANDBOX_PAYEE.vpa],
    ['pn', SANDBOX_PAYEE.name],
    ['am', rupeesText(Number(row.amount_paise))],
    ['cu', row.currency],
    ['tr', row.id],
    ['tn', row.description],
  ];
  // UPI apps read %20, not the `+` URLSearchParams would write for a space.
  return `upi://pay?${params.map(([k, v]) => `${k}=${encodeURIComponent(v ?? '')}`).join('&')}`;
}

/** A payment as the gateway's API and webhooks show it. */
export function paymentEntity(row: SandboxPaymentRow) {
  const amountPaise = Number(row.amount_paise);
  const base = {
    id: row.id,
    entity: row.kind,
    amount_paise: amountPaise,
    amount_paid_paise:
      row.status !== 'paid'
        ? 0
        : row.amount_paid_paise === null
          ? amountPaise
          : Number(row.amount_paid_paise),
    currency: row.currency,
    reference: row.reference,
    description: row.description,
    status: row.status,
    expire_by: unixSeconds(row.expire_by),
    created_at: unixSeconds(row.created_at),
    decided_at: row.decided_at ? unixSeconds(row.decided_at) : null,
  };
  return row.kind === 'payment_link'
    ? { ...base, short_url: row.page_url }
    : { ...base, intent_url: upiIntentUrl(row), page_url: row.page_url };
}

export interface CreatePaymentInput {
  kind: SandboxKind;
  amountPaise: number;
  reference: string;
  description: string;
  expireBy: Date;
  notifyUrl: string | null;
}

export type CreatePaymentResult =
  | { status: 'created' | 'existing'; payment: SandboxPaymentRow }
  /** The reference names another payment (another amount or kind). */
  | { status: 'conflict' };

export interface SweepReport extends DeliveryReport {
  expired: number;
}

export interface SandboxGateway {
  readonly merchant: SandboxMerchant;
  /** The gateway's clock. */
  now(): Date;
  /** Creates a payment; the same reference and amount again answers the payment it made. */
  create(input: CreatePaymentInput, pageOrigin: string): Promise<CreatePaymentResult>;
  /** A payment as it stands (expired first when its time is up); null when there is none. */
  read(id: string, kind: SandboxKind): Promise<SandboxPaymentRow | null>;
  /**
   * The payer's choice on an open payment; a decided one stays as it was. Null: no such payment.
   * `amountPaidPaise`: paid, but another amount than asked for (as a payer can in a UPI app).
   */
  decide(
    id: string,
    kind: SandboxKind,
    outcome: Exclude<SandboxOutcome, 'expired'>,
    amountPaidPaise?: number,
  ): Promise<SandboxPaymentRow | null>;
  /** Expires what is due and sends the webhooks that are due (the periodic sweep). */
  sweep(): Promise<SweepReport>;
}

export interface SandboxGatewayOptions {
  db: Database;
  merchant: SandboxMerchant;
  /** How webhooks reach the merchant. */
  fetch: HttpFetch;
  log: FastifyBaseLogger;
  /** The gateway's clock (expiry, event times, retry schedule); tests move it. */
  now?: () => Date;
}

/** Payments one sweep expires at most; the next sweep takes the rest. */
const EXPIRIES_PER_SWEEP = 100;

export function createSandboxGateway(options: SandboxGatewayOptions): SandboxGateway {
  const { db, merchant, log } = options;
  const now = options.now ?? (() => new Date());
  const delivery = { db, fetch: options.fetch, now, webhookSecret: merchant.webhookSecret, log };

  /** Ends an open payment and records its event, in the caller's transaction. */
  async function end(
    tx: Queryable,
    row: SandboxPaymentRow,
    outcome: SandboxOutcome,
    amountPaidPaise: number | null = null,
  ) {
    const at = now();
    const paidOther = amountPaidPaise !== null && amountPaidPaise !== Number(row.amount_paise);
    const decided = await decidePayment(
      tx,
      row.id,
      outcome,
      at,
      paidOther ? amountPaidPaise : null,
    );
    if (!decided.notify_url) return { payment: decided, eventId: null };
    const eventId = sandboxId('evt');
    const type = eventType(decided.kind, outcome);
    const body = JSON.stringify({
      id: eventId,
      entity: 'event',
      event: type,
      created_at: unixSeconds(at),
      payload: { [decided.kind]: paymentEntity(decided) },
    });
    await insertEvent(tx, {
      id: eventId,
      paymentId: decided.id,
      type,
      body,
      notifyUrl: decided.notify_url,
      createdAt: at,
    });
    return { payment: decided, eventId };
  }

  /** Sends a just-recorded event once, now; a failure is left to the sweep's retries. */
  async function sendNow(eventId: string | null): Promise<void> {
    if (!eventId) return;
    try {
      await deliverDueEvents(delivery, { eventId });
    } catch (error) {
      log.error({ err: error, event: eventId }, 'sandbox gateway: could not send a webhook');
    }
  }

  const isDue = (row: SandboxPaymentRow) =>
    row.status === 'created' && row.expire_by.getTime() <= now().getTime();

  /** Expires a payment whose time is up; answers it as it stands after, and whether it expired. */
  async function expireIfDue(id: string, kind: SandboxKind) {
    const ended = await db.transaction(async (tx) => {
      const row = await readPayment(tx, id, kind, { lock: true });
      if (!row || !isDue(row)) return { payment: row, eventId: null, expired: false };
      return { ...(await end(tx, row, 'expired')), expired: true };
    });
    await sendNow(ended.eventId);
    return ended;
  }

  return {
    merchant,
    now,

    async create(input, pageOrigin) {
      const id = sandboxId(input.kind === 'payment_link' ? 'plink' : 'upi');
      const pagePath = input.kind === 'payment_link' ? `/pay/${id}` : `/pay/upi/${id}`;
      const created = await insertPayment(db, {
        ...input,
        id,
        merchantKeyId: merchant.keyId,
        pageUrl: new URL(pagePath, pageOrigin).href,
        createdAt: now(),
      });
      if (created) return { status: 'created', payment: created };
      const existing = await paymentByReference(db, merchant.keyId, input.reference);
      if (
        !existing ||
        existing.kind !== input.kind ||
        Number(existing.amount_paise) !== input.amountPaise
      ) {
        return { status: 'conflict' };
      }
      return {
        status: 'existing',
        payment: (await expireIfDue(existing.id, existing.kind)).payment ?? existing,
      };
    },

    async read(id, kind) {
      const row = await readPayment(db, id, kind);
      if (!row || !isDue(row)) return row;
      return (await expireIfDue(id, kind)).payment;
    },

    async decide(id, kind, outcome, amountPaidPaise) {
      const ended = await db.transaction(async (tx) => {
        const row = await readPayment(tx, id, kind, { lock: true });
        if (!row || row.status !== 'created') return { payment: row, eventId: null };
        // Too late to pay: the payment expires instead, as it would have at the sweep.
        if (isDue(row)) return end(tx, row, 'expired');
        return end(tx, row, outcome, amountPaidPaise ?? null);
      });
      await sendNow(ended.eventId);
      return ended.payment;
    },

    async sweep() {
      let expired = 0;
      for (const due of await duePayments(db, now(), EXPIRIES_PER_SWEEP)) {
        if ((await expireIfDue(due.id, due.kind)).expired) expired++;
      }
      return { expired, ...(await deliverDueEvents(delivery)) };
    },
  };
}
