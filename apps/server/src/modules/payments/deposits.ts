/**
 * Deposits: a manual deposit (the player paid the brand's UPI id or bank account outside and
 * proves it with the UTR and a screenshot) waits as a PENDING request until finance approves it
 * (crediting the amount, corrected if need be) or rejects it. The credit is one wallet deposit
 * under the request's own idempotency key, in the transaction that marks the request decided,
 * after locking its row: whatever the races, a request is decided once and credited at most once.
 */
import type { z } from 'zod';
import type { createDepositRequestSchema, PaymentRequest } from '@backlay/contract/wallet';
import type { decideDepositRequestSchema } from '@backlay/contract/admin-payments';
import { toMinorUnits } from '@backlay/exchange/money';
import type { Database, Queryable } from '../../db/database';
import { ApiError } from '../../http/api-error';
import type { Player } from '../../http/api-route';
import { assertDepositAllowed, type DepositedSince } from '../responsible-gambling';
import { deposit } from '../wallet';
import { readPaymentSettings, type DepositMethodRow } from './payment-settings';
import { PAYMENT_MESSAGES, assertRealMoney, assertWithinLimits } from './payment-rules';
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
 * What a player deposited since a time, as their deposit limits count it: manual deposits
 * waiting or approved (at the amount credited), gateway payments still open, and those paid
 * (each became an approved request). Rejected, cancelled, failed and expired ones count nothing.
 */
export const depositedSince: DepositedSince = async (db, ownerId, since) => {
  const [row] = await db.query<{ total: string | number }>(
    `SELECT (SELECT coalesce(sum(coalesce(settled_amount_minor, amount_minor)), 0)
             FROM payment_requests WHERE owner_id = $1 AND kind = 'DEPOSIT'
               AND status IN ('PENDING', 'APPROVED') AND created_at >= $2)
          + (SELECT coalesce(sum(amount_minor), 0)
             FROM gateway_payments WHERE owner_id = $1 AND status = 'PENDING'
               AND created_at >= $2) AS total`,
    [ownerId, since],
  );
  return Number(row?.total ?? 0);
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
    row.kind === 'DEPOSIT' && Number(row.amount_minor) === amountMinor && row.utr === input.utr;
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

/**
 * Finance's decision on a pending deposit, in the caller's transaction. `authorize` sees the
 * request's brand before anything changes (the operator's brand scope). Answers the request
 * before and after.
 */
export async function decideDeposit(
  tx: Queryable,
  decision: DepositDecision,
  operatorId: string,
  authorize: (domain: string) => void,
): Promise<{ before: RequestRow; after: RequestRow }> {
  const before = await readRequest(tx, decision.id, { lock: true });
  if (!before || before.kind !== 'DEPOSIT') {
    throw new ApiError('NOT_FOUND', PAYMENT_MESSAGES.unknownRequest);
  }
  authorize(before.domain);
  if (before.status !== 'PENDING') {
    throw new ApiError('CONFLICT', PAYMENT_MESSAGES.decided(before.status));
  }
  if (decision.decision === 'APPROVE') {
    const creditMinor =
      decision.amount === undefined ? Number(before.amount_minor) : toMinorUnits(decision.amount);
    const credited = await deposit(tx, {
      domain: before.domain,
      ownerId: before.owner_id,
      amountMinor: creditMinor,
      idempotencyKey: `deposit:${before.id}`,
      reference: requestReference(before.id),
    });
    if (credited.status !== 'ok') {
      throw new Error(`the deposit of request ${before.id} was refused: ${credited.status}`);
    }
    await tx.query(
      `UPDATE payment_requests SET status = 'APPROVED', settled_amount_minor = $2, note = $3,
         decided_at = now(), decided_by = $4 WHERE id = $1`,
      [
        before.id,
        creditMinor === Number(before.amount_minor) ? null : creditMinor,
        decision.remark ?? null,
        operatorId,
      ],
    );
  } else {
    await tx.query(
      `UPDATE payment_requests SET status = 'REJECTED', note = $2, decided_at = now(),
         decided_by = $3 WHERE id = $1`,
      [before.id, decision.remark ?? null, operatorId],
    );
  }
  const after = await readRequest(tx, before.id);
  if (!after) throw new Error('a decided deposit vanished in its own transaction');
  return { before, after };
}
