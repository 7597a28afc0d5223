/**
 * Deposits: a manual deposit (the player paid the brand's UPI id or bank account outside and
 * proves it with the UTR and a screenshot) waits as a PENDING request until finance approves it
 * (crediting the amount, corrected if need be) or rejects it; a correction well above what the
 * player asked for waits for a second operator. The credit is one wallet deposit under the
 * request's own idempotency key, in the transaction that marks the request decided, after locking
 * its row (`DEPOSIT_REQUEST_STATES`): whatever the races, a request is decided once and credited
 * at most once.
 */
import type { z } from 'zod';
import type { createDepositRequestSchema, PaymentRequest } from '@backlay/contract/wallet';
import type { decideDepositRequestSchema, QueueStatus } from '@backlay/contract/admin-payments';
import { toMinorUnits } from '@backlay/exchange/money';
import type { Database, Queryable } from '../../db/database';
import { applyMove, NOW } from '../../db/state-machine';
import { ApiError } from '../../http/api-error';
import type { Player } from '../../http/api-route';
import { assertDepositAllowed, type DepositedSince } from '../responsible-gambling';
import { deposit, toMinor } from '../wallet';
import { readPaymentSettings, type DepositMethodRow } from './payment-settings';
import { PAYMENT_MESSAGES, assertRealMoney, assertWithinLimits } from './payment-rules';
import { DEPOSIT_REQUEST_STATES } from './payment-states';
import { depositNeedsSecondApproval, type SecondApprovalRules } from './second-approval';
import { playerRequestView, readRequest, type RequestRow } from './request-views';

export type DepositInput = z.output<typeof createDepositRequestSchema>;

/** How the player reads the account they paid, and how finance reads it. */
function describeMethod(method: DepositMethodRow): { label: string; detail: string } {
  return method.kind === 'UPI'
    ? { label: `UPI ${method.upiId}`, detail: `UPI ${method.upiId} (${method.payeeName})` }
    : {
        label: `${method.bankName} ····${method.accountNumber.slice(-4)}`,
        detail: `${method.bankName}, ${method.accountName}, A/c ${method.accountNumber}, IFSC ${method.ifsc}`,
      };
}

/** The ledger key and reference of a request's money. */
export function requestReference(requestId: string): string {
  return `request:${requestId}`;
}

/** A request already made with this key: the same one again, or a conflict. */
async function replayed(
  tx: Queryable,
  ownerId: string,
  idempotencyKey: string,
  same: (row: RequestRow) => boolean,
): Promise<PaymentRequest | null> {
  const [existing] = await tx.query<{ id: string }>(
    'SELECT id FROM payment_requests WHERE owner_id = $1 AND idempotency_key = $2',
    [ownerId, idempotencyKey],
  );
  if (!existing) return null;
  const row = await readRequest(tx, existing.id);
  if (!row || !same(row)) throw new ApiError('CONFLICT', PAYMENT_MESSAGES.idempotencyConflict);
  return playerRequestView(row);
}

/**
 * What a player deposited since a time, as their deposit limits count it at `now`: manual
 * deposits waiting, awaiting a second approval (at the amount proposed) or approved (at the
 * amount credited), gateway payments that can still be paid, and those paid (each became an
 * approved request). Rejected, cancelled, failed and expired ones count nothing.
 * A gateway payment stays PENDING here until the gateway tells us how it ended (a webhook, a
 * check, the reconciliation), which may be late or never (a gateway that stopped answering,
 * a payment older than the reconciliation looks back). Past its expiry (the gateway's own, as it
 * answered when the payment was made) nobody can pay it any more, so from that moment it counts
 * nothing; one paid before then counts again once its credit is recorded, and a new deposit asks
 * the gateway about such payments before its check (`settleLapsedPayments`).
 * A gateway payment paid with another amount counts, while finance reviews it, at the lesser of
 * the amounts asked and paid (never more than the limits let through when it started, nor more
 * than arrived); once decided, at what was credited (its request is approved) or nothing.
 */
export const depositedSince: DepositedSince = async (db, ownerId, since, now) => {
  const [row] = await db.query<{ total: string | number }>(
    `SELECT (SELECT coalesce(sum(coalesce(settled_amount_minor, proposed_amount_minor,
               amount_minor)), 0)
             FROM payment_requests WHERE owner_id = $1 AND kind = 'DEPOSIT'
               AND status IN ('PENDING', 'AWAITING_APPROVAL', 'APPROVED') AND created_at >= $2)
          + (SELECT coalesce(sum(CASE WHEN status = 'UNDER_REVIEW'
                 THEN least(amount_minor, paid_amount_minor) ELSE amount_minor END), 0)
             FROM gateway_payments WHERE owner_id = $1 AND created_at >= $2
               AND (status = 'UNDER_REVIEW' OR (status = 'PENDING' AND expires_at > $3))) AS total`,
    [ownerId, since, now],
  );
  return toMinor(row?.total ?? 0);
};

/** `DepositWithdrawal/CreateDeposit`: records a manual deposit for finance to check. */
export async function createManualDeposit(
  db: Database,
  player: Player,
  input: DepositInput,
  now: Date,
): Promise<PaymentRequest> {
  assertRealMoney(player);
  const amountMinor = toMinorUnits(input.amount);
  const same = (row: RequestRow) =>
    row.kind === 'DEPOSIT' && toMinor(row.amount_minor) === amountMinor && row.utr === input.utr;
  return db.transaction(async (tx) => {
    const again = await replayed(tx, player.id, input.idempotencyKey, same);
    if (again) return again;
    const settings = await readPaymentSettings(tx, player.domain);
    assertWithinLimits('deposit', amountMinor, settings.limits);
    const method = settings.methods.find((m) => m.id === input.methodId && m.active);
    if (!method) throw new ApiError('VALIDATION_FAILED', PAYMENT_MESSAGES.methodUnknown);
    const [slip] = await tx.query(
      'SELECT 1 FROM stored_images WHERE id = $1 AND owner_id = $2 AND domain = $3',
      [input.slipId, player.id, player.domain],
    );
    if (!slip) throw new ApiError('VALIDATION_FAILED', PAYMENT_MESSAGES.slipUnknown);
    // The player's own limits, last: their rows stay locked until this request is written.
    await assertDepositAllowed(tx, player.id, amountMinor, depositedSince, now);
    const { label, detail } = describeMethod(method);
    // Any unique index may refuse: the key (a same-key request racing this one), the UTR, the slip.
    const [created] = await tx.query<{ id: string }>(
      `INSERT INTO payment_requests (domain, owner_id, kind, status, channel, amount_minor,
         method_id, account_label, account_detail, utr, slip_id, idempotency_key)
       VALUES ($1, $2, 'DEPOSIT', 'PENDING', $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT DO NOTHING RETURNING id`,
      [
        player.domain,
        player.id,
        method.kind,
        amountMinor,
        method.id,
        label,
        detail,
        input.utr,
        input.slipId,
        input.idempotencyKey,
      ],
    );
    if (created) {
      const row = await readRequest(tx, created.id);
      if (!row) throw new Error('a deposit request vanished in its own transaction');
      return playerRequestView(row);
    }
    const sameKey = await replayed(tx, player.id, input.idempotencyKey, same);
    if (sameKey) return sameKey;
    const [utrTaken] = await tx.query(
      'SELECT 1 FROM payment_requests WHERE domain = $1 AND utr = $2',
      [player.domain, input.utr],
    );
    throw new ApiError('CONFLICT', utrTaken ? PAYMENT_MESSAGES.utrUsed : PAYMENT_MESSAGES.slipUsed);
  });
}

export type DepositDecision = z.output<typeof decideDepositRequestSchema>;

/** What a deposit decision needs besides the decision: the second-approval rules, the time. */
export interface DepositDecisionContext {
  operatorId: string;
  /** Sees the request's brand before anything changes (the operator's brand scope). */
  authorize: (domain: string) => void;
  approval: SecondApprovalRules;
  now: Date;
}

/** Credits a deposit request's amount, once: the ledger key is the request's. */
async function credit(tx: Queryable, row: RequestRow, amountMinor: number): Promise<void> {
  const credited = await deposit(tx, {
    domain: row.domain,
    ownerId: row.owner_id,
    amountMinor,
    idempotencyKey: `deposit:${row.id}`,
    reference: requestReference(row.id),
  });
  if (credited.status !== 'ok') {
    throw new Error(`the deposit of request ${row.id} was refused: ${credited.status}`);
  }
}

/**
 * The player's own deposit limits, for what a correction adds to what was already counted:
 * the operator reads why the player's limit refuses it.
 */
async function assertCorrectionAllowed(
  tx: Queryable,
  row: RequestRow,
  increaseMinor: number,
  now: Date,
): Promise<void> {
  try {
    await assertDepositAllowed(tx, row.owner_id, increaseMinor, depositedSince, now);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    throw new ApiError('VALIDATION_FAILED', PAYMENT_MESSAGES.overPlayerLimit(error.message));
  }
}

/**
 * Finance's decision on a deposit, in the caller's transaction; answers the request before and
 * after. Rejecting ends it. Approving credits the amount asked for, or the corrected one; a
 * correction above what the player asked by more than the tolerance only proposes the amount
 * (AWAITING_APPROVAL), and a different operator's approval credits it. A correction upwards
 * must fit the player's own deposit limits.
 */
export async function decideDeposit(
  tx: Queryable,
  decision: DepositDecision,
  context: DepositDecisionContext,
): Promise<{ before: RequestRow; after: RequestRow }> {
  const read = (q: Queryable, id: string) => readRequest(q, id);
  const guard = (row: RequestRow) => context.authorize(row.domain);
  const note = decision.remark ?? null;
  if (decision.decision === 'REJECT') {
    return applyMove(tx, DEPOSIT_REQUEST_STATES, {
      id: decision.id,
      to: 'REJECTED',
      read,
      guard,
      set: { note, decided_by: context.operatorId },
    });
  }
  const askedMinor = (row: RequestRow) => toMinor(row.amount_minor);
  const creditMinor = (row: RequestRow) =>
    decision.amount === undefined ? askedMinor(row) : toMinorUnits(decision.amount);
  // A second approval names the proposal it approves: an operator who decided from an older
  // view (the deposit still pending) is refused rather than taken for the second operator.
  const confirming = decision.proposedAmount !== undefined;
  const target = (row: RequestRow): QueueStatus => {
    if (row.status === 'AWAITING_APPROVAL') return confirming ? 'APPROVED' : 'AWAITING_APPROVAL';
    return row.status === 'PENDING' &&
      depositNeedsSecondApproval(askedMinor(row), creditMinor(row), context.approval)
      ? 'AWAITING_APPROVAL'
      : 'APPROVED';
  };
  return applyMove(tx, DEPOSIT_REQUEST_STATES, {
    id: decision.id,
    to: target,
    read,
    guard: (row) => {
      guard(row);
      if (confirming && row.status === 'PENDING') {
        throw new ApiError('CONFLICT', PAYMENT_MESSAGES.noProposal);
      }
    },
    effect: async (row) => {
      if (row.status === 'AWAITING_APPROVAL') {
        // The second approval: someone else than the proposer, for the amount proposed.
        const proposedMinor = toMinor(row.proposed_amount_minor);
        if (row.proposed_by === context.operatorId) {
          throw new ApiError('FORBIDDEN', PAYMENT_MESSAGES.ownProposal);
        }
        if (toMinorUnits(decision.proposedAmount ?? 0) !== proposedMinor) {
          throw new ApiError('CONFLICT', PAYMENT_MESSAGES.otherProposal(proposedMinor));
        }
        await credit(tx, row, proposedMinor);
        return {
          settled_amount_minor: proposedMinor === askedMinor(row) ? null : proposedMinor,
          note: note ?? row.note,
          decided_by: context.operatorId,
        };
      }
      const amountMinor = creditMinor(row);
      if (amountMinor > askedMinor(row)) {
        await assertCorrectionAllowed(tx, row, amountMinor - askedMinor(row), context.now);
      }
      if (target(row) === 'AWAITING_APPROVAL') {
        return {
          proposed_amount_minor: amountMinor,
          proposed_by: context.operatorId,
          proposed_at: NOW,
          note,
        };
      }
      await credit(tx, row, amountMinor);
      return {
        settled_amount_minor: amountMinor === askedMinor(row) ? null : amountMinor,
        note,
        decided_by: context.operatorId,
      };
    },
  });
}
