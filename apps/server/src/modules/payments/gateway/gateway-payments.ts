/**
 * Deposits through the payment gateway: a payment link or a UPI intent the player pays outside
 * Backlay, credited once the gateway says it was paid.
 *
 * Who decides. The gateway's status endpoint is the one source of truth. A webhook is only a
 * signed hint to ask it (and `Payment/Check` asks it too); whatever it answers when asked is
 * applied under the payment's row lock. A payment is decided once, by the first final status
 * the gateway reports: PAID credits the amount (the wallet deposit and the approved request are
 * written in the same transaction), FAILED, EXPIRED and CANCELLED end it with nothing moved, and
 * nothing changes a decided payment again. PAID with another amount than asked for credits
 * nothing: the payment goes UNDER_REVIEW, for finance to decide (`gateway-review.ts`), and no
 * later report changes it either. Hence, for events out of order or late:
 * - an `expired` event arriving for a payment the gateway reports paid credits it (the event is
 *   stale; the gateway's word when asked is what counts), and the later `paid` event finds the
 *   payment decided and moves nothing;
 * - a `paid` event followed by an `expired` one credits at the first and ignores the second;
 * - a `paid` event (or a check) for a payment the gateway reports expired moves nothing: it
 *   said expired first, and a decided payment stays decided;
 * - our own `expires_at` decides nothing, since the gateway may take a payment up to its own
 *   expiry: a payment it reports paid is credited even after our copy of the time has passed.
 *   Only a payment the gateway never acknowledged (its create failed, so the player never had
 *   a URL to pay) expires on our clock alone.
 * Exactly once: both paths lock the row, see PENDING only once, and the wallet deposit carries
 * the payment's own idempotency key as well.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import type { z } from 'zod';
import type { createPaymentSchema, Payment } from '@backlay/contract/wallet';
import { fromMinorUnits, toMinorUnits } from '@backlay/exchange/money';
import type { Database, Queryable } from '../../../db/database';
import { moveState } from '../../../db/state-machine';
import { ApiError } from '../../../http/api-error';
import type { Player } from '../../../http/api-route';
import { assertDepositAllowed } from '../../responsible-gambling';
import { deposit, toMinor } from '../../wallet';
import { depositedSince } from '../deposits';
import { GATEWAY_PAYMENT_STATES } from '../payment-states';
import { readPaymentSettings } from '../payment-settings';
import { PAYMENT_MESSAGES, assertRealMoney, assertWithinLimits } from '../payment-rules';
import {
  GatewayUnavailableError,
  type GatewayEvent,
  type GatewayPaymentKind,
  type GatewayPaymentState,
  type PaymentGateway,
} from './payment-gateway';
import { startReview, type ReviewablePayment } from './gateway-review';

/** How long a player has to pay: a link half an hour, a UPI intent ten minutes. */
export const PAYMENT_LIFETIME_MS: Record<GatewayPaymentKind, number> = {
  LINK: 30 * 60_000,
  UPI_INTENT: 10 * 60_000,
};

/** A payment is not started at the gateway with less than this left to pay it. */
const PAYMENT_START_MARGIN_MS = 2 * 60_000;

export const GATEWAY_MESSAGES = {
  notOffered: (kind: GatewayPaymentKind) =>
    kind === 'LINK'
      ? 'Payment links are not offered on this site. Choose another way to deposit.'
      : 'UPI app payments are not offered on this site. Choose another way to deposit.',
  unavailable: 'The payment gateway is not answering. Please try again in a minute.',
  unknown: 'There is no such payment.',
  forged: 'The webhook signature is not valid.',
  unreadable: 'The webhook is not an event this server reads.',
} as const;

/** How the player's requests list and finance name the account a gateway deposit came from. */
const ACCOUNT_LABELS: Record<GatewayPaymentKind, { label: string; detail: string }> = {
  LINK: { label: 'Payment link', detail: 'Payment link' },
  UPI_INTENT: { label: 'UPI', detail: 'UPI intent' },
};

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface GatewayPaymentRow {
  id: string;
  domain: string;
  owner_id: string;
  kind: GatewayPaymentKind;
  amount_minor: string;
  gateway_id: string | null;
  status: Payment['status'];
  pay_url: string | null;
  expires_at: Date;
  credited: boolean;
  payment_request_id: string | null;
  idempotency_key: string;
  /** What the gateway reported paid, when it was not the amount (the payment went to review). */
  paid_amount_minor: string | null;
}

const COLUMNS = `id, domain, owner_id, kind, amount_minor::text, gateway_id, status, pay_url,
  expires_at, credited, payment_request_id, idempotency_key, paid_amount_minor::text`;

export interface GatewayPaymentsDeps {
  db: Database;
  /** Null when no gateway is configured: nothing new starts, nothing is asked. */
  gateway: PaymentGateway | null;
  now: () => Date;
  log: FastifyBaseLogger;
}

async function readPayment(
  db: Queryable,
  id: string,
  options: { ownerId?: string; kind?: GatewayPaymentKind; lock?: boolean } = {},
): Promise<GatewayPaymentRow | null> {
  if (!UUID_PATTERN.test(id)) return null;
  const [row] = await db.query<GatewayPaymentRow>(
    `SELECT ${COLUMNS} FROM gateway_payments
     WHERE id = $1 AND ($2::uuid IS NULL OR owner_id = $2::uuid) AND ($3::text IS NULL OR kind = $3)
     ${options.lock ? 'FOR UPDATE' : ''}`,
    [id, options.ownerId ?? null, options.kind ?? null],
  );
  return row ?? null;
}

/** The payment as the player reads it; `origin` is where they called from. */
export function paymentView(
  row: GatewayPaymentRow,
  gateway: PaymentGateway | null,
  origin: string,
): Payment {
  let url = row.pay_url ?? '';
  // The built-in sandbox's page is on this server: send the player to it on their own host.
  if (row.kind === 'LINK' && url && gateway?.hostedHere) {
    const page = new URL(url);
    url = new URL(`${page.pathname}${page.search}`, origin).href;
  }
  return {
    paymentId: row.id,
    amount: fromMinorUnits(toMinor(row.amount_minor)),
    status: row.status,
    url,
    expiresAt: row.expires_at.toISOString(),
    ...(row.paid_amount_minor === null
      ? {}
      : { paidAmount: fromMinorUnits(toMinor(row.paid_amount_minor)) }),
  };
}

function unavailable(deps: GatewayPaymentsDeps, error: unknown): ApiError {
  deps.log.error({ err: error }, 'payment gateway call failed');
  return new ApiError('UNAVAILABLE', GATEWAY_MESSAGES.unavailable);
}

/** A gateway answer must be about the payment it was asked about. */
function assertSamePayment(row: GatewayPaymentRow, reported: GatewayPaymentState): void {
  if (
    reported.reference !== row.id ||
    reported.kind !== row.kind ||
    (row.gateway_id !== null && reported.gatewayId !== row.gateway_id)
  ) {
    throw new Error(
      `the gateway answered about ${reported.gatewayId} (${reported.reference}) for payment ${row.id}`,
    );
  }
}

export type SettleOutcome = 'credited' | 'ended' | 'pending' | 'already-decided' | 'under-review';

/**
 * What the gateway reports paid for a payment, when it reports it PAID with another amount
 * than the payment's; else null.
 */
function paidOtherMinor(row: GatewayPaymentRow, reported: GatewayPaymentState): number | null {
  if (reported.status !== 'PAID') return null;
  const paidMinor = reported.amountPaidMinor ?? reported.amountMinor;
  return paidMinor === toMinor(row.amount_minor) ? null : paidMinor;
}

/** A pending payment as its review starts, with what the gateway reported about it. */
function reviewable(row: GatewayPaymentRow, reported: GatewayPaymentState): ReviewablePayment {
  return {
    id: row.id,
    domain: row.domain,
    ownerId: row.owner_id,
    kind: row.kind,
    amountMinor: toMinor(row.amount_minor),
    idempotencyKey: row.idempotency_key,
    gatewayId: row.gateway_id ?? reported.gatewayId,
    payUrl: row.pay_url ?? reported.payUrl,
    account: ACCOUNT_LABELS[row.kind],
  };
}

/**
 * Applies what the gateway reported to a payment, in `tx`, under the payment's row lock: the
 * one place a gateway payment is decided and credited.
 */
export async function applyGatewayState(
  tx: Queryable,
  paymentId: string,
  reported: GatewayPaymentState,
): Promise<{ row: GatewayPaymentRow; outcome: SettleOutcome }> {
  const moved = await moveState(tx, GATEWAY_PAYMENT_STATES, {
    id: paymentId,
    to: reported.status,
    read: (q, id) => readPayment(q, id),
    guard: (row) => {
      // The gateway's word decides a pending payment only (a reviewed one is finance's), and
      // a pending report leaves it as it is.
      if (row.status !== 'PENDING') return false;
      assertSamePayment(row, reported);
      if (paidOtherMinor(row, reported) !== null) return false;
      return reported.status !== 'PENDING';
    },
    effect: async (row) => {
      const amountMinor = toMinor(row.amount_minor);
      let requestId: string | null = null;
      if (reported.status === 'PAID') {
        requestId = await recordDeposit(tx, row, reported.gatewayId);
        const credited = await deposit(tx, {
          domain: row.domain,
          ownerId: row.owner_id,
          amountMinor,
          idempotencyKey: `gateway-payment:${row.id}`,
          reference: `request:${requestId}`,
        });
        if (credited.status !== 'ok') {
          throw new Error(
            `the deposit of gateway payment ${row.id} was refused: ${credited.status}`,
          );
        }
      }
      return {
        credited: requestId !== null,
        payment_request_id: requestId,
        gateway_id: row.gateway_id ?? reported.gatewayId,
        pay_url: row.pay_url ?? reported.payUrl,
      };
    },
  });
  if (moved.outcome === 'missing') throw new Error(`gateway payment ${paymentId} vanished`);
  if (moved.outcome === 'refused') {
    const { row } = moved;
    // Paid with another amount than asked for: not ours to guess about, finance decides it.
    const paidMinor = row.status === 'PENDING' ? paidOtherMinor(row, reported) : null;
    if (paidMinor !== null) {
      const reviewed = await startReview(tx, reviewable(row, reported), paidMinor, (q, id) =>
        readPayment(q, id),
      );
      return { row: reviewed, outcome: 'under-review' };
    }
    return { row, outcome: row.status === 'PENDING' ? 'pending' : 'already-decided' };
  }
  return { row: moved.after, outcome: moved.after.credited ? 'credited' : 'ended' };
}

/**
 * The approved deposit request a paid gateway payment shows as, in the player's requests list,
 * finance's lists and the statement (the wallet deposit's reference names it).
 */
async function recordDeposit(
  tx: Queryable,
  row: GatewayPaymentRow,
  gatewayId: string,
): Promise<string> {
  const { label, detail } = ACCOUNT_LABELS[row.kind];
  const insert = (idempotencyKey: string) =>
    tx.query<{ id: string }>(
      `INSERT INTO payment_requests (domain, owner_id, kind, status, channel, amount_minor,
         account_label, account_detail, gateway_payment_id, idempotency_key, decided_at)
       VALUES ($1, $2, 'DEPOSIT', 'APPROVED', $3, $4, $5, $6, $7, $8, now())
       ON CONFLICT (owner_id, idempotency_key) DO NOTHING RETURNING id`,
      [
        row.domain,
        row.owner_id,
        row.kind,
        row.amount_minor,
        label,
        `${detail} ${gatewayId}`,
        gatewayId,
        idempotencyKey,
      ],
    );
  const [request] = await insert(row.idempotency_key);
  if (request) return request.id;
  // The player used this key for a manual request after starting the payment (creating one
  // refuses a key already taken): the money was paid all the same, so the request takes the
  // payment's own key instead, which no other request can hold.
  const [again] = await insert(`gateway-payment:${row.id}`);
  if (!again) throw new Error(`gateway payment ${row.id} already has a deposit request`);
  return again.id;
}

export type CreatePaymentInput = z.output<typeof createPaymentSchema>;

/**
 * `Payment/Generate` and `Payment/UpiCreate`: a new gateway payment, or the one this key
 * already started. The row is written first (committed), then the gateway is asked, with our
 * id as its reference, so a create whose answer was lost is asked again with the same key and
 * the gateway answers the payment it already made.
 */
export async function startGatewayPayment(
  deps: GatewayPaymentsDeps,
  player: Player,
  kind: GatewayPaymentKind,
  input: CreatePaymentInput,
): Promise<GatewayPaymentRow> {
  assertRealMoney(player);
  const amountMinor = toMinorUnits(input.amount);
  const { db, gateway } = deps;
  const [sameKey] = await db.query<{ id: string }>(
    'SELECT id FROM gateway_payments WHERE owner_id = $1 AND idempotency_key = $2',
    [player.id, input.idempotencyKey],
  );
  let row = sameKey ? await readPayment(db, sameKey.id) : null;
  if (!row) {
    if (!gateway) throw new ApiError('FORBIDDEN', GATEWAY_MESSAGES.notOffered(kind));
    const settings = await readPaymentSettings(db, player.domain);
    if (!(kind === 'LINK' ? settings.paymentLink : settings.upiIntent)) {
      throw new ApiError('FORBIDDEN', GATEWAY_MESSAGES.notOffered(kind));
    }
    assertWithinLimits('deposit', amountMinor, settings.limits);
    // The key becomes the deposit request's once paid: one a request already holds is refused.
    const [requestWithKey] = await db.query(
      'SELECT 1 FROM payment_requests WHERE owner_id = $1 AND idempotency_key = $2',
      [player.id, input.idempotencyKey],
    );
    if (requestWithKey) throw new ApiError('CONFLICT', PAYMENT_MESSAGES.idempotencyConflict);
    const expiresAt = new Date(deps.now().getTime() + PAYMENT_LIFETIME_MS[kind]);
    await settleLapsedPayments(deps, player.id);
    // Checked against the player's own deposit limits in the transaction that writes it.
    const created = await db.transaction(async (tx) => {
      await assertDepositAllowed(tx, player.id, amountMinor, depositedSince, deps.now());
      const [inserted] = await tx.query<{ id: string }>(
        `INSERT INTO gateway_payments (domain, owner_id, kind, amount_minor, status, expires_at,
           idempotency_key, created_at)
         VALUES ($1, $2, $3, $4, 'PENDING', $5, $6, $7)
         ON CONFLICT (owner_id, idempotency_key) DO NOTHING RETURNING id`,
        [player.domain, player.id, kind, amountMinor, expiresAt, input.idempotencyKey, deps.now()],
      );
      return inserted;
    });
    // No row: the same key won a race a moment ago; carry on with its payment.
    const id =
      created?.id ??
      (
        await db.query<{ id: string }>(
          'SELECT id FROM gateway_payments WHERE owner_id = $1 AND idempotency_key = $2',
          [player.id, input.idempotencyKey],
        )
      )[0]?.id;
    row = id ? await readPayment(db, id) : null;
    if (!row) throw new Error('a gateway payment vanished as it was created');
  }
  if (row.kind !== kind || toMinor(row.amount_minor) !== amountMinor) {
    throw new ApiError('CONFLICT', PAYMENT_MESSAGES.idempotencyConflict);
  }
  if (row.gateway_id !== null || row.status !== 'PENDING' || !gateway) return row;
  // Asked again after its time: too late to start it at the gateway now.
  if (row.expires_at.getTime() - deps.now().getTime() < PAYMENT_START_MARGIN_MS) {
    return expireUnacknowledged(deps, row);
  }
  return askGatewayToCreate(deps, gateway, row, player.domain);
}

async function askGatewayToCreate(
  deps: GatewayPaymentsDeps,
  gateway: PaymentGateway,
  row: GatewayPaymentRow,
  domain: string,
): Promise<GatewayPaymentRow> {
  const request = {
    amountMinor: toMinor(row.amount_minor),
    reference: row.id,
    description: `Deposit on ${domain}`,
    expiresAt: row.expires_at,
  };
  let answered: GatewayPaymentState;
  try {
    answered =
      row.kind === 'LINK'
        ? await gateway.createLink(request)
        : await gateway.createUpiIntent(request);
  } catch (error) {
    if (error instanceof GatewayUnavailableError) throw unavailable(deps, error);
    throw error;
  }
  assertSamePayment(row, answered);
  if (answered.amountMinor !== request.amountMinor) {
    throw new Error(`the gateway made payment ${row.id} for another amount`);
  }
  const [saved] = await deps.db.query<GatewayPaymentRow>(
    `UPDATE gateway_payments SET gateway_id = $2, pay_url = $3, expires_at = $4
     WHERE id = $1 AND gateway_id IS NULL RETURNING ${COLUMNS}`,
    [row.id, answered.gatewayId, answered.payUrl, answered.expiresAt],
  );
  // Already saved: a twin request with the same key, or a webhook, got there first.
  const current = saved ?? (await readPayment(deps.db, row.id));
  if (!current) throw new Error(`gateway payment ${row.id} vanished`);
  if (answered.status === 'PENDING' || current.status !== 'PENDING') return current;
  // Asked again late: the gateway's payment has already ended.
  return (await deps.db.transaction((tx) => applyGatewayState(tx, row.id, answered))).row;
}

/**
 * `Payment/Check` and `Payment/UpiCheck`: a pending payment's status, asked of the gateway and
 * applied (crediting it when paid); a decided one as it was decided.
 */
export async function checkGatewayPayment(
  deps: GatewayPaymentsDeps,
  player: Player,
  kind: GatewayPaymentKind,
  paymentId: string,
): Promise<GatewayPaymentRow> {
  const row = await readPayment(deps.db, paymentId, { ownerId: player.id, kind });
  if (!row) throw new ApiError('NOT_FOUND', GATEWAY_MESSAGES.unknown);
  if (row.status !== 'PENDING') return row;
  if (row.gateway_id === null) return expireUnacknowledged(deps, row);
  if (!deps.gateway) return row;
  const reported = await fetchStatus(deps, deps.gateway, row.kind, row.gateway_id);
  return (await deps.db.transaction((tx) => applyGatewayState(tx, row.id, reported))).row;
}

/** A payment the gateway never acknowledged ends on our clock: nobody had a URL to pay it. */
async function expireUnacknowledged(
  deps: GatewayPaymentsDeps,
  row: GatewayPaymentRow,
): Promise<GatewayPaymentRow> {
  if (row.expires_at.getTime() > deps.now().getTime()) return row;
  const moved = await deps.db.transaction((tx) =>
    moveState(tx, GATEWAY_PAYMENT_STATES, {
      id: row.id,
      to: 'EXPIRED',
      read: (q, id) => readPayment(q, id),
      // Acknowledged meanwhile (a twin request saved the gateway's answer): the gateway decides.
      guard: (current) => current.gateway_id === null,
    }),
  );
  if (moved.outcome === 'moved') return moved.after;
  return moved.outcome === 'refused' ? moved.row : row;
}

async function fetchStatus(
  deps: GatewayPaymentsDeps,
  gateway: PaymentGateway,
  kind: GatewayPaymentKind,
  gatewayId: string,
): Promise<GatewayPaymentState> {
  try {
    return await gateway.fetchStatus(kind, gatewayId);
  } catch (error) {
    if (error instanceof GatewayUnavailableError) throw unavailable(deps, error);
    throw error;
  }
}

/** At most this many of a player's lapsed payments are asked about before a new deposit. */
const LAPSED_PER_CHECK = 10;

/**
 * Asks the gateway about the player's payments still pending after their expiry, and applies
 * the answers: the deposit limits stop counting such a payment at its expiry, so one paid just
 * before it, whose webhook has not arrived yet, must be credited (and so counted) before a new
 * deposit is checked against the limits. A payment the gateway cannot answer about now is left
 * to the reconciliation: the new deposit needs the gateway as well, and is refused if it is down.
 */
export async function settleLapsedPayments(
  deps: GatewayPaymentsDeps,
  ownerId: string,
): Promise<void> {
  const { gateway } = deps;
  if (!gateway) return;
  const rows = await deps.db.query<GatewayPaymentRow>(
    `SELECT ${COLUMNS} FROM gateway_payments
     WHERE owner_id = $1 AND status = 'PENDING' AND gateway_id IS NOT NULL AND expires_at <= $2
     ORDER BY expires_at DESC LIMIT $3`,
    [ownerId, deps.now(), LAPSED_PER_CHECK],
  );
  for (const row of rows) {
    if (row.gateway_id === null) continue;
    try {
      const reported = await gateway.fetchStatus(row.kind, row.gateway_id);
      await deps.db.transaction((tx) => applyGatewayState(tx, row.id, reported));
    } catch (error) {
      deps.log.warn({ err: error, payment: row.id }, 'a lapsed gateway payment was not settled');
    }
  }
}

/** A payment still pending this long after it started is asked about by Backlay itself. */
export const RECONCILE_AFTER_MS = 2 * 60_000;
/** After a day a payment is no longer asked about (the gateway ends its links long before). */
const RECONCILE_FOR_MS = 24 * 3_600_000;

/**
 * Asks the gateway about payments still pending a while after they started: every webhook about
 * one may have been lost for good and the player may have closed the page, and a paid payment
 * must still be credited. Each is applied as a player's check is (once, under its row lock), so
 * instances reconciling at once, a webhook and a check racing it all credit it once. Answers how
 * many were asked about and how many credited.
 */
export async function reconcileGatewayPayments(
  deps: GatewayPaymentsDeps,
  limit = 100,
): Promise<{ asked: number; credited: number }> {
  const now = deps.now().getTime();
  const rows = await deps.db.query<GatewayPaymentRow>(
    `SELECT ${COLUMNS} FROM gateway_payments
     WHERE status = 'PENDING' AND created_at < $1 AND created_at > $2
     ORDER BY created_at LIMIT $3`,
    [new Date(now - RECONCILE_AFTER_MS), new Date(now - RECONCILE_FOR_MS), limit],
  );
  let credited = 0;
  for (const row of rows) {
    try {
      if (row.gateway_id === null) {
        await expireUnacknowledged(deps, row);
        continue;
      }
      if (!deps.gateway) continue;
      const reported = await deps.gateway.fetchStatus(row.kind, row.gateway_id);
      const { outcome } = await deps.db.transaction((tx) =>
        applyGatewayState(tx, row.id, reported),
      );
      if (outcome === 'credited') credited++;
    } catch (error) {
      // One payment the gateway cannot answer about must not hold the others back.
      deps.log.warn(
        { err: error, payment: row.id },
        'a pending gateway payment was not reconciled',
      );
    }
  }
  return { asked: rows.length, credited };
}

export type WebhookOutcome = SettleOutcome | 'duplicate' | 'unknown-payment';

async function recordEvent(
  tx: Queryable,
  event: GatewayEvent,
  paymentId: string | null,
): Promise<boolean> {
  const inserted = await tx.query(
    `INSERT INTO gateway_webhook_events (event_id, event_type, gateway_payment_id)
     VALUES ($1, $2, $3) ON CONFLICT (event_id) DO NOTHING RETURNING event_id`,
    [event.id, event.type, paymentId],
  );
  return inserted.length > 0;
}

/**
 * A webhook from the gateway: its signature is checked over the raw body (a forged one is
 * refused, 401, before anything is read); an event seen before changes nothing; a new one about
 * a pending payment makes us ask the gateway for the payment's status and apply it, recording
 * the event in the same transaction. Failing to reach the gateway answers 503, so the gateway
 * sends the event again later.
 */
export async function takeGatewayWebhook(
  deps: GatewayPaymentsDeps,
  rawBody: Buffer,
  headers: IncomingHttpHeaders,
): Promise<WebhookOutcome> {
  const { gateway, db } = deps;
  if (!gateway) throw new ApiError('NOT_FOUND', GATEWAY_MESSAGES.unknown);
  const verdict = gateway.verifyWebhook(rawBody, headers);
  if (verdict.status === 'forged') throw new ApiError('UNAUTHORIZED', GATEWAY_MESSAGES.forged);
  if (verdict.status === 'unreadable') {
    throw new ApiError('MALFORMED_REQUEST', GATEWAY_MESSAGES.unreadable);
  }
  const { event } = verdict;
  const [seen] = await db.query('SELECT 1 FROM gateway_webhook_events WHERE event_id = $1', [
    event.id,
  ]);
  if (seen) return 'duplicate';
  const row = await readPayment(db, event.reference, { kind: event.kind });
  if (!row || row.status !== 'PENDING') {
    const recorded = await recordEvent(db, event, row?.id ?? null);
    if (!recorded) return 'duplicate';
    return row ? 'already-decided' : 'unknown-payment';
  }
  const reported = await fetchStatus(deps, gateway, row.kind, row.gateway_id ?? event.gatewayId);
  return db.transaction(async (tx) => {
    if (!(await recordEvent(tx, event, row.id))) return 'duplicate';
    return (await applyGatewayState(tx, row.id, reported)).outcome;
  });
}
