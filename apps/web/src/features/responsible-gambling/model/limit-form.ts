import {
  LIMIT_WINDOWS,
  setGamblingLimitsSchema,
  type GamblingSettings,
  type LimitWindow,
  type SetGamblingLimits,
} from '@backlay/contract/responsible-gambling';
import { fieldErrorsOf, type FieldErrors } from '../../../shared/forms/field-errors';

/** The two kinds of limit the player sets, as the request names them. */
export const LIMIT_KINDS = ['deposit', 'loss'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];

/** The six limits as the form holds them: rupees as typed, empty for no limit. */
export type LimitForm = Record<LimitKind, Record<LimitWindow, string>>;

/** A field's name in the form and in its errors: `deposit.day`. */
export const limitField = (kind: LimitKind, window: LimitWindow) => `${kind}.${window}`;

/**
 * The form's values for the limits as the player asked for them: a field with a raise (or a
 * removal) still waiting holds that, so saving the form again leaves the wait as it is (the
 * server keeps the time of a raise asked for again); the page says what applies until then and
 * offers to keep it.
 */
export function toLimitForm(settings: Pick<GamblingSettings, LimitKind>): LimitForm {
  const windows = (kind: LimitKind) => {
    const values = {} as Record<LimitWindow, string>;
    for (const window of LIMIT_WINDOWS) {
      const limit = settings[kind][window];
      const amount = limit.pending ? limit.pending.amount : limit.amount;
      values[window] = amount === null ? '' : String(amount);
    }
    return values;
  };
  return { deposit: windows('deposit'), loss: windows('loss') };
}

/** A typed limit: null when empty (no limit), NaN when nothing readable was typed. */
export function parseLimit(text: string): number | null {
  const cleaned = text.replace(/[,\s₹]/g, '');
  return cleaned === '' ? null : Number(cleaned);
}

/**
 * All six limits as `ResponsibleGambling/SetLimits` takes them, checked with its schema (so a
 * 24-hour limit above the 7-day one is refused here, under the 24-hour field), or the
 * message of each field that is wrong, keyed `deposit.day`.
 */
export function validateLimitForm(
  form: LimitForm,
): { ok: true; limits: SetGamblingLimits } | { ok: false; errors: FieldErrors } {
  const windows = (kind: LimitKind) => ({
    day: parseLimit(form[kind].day),
    week: parseLimit(form[kind].week),
    month: parseLimit(form[kind].month),
  });
  const parsed = setGamblingLimitsSchema.safeParse({
    deposit: windows('deposit'),
    loss: windows('loss'),
  });
  return parsed.success
    ? { ok: true, limits: parsed.data }
    : { ok: false, errors: fieldErrorsOf(parsed.error.issues) };
}
