/**
 * Money as the API carries it: decimal rupees with at most two places. One rule for every
 * amount a player or an operator sends, so the server never meets an amount that rounds to
 * nothing (1e-9 passes a naive two-decimals check and is 0 paise), names a fraction of a paisa,
 * or lies past what the ledger can hold.
 */
import { z } from 'zod';

/** Paise in a rupee. */
const PAISE_PER_RUPEE = 100;

/**
 * The most rupees any amount may name: the ledger's largest movement (10^15 paise), so every
 * amount the contract accepts converts to a safe integer the ledger takes.
 */
export const MAX_RUPEES = 10_000_000_000_000;

/** How far amount × 100 may sit from a whole number of paise: binary floating point's error. */
const PAISA_TOLERANCE = 1e-6;

export const MONEY_MESSAGES = {
  notANumber: 'Enter an amount',
  zero: 'Enter an amount above zero',
  zeroSigned: 'Enter an amount other than zero',
  negative: 'Enter an amount above zero',
  decimals: 'Amounts have at most two decimals',
  tooLarge: 'That amount is too large',
} as const;

/** Whole paise for an amount whose check passed (−0 comes out as 0). */
function paiseOf(rupees: number): number {
  return Math.round(rupees * PAISE_PER_RUPEE) + 0;
}

/**
 * Every money schema built here, with its bounds: tests find a request's money fields through
 * it. A schema derived with another method (`.max()`) is a new one and not listed, so money
 * fields take their bounds through `moneySchema`'s options.
 */
export const MONEY_FIELDS = z.registry<{ max: number; signed: boolean }>();

export interface MoneyOptions {
  /** The largest amount (in absolute value) accepted, in rupees; MAX_RUPEES at most. */
  max?: number;
  /** What a refusal past `max` says; MONEY_MESSAGES.tooLarge by default. */
  tooLargeMessage?: string;
  /** Whether a negative amount is accepted (an operator's debit); zero never is. */
  signed?: boolean;
}

/**
 * An amount in rupees: a finite number, with at most two decimals, not zero once rounded to
 * paise, within `max`. What passes is normalised to its exact two-place value (100.10000001
 * becomes 100.1), so the server's conversion to paise is exact.
 */
export function moneySchema(options: MoneyOptions = {}) {
  const max = Math.min(options.max ?? MAX_RUPEES, MAX_RUPEES);
  const signed = options.signed ?? false;
  const schema = z
    .number({ message: MONEY_MESSAGES.notANumber })
    .superRefine((rupees, context) => {
      const fail = (message: string) => context.addIssue({ code: 'custom', message });
      // Range first: past it, × 100 loses the precision the decimals check relies on.
      if (Math.abs(rupees) > max) return fail(options.tooLargeMessage ?? MONEY_MESSAGES.tooLarge);
      const scaled = rupees * PAISE_PER_RUPEE;
      if (Math.abs(Math.round(scaled) - scaled) >= PAISA_TOLERANCE) {
        return fail(MONEY_MESSAGES.decimals);
      }
      const paise = paiseOf(rupees);
      if (paise === 0) return fail(signed ? MONEY_MESSAGES.zeroSigned : MONEY_MESSAGES.zero);
      if (!signed && paise < 0) return fail(MONEY_MESSAGES.negative);
    })
    .overwrite((rupees) => paiseOf(rupees) / PAISE_PER_RUPEE);
  return schema.register(MONEY_FIELDS, { max, signed });
}
