/**
 * Gateway payments the gateway reported paid with another amount than they asked for. Nothing
 * is guessed: the payment goes UNDER_REVIEW (with the amount paid, and a deposit request the
 * player reads as under review), nothing is credited, and finance decides it once: credit what
 * was paid, credit another amount with a remark, or reject it with a remark (the money goes
 * back to the payer outside Backlay).
 *
 * Exactly once. Every move goes through the state machine (`db/state-machine.ts`) under the
 * payment's row lock, then the request's: two decisions at once take turns and the second finds
 * the payment decided; a webhook or check arriving after the mismatch finds it no longer
 * PENDING. The credit is the wallet's `deposit` under the gateway payment's own idempotency key,
 * the one an ordinary paid payment is credited under, so no path can credit it twice.
 *
 * Deposit limits. While under review a payment counts against the player's own deposit limits
 * at the lesser of the amounts asked and paid (what the limits let through when it started, or
 * less when less arrived; see `depositedSince`); once decided, at what was credited (its request
 * is APPROVED at that amount), or nothing when rejected. Crediting more than it counted while
 * under review is checked against the player's limits at the decision.
 */
import type {
  GatewayReviewDecisionInput,
  GatewayReviewItem,
  GatewayReviewStatus,
} from '@backlay/contract/admin-gateway-reviews';
import { QUEUE_STATUSES, type QueueStatus } from '@backlay/contract/admin-payments';
import type { Payment } from '@backlay/contract/wallet';
import { fromMinorUnits, toMinorUnits } from '@backlay/exchange/money';
import type { Queryable } from '../../../db/database';
import { likeLiteral } from '../../../db/like-pattern';
import { applyMove, defineStateMachine, moveState, NOW } from '../../../db/state-machine';
import { ApiError } from '../../../http/api-error';
import { assertDepositAllowed } from '../../responsible-gambling';
import { deposit, toMinor } from '../../wallet';
import { depositedSince, requestReference } from '../deposits';
import { GATEWAY_PAYMENT_STATES } from '../payment-states';
import { readRequest } from '../request-views';
import type { GatewayPaymentKind } from './payment-gateway';

export const GATEWAY_REVIEW_MESSAGES = {
  unknown: 'There is no such gateway payment under review.',
  decided: (status: string) =>
    `This payment was already decided: it is ${status === 'PAID' ? 'credited' : 'rejected'}. Reload the queue.`,
  nothingPaid: 'The gateway reported nothing paid: credit another amount, or reject the payment.',
  overLimit: (message: string) =>
    `The player's own deposit limit refuses this credit. ${message} Credit less, or reject the payment and refund it.`,
} as const;

/**
 * The review's moves of the deposit request a reviewed payment shows as: decided with the
 * payment, under its lock. Manual deposits move by `DEPOSIT_REQUEST_STATES`, which has no move
 * out of UNDER_REVIEW, so a reviewed request cannot be decided as a manual deposit.
 */
export const REVIEWED_REQUEST_MOVES = defineStateMachine<QueueStatus>({
  entity: 'reviewed deposit request',
  table: 'payment_requests',
  where: { kind: 'DEPOSIT' },
  states: QUEUE_STATUSES,
  moves: { UNDER_REVIEW: ['APPROVED', 'REJECTED'] },
  decidedAtColumn: 'decided_at',
  refusal: (from) => GATEWAY_REVIEW_MESSAGES.decided(from === 'APPROVED' ? 'PAID' : from),
  missing: GATEWAY_REVIEW_MESSAGES.unknown,
});

/** What starting a review needs of the payment (locked by the caller). */
export interface ReviewablePayment {
  id: string;
  domain: string;
  ownerId: string;
  kind: GatewayPaymentKind;
  amountMinor: number;
  idempotencyKey: string;
  /** The gateway's id and where to pay, as saved or as the gateway now reports them. */
  gatewayId: string;
  payUrl: string;
  /** How the player's requests list and finance name the account it came from. */
  account: { label: string; detail: string };
}

/**
 * Sends a payment the gateway reported paid with `paidMinor` (not its amount) to finance, in
 * the caller's transaction: under the payment's row lock, if it is still PENDING, the deposit
 * request the player reads as under review is written and the payment moves to UNDER_REVIEW,
 * nothing credited. Answers the payment as `read` reads it after, or as it stands when it was
 * no longer pending.
 */
export async function startReview<Row extends { status: Payment['status'] }>(
  tx: Queryable,
  payment: ReviewablePayment,
  paidMinor: number,
  read: (tx: Queryable, id: string) => Promise<Row | null>,
): Promise<Row> {
  const insert = (idempotencyKey: string) =>
    tx.query<{ id: string }>(
      `INSERT INTO payment_requests (domain, owner_id, kind, status, channel, amount_minor,
         account_label, account_detail, gateway_payment_id, idempotency_key)
       VALUES ($1, $2, 'DEPOSIT', 'UNDER_REVIEW', $3, $4, $5, $6, $7, $8)
       ON CONFLICT (owner_id, idempotency_key) DO NOTHING RETURNING id`,
      [
        payment.domain,
        payment.ownerId,
        payment.kind,
        payment.amountMinor,
        payment.account.label,
        `${payment.account.detail} ${payment.gatewayId}`,
        payment.gatewayId,
        idempotencyKey,
      ],
    );
  const moved = await moveState(tx, GATEWAY_PAYMENT_STATES, {
    id: payment.id,
    to: 'UNDER_REVIEW',
    read,
    effect: async () => {
      // As for a paid payment: a manual request may have taken the player's key since.
      const [first] = await insert(payment.idempotencyKey);
      const request = first ?? (await insert(`gateway-payment:${payment.id}`))[0];
      if (!request) throw new Error(`gateway payment ${payment.id} already has a deposit request`);
      return {
        paid_amount_minor: paidMinor,
        review_started_at: NOW,
        payment_request_id: request.id,
        gateway_id: payment.gatewayId,
        pay_url: payment.payUrl,
      };
    },
  });
  if (moved.outcome === 'missing') throw new Error(`gateway payment ${payment.id} vanished`);
  return moved.outcome === 'moved' ? moved.after : moved.row;
}

interface ReviewRow {
  id: string;
  domain: string;
  owner_id: string;
  user_name: string;
  kind: GatewayPaymentKind;
  amount_minor: string;
  paid_amount_minor: string | null;
  gateway_id: string | null;
  status: Payment['status'];
  created_at: Date;
  review_started_at: Date | null;
  decided_at: Date | null;
  payment_request_id: string | null;
  settled_amount_minor: string | null;
  note: string | null;
  decided_by_name: string | null;
}

const REVIEW_COLUMNS = `g.id, g.domain, g.owner_id, u.user_name, g.kind, g.amount_minor::text,
  g.paid_amount_minor::text, g.gateway_id, g.status, g.created_at, g.review_started_at,
  g.decided_at, g.payment_request_id, r.settled_amount_minor::text, r.note,
  o.user_name AS decided_by_name`;
const REVIEW_SOURCE = `gateway_payments g
  JOIN users u ON u.id = g.owner_id
  LEFT JOIN payment_requests r ON r.id = g.payment_request_id
  LEFT JOIN operators o ON o.id = r.decided_by`;

async function readReview(db: Queryable, id: string): Promise<ReviewRow | null> {
  const [row] = await db.query<ReviewRow>(
    `SELECT ${REVIEW_COLUMNS} FROM ${REVIEW_SOURCE} WHERE g.id = $1`,
    [id],
  );
  return row ?? null;
}

const isReviewStatus = (status: string): status is GatewayReviewStatus =>
  status === 'UNDER_REVIEW' || status === 'PAID' || status === 'REJECTED';

/** A reviewed payment as finance reads it. */
function reviewView(row: ReviewRow): GatewayReviewItem {
  const { status } = row;
  if (
    !isReviewStatus(status) ||
    row.review_started_at === null ||
    row.paid_amount_minor === null ||
    row.payment_request_id === null ||
    row.gateway_id === null
  ) {
    throw new Error(`gateway payment ${row.id} is not a reviewed one`);
  }
  const askedMinor = toMinor(row.amount_minor);
  return {
    id: row.id,
    requestId: row.payment_request_id,
    domain: row.domain,
    playerId: row.owner_id,
    userName: row.user_name,
    channel: row.kind,
    askedAmount: fromMinorUnits(askedMinor),
    paidAmount: fromMinorUnits(toMinor(row.paid_amount_minor)),
    creditedAmount:
      status === 'PAID'
        ? fromMinorUnits(
            row.settled_amount_minor === null ? askedMinor : toMinor(row.settled_amount_minor),
          )
        : null,
    gatewayReference: row.gateway_id,
    status,
    createdAt: row.created_at.toISOString(),
    reviewStartedAt: row.review_started_at.toISOString(),
    decidedAt: row.decided_at?.toISOString() ?? null,
    decidedBy: row.decided_by_name,
    remark: status === 'UNDER_REVIEW' ? null : row.note,
  };
}

export interface ReviewQueueQuery {
  /** The brands to list; null: every brand. */
  domains: readonly string[] | null;
  status?: GatewayReviewStatus | undefined;
  search?: string | undefined;
  limit: number;
  offset: number;
}

/** Finance's review queue: waiting payments oldest first (work to do), other lists newest first. */
export async function gatewayReviewQueue(
  db: Queryable,
  query: ReviewQueueQuery,
): Promise<{ totalCount: number; items: GatewayReviewItem[] }> {
  const search = query.search?.trim() || null;
  const params = [
    query.domains,
    query.status ?? null,
    search,
    search ? `${likeLiteral(search.toLowerCase())}%` : null,
  ];
  const where = `g.review_started_at IS NOT NULL
    AND ($1::text[] IS NULL OR g.domain = ANY ($1::text[])) AND ($2::text IS NULL OR g.status = $2)
    AND ($3::text IS NULL OR lower(g.gateway_id) = lower($3) OR lower(u.user_name) LIKE $4)`;
  const order = query.status === 'UNDER_REVIEW' ? 'ASC' : 'DESC';
  const rows = await db.query<ReviewRow>(
    `SELECT ${REVIEW_COLUMNS} FROM ${REVIEW_SOURCE} WHERE ${where}
     ORDER BY g.review_started_at ${order}, g.id ${order} LIMIT $5 OFFSET $6`,
    [...params, query.limit, query.offset],
  );
  const [count] = await db.query<{ n: string }>(
    `SELECT count(*)::text AS n FROM gateway_payments g JOIN users u ON u.id = g.owner_id
     WHERE ${where}`,
    params,
  );
  return { totalCount: Number(count?.n ?? 0), items: rows.map(reviewView) };
}

/**
 * Finance's decision on a payment under review, in the caller's transaction. `authorize` sees
 * the payment's brand before anything changes (the operator's brand scope). Answers the payment
 * before and after, as finance reads it.
 */
export async function decideGatewayReview(
  tx: Queryable,
  decision: GatewayReviewDecisionInput,
  operatorId: string,
  authorize: (domain: string) => void,
  now: Date,
): Promise<{ before: GatewayReviewItem; after: GatewayReviewItem }> {
  const credit = decision.decision !== 'REJECT';
  const { before, after } = await applyMove(tx, GATEWAY_PAYMENT_STATES, {
    id: decision.id,
    to: credit ? 'PAID' : 'REJECTED',
    read: readReview,
    guard: (row) => {
      // Only a payment that went to review is decided here; other payments are not finance's.
      if (row.review_started_at === null) {
        throw new ApiError('NOT_FOUND', GATEWAY_REVIEW_MESSAGES.unknown);
      }
      authorize(row.domain);
    },
    effect: async (row) => {
      const requestId = row.payment_request_id;
      const askedMinor = toMinor(row.amount_minor);
      const paidMinor = toMinor(row.paid_amount_minor);
      if (requestId === null) throw new Error(`gateway payment ${row.id} has no request`);
      if (!credit) {
        await applyMove(tx, REVIEWED_REQUEST_MOVES, {
          id: requestId,
          to: 'REJECTED',
          read: readRequest,
          set: { note: decision.remark ?? null, decided_by: operatorId },
        });
        return {};
      }
      const creditMinor =
        decision.decision === 'CREDIT_OTHER' && decision.amount !== undefined
          ? toMinorUnits(decision.amount)
          : paidMinor;
      if (creditMinor <= 0) {
        throw new ApiError('VALIDATION_FAILED', GATEWAY_REVIEW_MESSAGES.nothingPaid);
      }
      // What the limits counted while it waited is theirs already; only more is checked.
      const beyondMinor = creditMinor - Math.min(askedMinor, paidMinor);
      if (beyondMinor > 0) {
        try {
          await assertDepositAllowed(tx, row.owner_id, beyondMinor, depositedSince, now);
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          throw new ApiError('VALIDATION_FAILED', GATEWAY_REVIEW_MESSAGES.overLimit(error.message));
        }
      }
      await applyMove(tx, REVIEWED_REQUEST_MOVES, {
        id: requestId,
        to: 'APPROVED',
        read: readRequest,
        set: {
          settled_amount_minor: creditMinor === askedMinor ? null : creditMinor,
          note: decision.remark ?? null,
          decided_by: operatorId,
        },
      });
      const credited = await deposit(tx, {
        domain: row.domain,
        ownerId: row.owner_id,
        amountMinor: creditMinor,
        idempotencyKey: `gateway-payment:${row.id}`,
        reference: requestReference(requestId),
      });
      if (credited.status !== 'ok') {
        throw new Error(
          `the credit of reviewed gateway payment ${row.id} was refused: ${credited.status}`,
        );
      }
      return { credited: true };
    },
  });
  return { before: reviewView(before), after: reviewView(after) };
}
