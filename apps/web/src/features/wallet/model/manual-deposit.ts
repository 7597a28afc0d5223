import { createDepositRequestSchema } from '@backlay/contract/wallet';
import type { z } from 'zod';
import { fieldErrorsOf, type FieldErrors } from '../../../shared/forms/field-errors';

export type ManualDepositRequest = z.output<typeof createDepositRequestSchema>;

/** A manual deposit as the form holds it; the amount is checked by the amount field. */
export interface ManualDepositValues {
  amount: number;
  methodId: string;
  utr: string;
  /** The stored screenshot's id, once uploaded. */
  slipId: string | null;
  idempotencyKey: string;
}

/**
 * Checks a manual deposit with the contract's schema, so the player reads the server's own
 * messages (the UTR's format, a missing screenshot) before sending it.
 */
export function checkManualDeposit(
  values: ManualDepositValues,
): { ok: true; request: ManualDepositRequest } | { ok: false; errors: FieldErrors } {
  const parsed = createDepositRequestSchema.safeParse({
    ...values,
    slipId: values.slipId ?? undefined,
  });
  return parsed.success
    ? { ok: true, request: parsed.data }
    : { ok: false, errors: fieldErrorsOf(parsed.error.issues) };
}
