/**
 * Withdrawals: the accounts a player saves to be paid to, and requests to be paid. Asking holds
 * the amount at once (cash → held withdrawals, one wallet transfer in the transaction that writes
 * the request), so the player's available balance drops and nothing can spend it twice: a bet
 * racing the request locks the same cash row and one of them finds the money gone. The player
 * may cancel while it is pending; finance marks it paid (held → payment clearing) or rejects it
 * (held → cash). Each of those moves under the request's locked row and its own key, once.
 */
import type { z } from 'zod';
import type {
  addWithdrawalAccountSchema,
  createWithdrawalRequestSchema,
  PaymentRequest,
  WithdrawalAccount,
} from '@backlay/contract/wallet';
import type { decideWithdrawalRequestSchema } from '@backlay/contract/admin-payments';
import { toMinorUnits } from '@backlay/exchange/money';
import type { Database, Queryable } from '../../db/database';
import { ApiError } from '../../http/api-error';
import type { Player } from '../../http/api-route';
import { applyMove } from '../../db/state-machine';
import {
  holdWithdrawal,
  payOutWithdrawal,
  releaseWithdrawal,
  formatRupees,
  toMinor,
} from '../wallet';
import { requestReference } from './deposits';
import { readPaymentSettings } from './payment-settings';
import { PAYMENT_MESSAGES, assertRealMoney, assertWithinLimits } from './payment-rules';
import { WITHDRAWAL_REQUEST_STATES } from './payment-states';
import { playerRequestView, readRequest, type RequestRow } from './request-views';

/** A player may keep this many withdrawal accounts. */
export const MAX_WITHDRAWAL_ACCOUNTS = 5;

interface AccountRow {
  id: string;
  kind: 'BANK' | 'UPI';
  details: Record<string, string>;
}

function accountView(row: AccountRow): WithdrawalAccount {
  const d = row.details;
  return row.kind === 'BANK'
    ? {
        id: row.id,
        kind: 'BANK',
        holderName: d.holderName ?? '',
        bankName: d.bankName ?? '',
        accountNumber: `····${(d.accountNumber ?? '').slice(-4)}`,
        ifsc: d.ifsc ?? '',
      }
    : { id: row.id, kind: 'UPI', holderName: d.holderName ?? '', upiId: d.upiId ?? '' };
}

/** How the player reads the account (masked), and how finance reads it (in full, to pay it). */
function describeAccount(row: AccountRow): { label: string; detail: string } {
  const d = row.details;
  return row.kind === 'BANK'
    ? {
        label: `${d.bankName} ····${(d.accountNumber ?? '').slice(-4)}`,
        detail: `${d.holderName}, ${d.bankName}, A/c ${d.accountNumber}, IFSC ${d.ifsc}`,
      }
    : { label: `UPI ${d.upiId}`, detail: `UPI ${d.upiId} (${d.holderName})` };
}

/** The player's saved withdrawal accounts, oldest first. */
export async function withdrawalAccounts(
  db: Queryable,
  ownerId: string,
): Promise<WithdrawalAccount[]> {
  const rows = await db.query<AccountRow>(
    `SELECT id, kind, details FROM withdrawal_accounts
     WHERE owner_id = $1 AND removed_at IS NULL ORDER BY created_at, id`,
    [ownerId],
  );
  return rows.map(accountView);
}

export type NewWithdrawalAccount = z.output<typeof addWithdrawalAccountSchema>;

/** Saves a withdrawal account (the same one twice is answered, not duplicated). */
export async function addWithdrawalAccount(
  db: Database,
  player: Player,
  input: NewWithdrawalAccount,
): Promise<WithdrawalAccount> {
  assertRealMoney(player);
  const details =
    input.kind === 'BANK'
      ? {
          holderName: input.holderName,
          bankName: input.bankName,
          accountNumber: input.accountNumber,
          ifsc: input.ifsc,
        }
      : { holderName: input.holderName, upiId: input.upiId.toLowerCase() };
  return db.transaction(async (tx) => {
    // One player's accounts are counted under a lock on the player, so a burst cannot pass the cap.
    await tx.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [player.id]);
    const rows = await tx.query<AccountRow>(
      `SELECT id, kind, details FROM withdrawal_accounts
       WHERE owner_id = $1 AND removed_at IS NULL`,
      [player.id],
    );
    const same = rows.find(
      (row) =>
        row.kind === input.kind &&
        (input.kind === 'BANK'
          ? row.details.accountNumber === details.accountNumber && row.details.ifsc === details.ifsc
          : row.details.upiId === details.upiId),
    );
    if (same) return accountView(same);
    if (rows.length >= MAX_WITHDRAWAL_ACCOUNTS) {
      throw new ApiError(
        'VALIDATION_FAILED',
        `You can keep at most ${MAX_WITHDRAWAL_ACCOUNTS} withdrawal accounts. Remove one first.`,
      );
    }
    const [created] = await tx.query<AccountRow>(
      `INSERT INTO withdrawal_accounts (domain, owner_id, kind, details) VALUES ($1, $2, $3, $4)
       RETURNING id, kind, details`,
      [player.domain, player.id, input.kind, JSON.stringify(details)],
    );
    if (!created) throw new Error('a withdrawal account was not written');
    return accountView(created);
  });
}

/** Hides a saved account; requests made to it keep naming it. */
export async function removeWithdrawalAccount(
  db: Queryable,
  player: Player,
  id: string,
): Promise<void> {
  const removed = await db.query(
    `UPDATE withdrawal_accounts SET removed_at = now()
     WHERE id = $1 AND owner_id = $2 AND removed_at IS NULL RETURNING id`,
    [id, player.id],
  );
  if (removed.length === 0) throw new ApiError('NOT_FOUND', PAYMENT_MESSAGES.accountUnknown);
}

export type WithdrawalInput = z.output<typeof createWithdrawalRequestSchema>;

/** `DepositWithdrawal/CreateWithdrawal`: holds the amount and records the request. */
export async function createWithdrawal(
  db: Database,
  player: Player,
  input: WithdrawalInput,
): Promise<PaymentRequest> {
  assertRealMoney(player);
  const amountMinor = toMinorUnits(input.amount);
  return db.transaction(async (tx) => {
    const [existing] = await tx.query<{ id: string }>(
      'SELECT id FROM payment_requests WHERE owner_id = $1 AND idempotency_key = $2',
      [player.id, input.idempotencyKey],
    );
    if (existing) return replayedWithdrawal(tx, existing.id, amountMinor, input);
    const settings = await readPaymentSettings(tx, player.domain);
    assertWithinLimits('withdrawal', amountMinor, settings.limits);
    const [account] = await tx.query<AccountRow>(
      `SELECT id, kind, details FROM withdrawal_accounts
       WHERE id = $1 AND owner_id = $2 AND removed_at IS NULL`,
      [input.withdrawalAccountId, player.id],
    );
    if (!account) throw new ApiError('VALIDATION_FAILED', PAYMENT_MESSAGES.accountUnknown);
    const { label, detail } = describeAccount(account);
    const [created] = await tx.query<{ id: string }>(
      `INSERT INTO payment_requests (domain, owner_id, kind, status, channel, amount_minor,
         withdrawal_account_id, account_label, account_detail, idempotency_key)
       VALUES ($1, $2, 'WITHDRAWAL', 'PENDING', $3, $4, $5, $6, $7, $8)
       ON CONFLICT DO NOTHING RETURNING id`,
      [
        player.domain,
        player.id,
        account.kind,
        amountMinor,
        account.id,
        label,
        detail,
        input.idempotencyKey,
      ],
    );
    // A same-key request committed while this one waited on the key's index entry.
    if (!created) {
      const [raced] = await tx.query<{ id: string }>(
        'SELECT id FROM payment_requests WHERE owner_id = $1 AND idempotency_key = $2',
        [player.id, input.idempotencyKey],
      );
      if (!raced) throw new Error('a withdrawal request conflicted with nothing');
      return replayedWithdrawal(tx, raced.id, amountMinor, input);
    }
    const held = await holdWithdrawal(tx, {
      domain: player.domain,
      ownerId: player.id,
      amountMinor,
      idempotencyKey: `withdrawal-hold:${created.id}`,
      reference: requestReference(created.id),
    });
    if (held.status === 'insufficient_funds') {
      // Throwing rolls the request back with the hold: nothing was asked for.
      throw new ApiError(
        'VALIDATION_FAILED',
        `You can withdraw at most ${formatRupees(held.balanceMinor)} now: the rest is held for open bets or pending withdrawals.`,
      );
    }
    if (held.status !== 'ok') throw new Error(`a withdrawal hold was refused: ${held.status}`);
    const row = await readRequest(tx, created.id);
    if (!row) throw new Error('a withdrawal request vanished in its own transaction');
    return playerRequestView(row);
  });
}

async function replayedWithdrawal(
  tx: Queryable,
  id: string,
  amountMinor: number,
  input: WithdrawalInput,
): Promise<PaymentRequest> {
  const row = await readRequest(tx, id);
  if (
    !row ||
    row.kind !== 'WITHDRAWAL' ||
    toMinor(row.amount_minor) !== amountMinor ||
    row.withdrawal_account_id !== input.withdrawalAccountId
  ) {
    throw new ApiError('CONFLICT', PAYMENT_MESSAGES.idempotencyConflict);
  }
  return playerRequestView(row);
}

/** The money of a withdrawal that ends unpaid: its hold returns to the player's cash. */
async function returnHold(tx: Queryable, row: RequestRow): Promise<void> {
  const released = await releaseWithdrawal(tx, {
    domain: row.domain,
    ownerId: row.owner_id,
    amountMinor: toMinor(row.amount_minor),
    idempotencyKey: `withdrawal-release:${row.id}`,
    reference: requestReference(row.id),
  });
  if (released.status !== 'ok') {
    throw new Error(`the hold of withdrawal ${row.id} did not return: ${released.status}`);
  }
}

/** The money of a withdrawal paid out: its hold goes to payment clearing. */
async function payOut(tx: Queryable, row: RequestRow): Promise<void> {
  const paid = await payOutWithdrawal(tx, {
    domain: row.domain,
    ownerId: row.owner_id,
    amountMinor: toMinor(row.amount_minor),
    idempotencyKey: `withdrawal-payout:${row.id}`,
    reference: requestReference(row.id),
  });
  if (paid.status !== 'ok')
    throw new Error(`withdrawal ${row.id} was not paid out: ${paid.status}`);
}

/** `DepositWithdrawal/CancelWithdrawal`: the player takes back a pending withdrawal. */
export async function cancelWithdrawal(
  db: Database,
  player: Player,
  id: string,
): Promise<PaymentRequest> {
  return db.transaction(async (tx) => {
    const { after } = await applyMove(tx, WITHDRAWAL_REQUEST_STATES, {
      id,
      to: 'CANCELLED',
      read: (q, requestId) => readRequest(q, requestId),
      guard: (row) => {
        if (row.owner_id !== player.id) {
          throw new ApiError('NOT_FOUND', PAYMENT_MESSAGES.unknownRequest);
        }
      },
      effect: (row) => returnHold(tx, row),
    });
    return playerRequestView(after);
  });
}

export type WithdrawalDecision = z.output<typeof decideWithdrawalRequestSchema>;

/** Finance's decision on a pending withdrawal, in the caller's transaction. */
export async function decideWithdrawal(
  tx: Queryable,
  decision: WithdrawalDecision,
  operatorId: string,
  authorize: (domain: string) => void,
): Promise<{ before: RequestRow; after: RequestRow }> {
  const paid = decision.decision === 'PAID';
  return applyMove(tx, WITHDRAWAL_REQUEST_STATES, {
    id: decision.id,
    to: paid ? 'APPROVED' : 'REJECTED',
    read: (q, id) => readRequest(q, id),
    guard: (row) => authorize(row.domain),
    effect: (row) => (paid ? payOut(tx, row) : returnHold(tx, row)),
    set: {
      note: decision.remark ?? null,
      decided_by: operatorId,
      ...(paid ? { payout_reference: decision.payoutReference ?? null } : {}),
    },
  });
}
