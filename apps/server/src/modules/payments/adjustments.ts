/**
 * Manual adjustments: an operator credits or debits a real-money player's cash with a reason
 * (a goodwill credit, a chargeback). Up to the threshold it applies at once; above it, it waits
 * until a second operator approves it (four eyes: the database refuses the same operator), and
 * money moves only then, once, under the adjustment's locked row and its own ledger key.
 */
import type { Adjustment } from '@backlay/contract/admin-payments';
import { fromMinorUnits } from '@backlay/exchange/money';
import type { Queryable } from '../../db/database';
import { ApiError } from '../../http/api-error';
import { adjustBalance, formatRupees } from '../wallet';

export const ADJUSTMENT_MESSAGES = {
  unknown: 'There is no such adjustment.',
  decided: 'This adjustment was already decided.',
  ownApproval: 'A second operator must approve an adjustment you asked for.',
  overdraw: (cashMinor: number) =>
    `The player has ${formatRupees(cashMinor)} in cash: a debit cannot take it below zero.`,
} as const;

interface AdjustmentRow {
  id: string;
  domain: string;
  owner_id: string;
  user_name: string;
  amount_minor: string;
  reason: string;
  status: Adjustment['status'];
  requested_by: string;
  requested_by_name: string;
  decided_by_name: string | null;
  created_at: Date;
  decided_at: Date | null;
}

const SELECT_ADJUSTMENT = `SELECT j.id, j.domain, j.owner_id, u.user_name, j.amount_minor::text,
    j.reason, j.status, j.requested_by, r.user_name AS requested_by_name,
    d.user_name AS decided_by_name, j.created_at, j.decided_at
  FROM payment_adjustments j
  JOIN users u ON u.id = j.owner_id
  JOIN operators r ON r.id = j.requested_by
  LEFT JOIN operators d ON d.id = j.decided_by`;

function view(row: AdjustmentRow): Adjustment {
  return {
    id: row.id,
    domain: row.domain,
    playerId: row.owner_id,
    userName: row.user_name,
    amount: fromMinorUnits(Number(row.amount_minor)),
    reason: row.reason,
    status: row.status,
    requestedBy: row.requested_by_name,
    decidedBy: row.decided_by_name,
    createdAt: row.created_at.toISOString(),
    decidedAt: row.decided_at?.toISOString() ?? null,
  };
}

async function readAdjustment(tx: Queryable, id: string): Promise<AdjustmentRow | null> {
  const [row] = await tx.query<AdjustmentRow>(`${SELECT_ADJUSTMENT} WHERE j.id = $1`, [id]);
  return row ?? null;
}

/** Posts the adjustment's money; a debit beyond the player's cash is refused. */
async function apply(
  tx: Queryable,
  row: { id: string; domain: string; owner_id: string; amount_minor: string },
) {
  const moved = await adjustBalance(tx, {
    domain: row.domain,
    ownerId: row.owner_id,
    deltaMinor: Number(row.amount_minor),
    idempotencyKey: `adjustment:${row.id}`,
    reference: `adjustment:${row.id}`,
  });
  if (moved.status === 'insufficient_funds') {
    throw new ApiError('VALIDATION_FAILED', ADJUSTMENT_MESSAGES.overdraw(moved.balanceMinor));
  }
  if (moved.status !== 'ok') throw new Error(`adjustment ${row.id} was refused: ${moved.status}`);
}

/** Records an adjustment of a real-money player, applied at once up to `approvalAboveMinor`. */
export async function createAdjustment(
  tx: Queryable,
  request: {
    domain: string;
    ownerId: string;
    amountMinor: number;
    reason: string;
    operatorId: string;
    approvalAboveMinor: number;
  },
): Promise<Adjustment> {
  const waits = Math.abs(request.amountMinor) > request.approvalAboveMinor;
  const [created] = await tx.query<{ id: string }>(
    `INSERT INTO payment_adjustments (domain, owner_id, amount_minor, reason, status, requested_by)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [
      request.domain,
      request.ownerId,
      request.amountMinor,
      request.reason,
      waits ? 'AWAITING_APPROVAL' : 'APPLIED',
      request.operatorId,
    ],
  );
  if (!created) throw new Error('an adjustment was not written');
  if (!waits) {
    await apply(tx, {
      id: created.id,
      domain: request.domain,
      owner_id: request.ownerId,
      amount_minor: String(request.amountMinor),
    });
    await tx.query('UPDATE payment_adjustments SET decided_at = now() WHERE id = $1', [created.id]);
  }
  const row = await readAdjustment(tx, created.id);
  if (!row) throw new Error('an adjustment vanished in its own transaction');
  return view(row);
}

/** A second operator's decision on an adjustment awaiting approval. */
export async function decideAdjustment(
  tx: Queryable,
  decision: { id: string; approve: boolean; operatorId: string },
  authorize: (domain: string) => void,
): Promise<{ before: Adjustment; after: Adjustment }> {
  await tx.query('SELECT 1 FROM payment_adjustments WHERE id = $1 FOR UPDATE', [decision.id]);
  const row = await readAdjustment(tx, decision.id);
  if (!row) throw new ApiError('NOT_FOUND', ADJUSTMENT_MESSAGES.unknown);
  authorize(row.domain);
  if (row.status !== 'AWAITING_APPROVAL')
    throw new ApiError('CONFLICT', ADJUSTMENT_MESSAGES.decided);
  if (row.requested_by === decision.operatorId) {
    throw new ApiError('FORBIDDEN', ADJUSTMENT_MESSAGES.ownApproval);
  }
  if (decision.approve) await apply(tx, row);
  await tx.query(
    `UPDATE payment_adjustments SET status = $2, decided_by = $3, decided_at = now() WHERE id = $1`,
    [row.id, decision.approve ? 'APPLIED' : 'REJECTED', decision.operatorId],
  );
  const after = await readAdjustment(tx, row.id);
  if (!after) throw new Error('an adjustment vanished in its own transaction');
  return { before: view(row), after: view(after) };
}

/** Adjustments of the given brands (null: all), newest first. */
export async function listAdjustments(
  db: Queryable,
  query: { domains: readonly string[] | null; status?: Adjustment['status'] | undefined },
): Promise<Adjustment[]> {
  const rows = await db.query<AdjustmentRow>(
    `${SELECT_ADJUSTMENT}
     WHERE ($1::text[] IS NULL OR j.domain = ANY ($1::text[])) AND ($2::text IS NULL OR j.status = $2)
     ORDER BY j.created_at DESC, j.id DESC LIMIT 200`,
    [query.domains, query.status ?? null],
  );
  return rows.map(view);
}
