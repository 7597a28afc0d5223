import { createAdjustmentRoute } from '@backlay/contract/admin-calls';
import type { AdminRequest } from '../../../shared/api/call-admin';
import { requestErrors, type FieldErrors } from '../../../shared/forms/request-errors';
import { typedAmount } from './typed-input';

type CreateInput = AdminRequest<typeof createAdjustmentRoute>;

/** An adjustment as the operator asks for it, before it is given its idempotency key. */
export type AdjustmentSubmission = Omit<CreateInput, 'idempotencyKey'>;

/** Which way the money goes: a credit adds to the player's cash, a debit takes from it. */
export type Direction = 'credit' | 'debit';

/** The adjustment form's fields, as typed. */
export interface AdjustmentFields {
  /** The chosen player's id; empty until one is chosen. */
  playerId: string;
  direction: Direction;
  /** Rupees without a sign: the direction gives it. */
  amount: string;
  reason: string;
}

export const EMPTY_ADJUSTMENT: AdjustmentFields = {
  playerId: '',
  direction: 'credit',
  amount: '',
  reason: '',
};

export const ADJUSTMENT_MESSAGES = {
  choosePlayer: 'Choose the player',
  unsigned: 'Enter the amount above zero: Credit or Debit says which way it goes',
} as const;

/**
 * A new idempotency key: 32 random hex digits. `getRandomValues` is used rather than
 * `randomUUID`, which browsers offer only on secure (https) pages.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function sameSubmission(a: AdjustmentSubmission, b: AdjustmentSubmission): boolean {
  return a.playerId === b.playerId && a.amount === b.amount && a.reason === b.reason;
}

/**
 * Keys the form's submissions: one key per adjustment, and the same key again when the operator
 * sends the very same adjustment after an attempt that did not succeed (an error, a lost
 * answer), so the server applies it at most once. A success, or any change to the adjustment,
 * starts a new key.
 */
export class AdjustmentKeys {
  private unfinished: { submission: AdjustmentSubmission; key: string } | null = null;

  constructor(private readonly generate: () => string = newIdempotencyKey) {}

  /** The key to send a submission with. */
  keyFor(submission: AdjustmentSubmission): string {
    if (this.unfinished && sameSubmission(this.unfinished.submission, submission)) {
      return this.unfinished.key;
    }
    return this.generate();
  }

  /** Records a submission as sent with `key`, until it succeeds. */
  sent(submission: AdjustmentSubmission, key: string): void {
    this.unfinished = { submission, key };
  }

  /** The submission succeeded: the next one, even the same again, is a new adjustment. */
  succeeded(): void {
    this.unfinished = null;
  }
}

/**
 * The request the fields make, keyed by `keys`, with what to fix before it is sent: the form's
 * own checks (a player chosen, an amount without a sign) and then the contract's.
 */
export function adjustmentRequest(
  fields: AdjustmentFields,
  keys: AdjustmentKeys,
): { input: CreateInput; errors: FieldErrors | null } {
  const amount = typedAmount(fields.amount);
  const submission: AdjustmentSubmission = {
    playerId: fields.playerId,
    amount: fields.direction === 'debit' ? -amount : amount,
    reason: fields.reason.trim(),
  };
  const input: CreateInput = { ...submission, idempotencyKey: keys.keyFor(submission) };
  const own: FieldErrors = {};
  if (fields.playerId === '') own.playerId = ADJUSTMENT_MESSAGES.choosePlayer;
  if (amount <= 0) own.amount = ADJUSTMENT_MESSAGES.unsigned;
  const errors = { ...requestErrors(createAdjustmentRoute, input), ...own };
  return { input, errors: Object.keys(errors).length > 0 ? errors : null };
}
