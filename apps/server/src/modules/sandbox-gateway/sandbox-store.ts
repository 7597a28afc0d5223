/**
 * The sandbox gateway's books: its payments (links and UPI intents) and the events it owes its
 * merchant. Plain query functions of `(db | tx, params)`; every time they write comes from the
 * gateway's clock, so tests can move it.
 */
import { randomInt } from 'node:crypto';
import type { Queryable } from '../../db/database';

export const SANDBOX_KINDS = ['payment_link', 'upi_intent'] as const;
export type SandboxKind = (typeof SANDBOX_KINDS)[number];
export type SandboxStatus = 'created' | 'paid' | 'failed' | 'expired' | 'cancelled';
/** What the payer (or the clock) may make of an open payment. */
export type SandboxOutcome = Exclude<SandboxStatus, 'created'>;

export interface SandboxPaymentRow {
  id: string;
  kind: SandboxKind;
  merchant_key_id: string;
  amount_paise: string;
  currency: 'INR';
  reference: string;
  description: string;
  notify_url: string | null;
  page_url: string;
  status: SandboxStatus;
  /** What the payer paid, when they paid another amount than asked for; else null. */
  amount_paid_paise: string | null;
  expire_by: Date;
  created_at: Date;
  decided_at: Date | null;
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const ID_LENGTH = 14;

/** A fresh id with a gateway-style prefix (`plink_…`, `upi_…`, `evt_…`): 14 random characters. */
export function sandboxId(prefix: 'plink' | 'upi' | 'evt'): string {
  let id = `${prefix}_`;
  for (let i = 0; i < ID_LENGTH; i++) id += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return id;
}

const PAYMENT_COLUMNS = `id, kind, merchant_key_id, amount_paise::text, currency, reference,
  description, notify_url, page_url, status, amount_paid_paise::text, expire_by, created_at,
  decided_at`;

export interface NewSandboxPayment {
  id: string;
  kind: SandboxKind;
  merchantKeyId: string;
  amountPaise: number;
  reference: string;
  description: string;
  notifyUrl: string | null;
  pageUrl: string;
  expireBy: Date;
  createdAt: Date;
}

/** Inserts a payment, or answers null when the merchant already used the reference. */
export async function insertPayment(
  tx: Queryable,
  payment: NewSandboxPayment,
): Promise<SandboxPaymentRow | null> {
  const [row] = await tx.query<SandboxPaymentRow>(
    `INSERT INTO sandbox_gateway_payments (id, kind, merchant_key_id, amount_paise, currency,
       reference, description, notify_url, page_url, status, expire_by, created_at)
     VALUES ($1, $2, $3, $4, 'INR', $5, $6, $7, $8, 'created', $9, $10)
     ON CONFLICT (merchant_key_id, reference) DO NOTHING
     RETURNING ${PAYMENT_COLUMNS}`,
    [
      payment.id,
      payment.kind,
      payment.merchantKeyId,
      payment.amountPaise,
      payment.reference,
      payment.description,
      payment.notifyUrl,
      payment.pageUrl,
      payment.expireBy,
      payment.createdAt,
    ],
  );
  return row ?? null;
}

/** A merchant's payment by its reference. */
export async function paymentByReference(
  db: Queryable,
  merchantKeyId: string,
  reference: string,
): Promise<SandboxPaymentRow | null> {
  const [row] = await db.query<SandboxPaymentRow>(
    `SELECT ${PAYMENT_COLUMNS} FROM sandbox_gateway_payments
     WHERE merchant_key_id = $1 AND reference = $2`,
    [merchantKeyId, reference],
  );
  return row ?? null;
}

/** A payment by id and kind, locked for the caller's transaction when asked. */
export async function readPayment(
  db: Queryable,
  id: string,
  kind: SandboxKind,
  options: { lock?: boolean } = {},
): Promise<SandboxPaymentRow | null> {
  const [row] = await db.query<SandboxPaymentRow>(
    `SELECT ${PAYMENT_COLUMNS} FROM sandbox_gateway_payments WHERE id = $1 AND kind = $2
     ${options.lock ? 'FOR UPDATE' : ''}`,
    [id, kind],
  );
  return row ?? null;
}

/**
 * Ends an open payment; the caller holds its lock and has checked it is open. `amountPaidPaise`:
 * a payment paid with another amount than it asked for.
 */
export async function decidePayment(
  tx: Queryable,
  id: string,
  status: SandboxOutcome,
  at: Date,
  amountPaidPaise: number | null = null,
): Promise<SandboxPaymentRow> {
  const [row] = await tx.query<SandboxPaymentRow>(
    `UPDATE sandbox_gateway_payments SET status = $2, decided_at = $3, amount_paid_paise = $4
     WHERE id = $1 AND status = 'created' RETURNING ${PAYMENT_COLUMNS}`,
    [id, status, at, status === 'paid' ? amountPaidPaise : null],
  );
  if (!row) throw new Error(`sandbox payment ${id} was not open when it was decided`);
  return row;
}

/** Open payments whose time ran out by `now`, oldest first. */
export async function duePayments(
  db: Queryable,
  now: Date,
  limit: number,
): Promise<{ id: string; kind: SandboxKind }[]> {
  return db.query(
    `SELECT id, kind FROM sandbox_gateway_payments
     WHERE status = 'created' AND expire_by <= $1 ORDER BY expire_by, id LIMIT $2`,
    [now, limit],
  );
}

export interface NewSandboxEvent {
  id: string;
  paymentId: string;
  type: string;
  body: string;
  notifyUrl: string;
  createdAt: Date;
}

/** Records an event owed to the merchant, due at once. */
export async function insertEvent(tx: Queryable, event: NewSandboxEvent): Promise<void> {
  await tx.query(
    `INSERT INTO sandbox_gateway_events (id, payment_id, type, body, notify_url, created_at,
       state, attempts, next_attempt_at)
     VALUES ($1, $2, $3, $4, $5, $6, 'pending', 0, $6)`,
    [event.id, event.paymentId, event.type, event.body, event.notifyUrl, event.createdAt],
  );
}

export interface ClaimedEvent {
  id: string;
  body: string;
  notify_url: string;
  /** Attempts made, this one included. */
  attempts: number;
}

/**
 * Claims due events for one attempt each (counted now): their next attempt moves to `leaseUntil`,
 * so another instance skips them while this one sends, and a sender that dies before recording
 * the outcome leaves them to be tried again when the lease runs out.
 */
export async function claimDueEvents(
  db: Queryable,
  params: { now: Date; leaseUntil: Date; limit: number; eventId: string | null },
): Promise<ClaimedEvent[]> {
  return db.query<ClaimedEvent>(
    `UPDATE sandbox_gateway_events e SET attempts = e.attempts + 1, next_attempt_at = $2
     WHERE e.id IN (
       SELECT id FROM sandbox_gateway_events
       WHERE state = 'pending' AND next_attempt_at <= $1 AND ($4::text IS NULL OR id = $4)
       ORDER BY next_attempt_at, id LIMIT $3
       FOR UPDATE SKIP LOCKED
     )
     RETURNING e.id, e.body, e.notify_url, e.attempts`,
    [params.now, params.leaseUntil, params.limit, params.eventId],
  );
}

/** Records a delivered event. */
export async function markDelivered(
  db: Queryable,
  id: string,
  status: number,
  at: Date,
): Promise<void> {
  await db.query(
    `UPDATE sandbox_gateway_events SET state = 'delivered', next_attempt_at = NULL,
       last_status = $2, last_error = NULL, delivered_at = $3
     WHERE id = $1 AND state = 'pending'`,
    [id, status, at],
  );
}

/** Records a failed attempt: the next one is due at `retryAt`, or none (given up) when null. */
export async function markAttemptFailed(
  db: Queryable,
  id: string,
  failure: { status: number | null; error: string; retryAt: Date | null },
): Promise<void> {
  await db.query(
    `UPDATE sandbox_gateway_events
     SET state = CASE WHEN $4::timestamptz IS NULL THEN 'failed' ELSE 'pending' END,
       next_attempt_at = $4, last_status = $2, last_error = $3
     WHERE id = $1 AND state = 'pending'`,
    [id, failure.status, failure.error.slice(0, 500), failure.retryAt],
  );
}
