/**
 * Deposit and withdrawal requests read back: one row shape, the player's view and finance's,
 * and the lists both page through.
 */
import type { PaymentQueueItem, QueueStatus } from '@backlay/contract/admin-payments';
import type {
  PaymentRequest,
  PaymentRequestKind,
  PaymentRequestStatus,
} from '@backlay/contract/wallet';
import { fromMinorUnits } from '@backlay/exchange/money';
import type { Queryable } from '../../db/database';
import { likeLiteral } from '../../db/like-pattern';
import { toMinor } from '../wallet';

export interface RequestRow {
  id: string;
  domain: string;
  owner_id: string;
  user_name: string;
  kind: PaymentRequestKind;
  status: QueueStatus;
  channel: PaymentRequest['channel'];
  amount_minor: string;
  settled_amount_minor: string | null;
  proposed_amount_minor: string | null;
  proposed_by: string | null;
  proposed_by_name: string | null;
  account_label: string;
  account_detail: string;
  utr: string | null;
  gateway_payment_id: string | null;
  payout_reference: string | null;
  slip_id: string | null;
  withdrawal_account_id: string | null;
  idempotency_key: string;
  note: string | null;
  created_at: Date;
  decided_at: Date | null;
  decided_by_name: string | null;
  same_utr_count: string;
  /** What the gateway reported paid, for a gateway deposit that went to finance's review. */
  reviewed_paid_minor: string | null;
}

/**
 * The request columns every read selects, over `payment_requests r`. A brand takes a UTR once;
 * the same UTR claimed on another brand (one payment proving two deposits) is counted for finance.
 */
export const REQUEST_COLUMNS = `r.id, r.domain, r.owner_id, u.user_name, r.kind, r.status, r.channel,
  r.amount_minor::text, r.settled_amount_minor::text, r.proposed_amount_minor::text,
  r.proposed_by, p.user_name AS proposed_by_name, r.account_label, r.account_detail, r.utr,
  r.gateway_payment_id, r.payout_reference, r.slip_id, r.withdrawal_account_id, r.idempotency_key,
  r.note, r.created_at,
  r.decided_at, o.user_name AS decided_by_name,
  (SELECT count(*) FROM payment_requests s
    WHERE s.utr = r.utr AND s.id <> r.id)::text AS same_utr_count,
  (SELECT g.paid_amount_minor FROM gateway_payments g
    WHERE g.gateway_id = r.gateway_payment_id AND g.review_started_at IS NOT NULL)::text
    AS reviewed_paid_minor`;
export const REQUEST_SOURCE = `payment_requests r
  JOIN users u ON u.id = r.owner_id
  LEFT JOIN operators o ON o.id = r.decided_by
  LEFT JOIN operators p ON p.id = r.proposed_by`;

function referenceOf(row: RequestRow): string | null {
  return row.utr ?? row.gateway_payment_id ?? row.payout_reference;
}

/**
 * The request as its player reads it. A deposit awaiting a second approval is still pending to
 * them, without the proposal's amount or remark until it is decided.
 */
export function playerRequestView(row: RequestRow): PaymentRequest {
  if (row.status === 'AWAITING_APPROVAL') {
    return { ...playerRequestView({ ...row, status: 'PENDING' }), settledAmount: null, note: null };
  }
  return {
    id: row.id,
    kind: row.kind,
    amount: fromMinorUnits(toMinor(row.amount_minor)),
    settledAmount:
      row.settled_amount_minor === null ? null : fromMinorUnits(toMinor(row.settled_amount_minor)),
    status: row.status,
    channel: row.channel,
    account: row.account_label,
    reference: referenceOf(row),
    createdAt: row.created_at.toISOString(),
    decidedAt: row.decided_at?.toISOString() ?? null,
    note: row.note,
    ...(row.reviewed_paid_minor === null
      ? {}
      : { paidAmount: fromMinorUnits(toMinor(row.reviewed_paid_minor)) }),
  };
}

export function queueItemView(row: RequestRow): PaymentQueueItem {
  return {
    id: row.id,
    domain: row.domain,
    kind: row.kind,
    playerId: row.owner_id,
    userName: row.user_name,
    amount: fromMinorUnits(toMinor(row.amount_minor)),
    settledAmount:
      row.settled_amount_minor === null ? null : fromMinorUnits(toMinor(row.settled_amount_minor)),
    status: row.status,
    proposedAmount:
      row.proposed_amount_minor === null
        ? null
        : fromMinorUnits(toMinor(row.proposed_amount_minor)),
    proposedBy: row.proposed_by_name,
    channel: row.channel,
    account: row.account_detail,
    reference: referenceOf(row),
    slipId: row.slip_id,
    createdAt: row.created_at.toISOString(),
    decidedAt: row.decided_at?.toISOString() ?? null,
    decidedBy: row.decided_by_name,
    note: row.note,
    sameUtrCount: Number(row.same_utr_count),
  };
}

/** One request by id (locked for the caller's transaction when asked). */
export async function readRequest(
  db: Queryable,
  id: string,
  options: { lock?: boolean; ownerId?: string } = {},
): Promise<RequestRow | null> {
  if (options.lock) {
    // Lock the request row alone (FOR UPDATE cannot take the outer join's nullable side).
    const locked = await db.query(
      `SELECT 1 FROM payment_requests WHERE id = $1 AND ($2::uuid IS NULL OR owner_id = $2::uuid)
       FOR UPDATE`,
      [id, options.ownerId ?? null],
    );
    if (locked.length === 0) return null;
  }
  const [row] = await db.query<RequestRow>(
    `SELECT ${REQUEST_COLUMNS} FROM ${REQUEST_SOURCE}
     WHERE r.id = $1 AND ($2::uuid IS NULL OR r.owner_id = $2::uuid)`,
    [id, options.ownerId ?? null],
  );
  return row ?? null;
}

/** India's day boundaries: `from` and `to` are calendar days there, inclusive. */
export function indiaDayStart(day: string): Date {
  return new Date(`${day}T00:00:00+05:30`);
}
export function indiaDayEnd(day: string): Date {
  return new Date(indiaDayStart(day).getTime() + 86_400_000);
}

export interface PlayerRequestsQuery {
  ownerId: string;
  kind?: PaymentRequestKind | undefined;
  status?: PaymentRequestStatus | undefined;
  from?: string | undefined;
  to?: string | undefined;
  limit: number;
  offset: number;
}

/** A player's own requests, newest first. */
export async function playerRequests(
  db: Queryable,
  query: PlayerRequestsQuery,
): Promise<{ totalCount: number; items: PaymentRequest[] }> {
  const params = [
    query.ownerId,
    query.kind ?? null,
    query.status ?? null,
    query.from ? indiaDayStart(query.from) : null,
    query.to ? indiaDayEnd(query.to) : null,
  ];
  // A deposit awaiting a second approval is pending to its player.
  const where = `r.owner_id = $1 AND ($2::text IS NULL OR r.kind = $2)
    AND ($3::text IS NULL OR r.status = $3 OR ($3 = 'PENDING' AND r.status = 'AWAITING_APPROVAL'))
    AND ($4::timestamptz IS NULL OR r.created_at >= $4) AND ($5::timestamptz IS NULL OR r.created_at < $5)`;
  const rows = await db.query<RequestRow>(
    `SELECT ${REQUEST_COLUMNS} FROM ${REQUEST_SOURCE} WHERE ${where}
     ORDER BY r.created_at DESC, r.id DESC LIMIT $6 OFFSET $7`,
    [...params, query.limit, query.offset],
  );
  const [count] = await db.query<{ n: string }>(
    `SELECT count(*)::text AS n FROM payment_requests r WHERE ${where}`,
    params,
  );
  return { totalCount: Number(count?.n ?? 0), items: rows.map(playerRequestView) };
}

export interface QueueQuery {
  /** The brands to list; null: every brand. */
  domains: readonly string[] | null;
  kind: PaymentRequestKind;
  status?: QueueStatus | undefined;
  search?: string | undefined;
  limit: number;
  offset: number;
}

/**
 * Finance's queue: the work to do oldest first (PENDING lists deposits awaiting a second
 * approval too), other lists newest first.
 */
export async function paymentQueue(
  db: Queryable,
  query: QueueQuery,
): Promise<{ totalCount: number; totalAmount: number; items: PaymentQueueItem[] }> {
  const search = query.search?.trim() || null;
  const params = [
    query.domains,
    query.kind,
    query.status ?? null,
    search?.toUpperCase() ?? null,
    search ? `${likeLiteral(search.toLowerCase())}%` : null,
  ];
  const where = `($1::text[] IS NULL OR r.domain = ANY ($1::text[])) AND r.kind = $2
    AND ($3::text IS NULL OR r.status = $3 OR ($3 = 'PENDING' AND r.status = 'AWAITING_APPROVAL'))
    AND ($4::text IS NULL OR upper(r.utr) = $4 OR upper(r.payout_reference) = $4
      OR upper(r.gateway_payment_id) = $4 OR lower(u.user_name) LIKE $5)`;
  const order = query.status === 'PENDING' || query.status === 'AWAITING_APPROVAL' ? 'ASC' : 'DESC';
  const rows = await db.query<RequestRow>(
    `SELECT ${REQUEST_COLUMNS} FROM ${REQUEST_SOURCE} WHERE ${where}
     ORDER BY r.created_at ${order}, r.id ${order} LIMIT $6 OFFSET $7`,
    [...params, query.limit, query.offset],
  );
  const [totals] = await db.query<{ n: string; amount: string }>(
    `SELECT count(*)::text AS n,
       coalesce(sum(coalesce(r.settled_amount_minor, r.amount_minor)), 0)::text AS amount
     FROM payment_requests r JOIN users u ON u.id = r.owner_id WHERE ${where}`,
    params,
  );
  return {
    totalCount: Number(totals?.n ?? 0),
    totalAmount: fromMinorUnits(toMinor(totals?.amount ?? 0)),
    items: rows.map(queueItemView),
  };
}
