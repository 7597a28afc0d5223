/**
 * Manual adjustments: an operator credits or debits a real-money player's cash with a reason
 * (a goodwill credit, a chargeback). Each carries the console's idempotency key, so a replay
 * (sent again, or many at once) is the same adjustment. What one operator adjusts for one player
 * over the window, either way, counts toward the threshold: up to it an adjustment applies at
 * once; past it, it waits until a second operator approves it (four eyes: the database refuses
 * the same operator), and money moves only then, once, under the adjustment's locked row and
 * its own ledger key (`ADJUSTMENT_STATES`).
 */
import type { Adjustment } from '@backlay/contract/admin-payments';
import { fromMinorUnits } from '@backlay/exchange/money';
import type { Queryable } from '../../db/database';
import { applyMove } from '../../db/state-machine';
import { ApiError } from '../../http/api-error';
import { adjustBalance, formatRupees, toMinor } from '../wallet';
import { ADJUSTMENT_STATES } from './payment-states';
import { adjustmentNeedsSecondApproval, type SecondApprovalRules } from './second-approval';

export const ADJUSTMENT_MESSAGES = {
  ownApproval: 'A second operator must approve an adjustment you asked for.',
  keyReused: 'This adjustment key was already used for another adjustment.',
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
  idempotency_key: string;
  decided_by_name: string | null;
  created_at: Date;
  decided_at: Date | null;
}

const SELECT_ADJUSTMENT = `SELECT j.id, j.domain, j.owner_id, u.user_name, j.amount_minor::text,
    j.reason, j.status, j.requested_by, r.user_name AS requested_by_name, j.idempotency_key,
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
    amount: fromMinorUnits(toMinor(row.amount_minor)),
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
async function apply(tx: Queryable, row: AdjustmentRow): Promise<void> {
  const moved = await adjustBalance(tx, {
    domain: row.domain,
    ownerId: row.owner_id,
    deltaMinor: toMinor(row.amount_minor),
    idempotencyKey: `adjustment:${row.id}`,
    reference: `adjustment:${row.id}`,
  });
  if (moved.status === 'insufficient_funds') {
    throw new ApiError('VALIDATION_FAILED', ADJUSTMENT_MESSAGES.overdraw(moved.balanceMinor));
  }
  if (moved.status !== 'ok') throw new Error(`adjustment ${row.id} was refused: ${moved.status}`);
}

export interface NewAdjustment {
  domain: string;
  ownerId: string;
  amountMinor: number;
  reason: string;
  operatorId: string;
  idempotencyKey: string;
}

/**
 * The adjustment this operator already made with this key: the same one again (a replay), or
 * a conflict when the key came with another request.
 */
async function replayed(tx: Queryable, request: NewAdjustment): Promise<Adjustment | null> {
  const [row] = await tx.query<AdjustmentRow>(
    `${SELECT_ADJUSTMENT} WHERE j.requested_by = $1 AND j.idempotency_key = $2`,
    [request.operatorId, request.idempotencyKey],
  );
  if (!row) return null;
  const same =
    row.owner_id === request.ownerId &&
    toMinor(row.amount_minor) === request.amountMinor &&
    row.reason === request.reason;
  if (!same) throw new ApiError('CONFLICT', ADJUSTMENT_MESSAGES.keyReused);
  return view(row);
}

/**
 * What `operatorId` adjusted for `ownerId` over the last `hours`, either way: applied and
 * awaiting adjustments, in absolute minor units.
 */
async function adjustedInWindow(
  tx: Queryable,
  operatorId: string,
  ownerId: string,
  hours: number,
): Promise<number> {
  const [row] = await tx.query<{ total: string }>(
    `SELECT coalesce(sum(abs(amount_minor)), 0)::text AS total FROM payment_adjustments
     WHERE requested_by = $1 AND owner_id = $2 AND status IN ('APPLIED', 'AWAITING_APPROVAL')
       AND created_at > now() - make_interval(hours => $3)`,
    [operatorId, ownerId, hours],
  );
  return toMinor(row?.total ?? 0);
}

/**
 * Records an adjustment of a real-money player, or answers the one its key already made
 * (`created` false: nothing new was written). It is applied at once unless what its operator
 * adjusted for the player over the window, with it, passes the threshold.
 */
export async function createAdjustment(
  tx: Queryable,
  request: NewAdjustment,
  rules: SecondApprovalRules,
): Promise<{ adjustment: Adjustment; created: boolean }> {
  const again = await replayed(tx, request);
  if (again) return { adjustment: again, created: false };
  // One operator's adjustments of one player are counted and written one at a time, so a burst
  // sent at once cannot each find the window short of the threshold.
  await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [
    `adjustment-window:${request.operatorId}:${request.ownerId}`,
  ]);
  const adjusted = await adjustedInWindow(
    tx,
    request.operatorId,
    request.ownerId,
    rules.adjustmentWindowHours,
  );
  // A same-key request that was waiting for the lock finds the first one's row here.
  const [created] = await tx.query<{ id: string }>(
    `INSERT INTO payment_adjustments (domain, owner_id, amount_minor, reason, status,
       requested_by, idempotency_key)
     VALUES ($1, $2, $3, $4, 'AWAITING_APPROVAL', $5, $6)
     ON CONFLICT (requested_by, idempotency_key) DO NOTHING RETURNING id`,
    [
      request.domain,
      request.ownerId,
      request.amountMinor,
      request.reason,
      request.operatorId,
      request.idempotencyKey,
    ],
  );
  if (!created) {
    const raced = await replayed(tx, request);
    if (!raced) throw new Error('an adjustment key conflicted with nothing');
    return { adjustment: raced, created: false };
  }
  if (!adjustmentNeedsSecondApproval(adjusted, request.amountMinor, rules)) {
    // Within what one operator may do alone: applied at once, with nobody's approval.
    await applyMove(tx, ADJUSTMENT_STATES, {
      id: created.id,
      to: 'APPLIED',
      read: readAdjustment,
      effect: (row) => apply(tx, row),
    });
  }
  const row = await readAdjustment(tx, created.id);
  if (!row) throw new Error('an adjustment vanished in its own transaction');
  return { adjustment: view(row), created: true };
}

/** A second operator's decision on an adjustment awaiting approval. */
export async function decideAdjustment(
  tx: Queryable,
  decision: { id: string; approve: boolean; operatorId: string },
  authorize: (domain: string) => void,
): Promise<{ before: Adjustment; after: Adjustment }> {
  const { before, after } = await applyMove(tx, ADJUSTMENT_STATES, {
    id: decision.id,
    to: decision.approve ? 'APPLIED' : 'REJECTED',
    read: readAdjustment,
    guard: (row) => authorize(row.domain),
    effect: async (row) => {
      if (row.requested_by === decision.operatorId) {
        throw new ApiError('FORBIDDEN', ADJUSTMENT_MESSAGES.ownApproval);
      }
      if (decision.approve) await apply(tx, row);
    },
    set: { decided_by: decision.operatorId },
  });
  return { before: view(before), after: view(after) };
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
