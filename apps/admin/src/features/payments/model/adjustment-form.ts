import { createAdjustmentRoute } from '@backlay/contract/admin-calls';
import type { AdminRequest } from '../../../shared/api/call-admin';
import { requestErrors, type FieldErrors } from '../../../shared/forms/request-errors';
import { typedAmount } from './typed-input';

type CreateInput = AdminRequest<typeof createAdjustmentRoute>;

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
 * The request the fields make, with what to fix before it is sent: the form's own checks (a
 * player chosen, an amount without a sign) and then the contract's.
 */
export function adjustmentRequest(fields: AdjustmentFields): {
  input: CreateInput;
  errors: FieldErrors | null;
} {
  const amount = typedAmount(fields.amount);
  const input: CreateInput = {
    playerId: fields.playerId,
    amount: fields.direction === 'debit' ? -amount : amount,
    reason: fields.reason.trim(),
  };
  const own: FieldErrors = {};
  if (fields.playerId === '') own.playerId = ADJUSTMENT_MESSAGES.choosePlayer;
  if (amount <= 0) own.amount = ADJUSTMENT_MESSAGES.unsigned;
  const errors = { ...requestErrors(createAdjustmentRoute, input), ...own };
  return { input, errors: Object.keys(errors).length > 0 ? errors : null };
}
