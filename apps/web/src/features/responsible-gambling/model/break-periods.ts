import {
  selfExcludeSchema,
  takeTimeOutSchema,
  type BreakPeriod,
  type GamblingBreak,
  type SelfExclusionPeriod,
  type TimeOutPeriod,
} from '@backlay/contract/responsible-gambling';
import { fieldErrorsOf, type FieldErrors } from '../../../shared/forms/field-errors';
import { formatIndiaTime } from '../../../shared/format/date-time';

export type BreakKind = GamblingBreak['kind'];
export type { BreakPeriod };

/** A length of break the player can pick, with how the page names it. */
export interface PeriodChoice<Period extends BreakPeriod> {
  period: Period;
  label: string;
}

export const TIME_OUT_CHOICES: readonly PeriodChoice<TimeOutPeriod>[] = [
  { period: 'DAY', label: '24 hours' },
  { period: 'WEEK', label: '7 days' },
  { period: 'MONTH', label: '30 days' },
  { period: 'SIX_WEEKS', label: '6 weeks' },
];

export const SELF_EXCLUSION_CHOICES: readonly PeriodChoice<SelfExclusionPeriod>[] = [
  { period: 'SIX_MONTHS', label: '6 months' },
  { period: 'ONE_YEAR', label: '1 year' },
  { period: 'TWO_YEARS', label: '2 years' },
  { period: 'FIVE_YEARS', label: '5 years' },
];

/** A break's end as the page states it: `3 Dec 2026, 14:30 IST`. */
export function formatBreakEnd(until: string | Date): string {
  return formatIndiaTime(until, { withYear: true });
}

/**
 * What is wrong with a break's form, by field (`period`, `password`), from the contract's
 * schema; empty when it can go. The password goes exactly as typed.
 */
export function breakFormErrors(
  kind: BreakKind,
  values: { period: BreakPeriod | null; password: string },
): FieldErrors {
  const schema = kind === 'TIME_OUT' ? takeTimeOutSchema : selfExcludeSchema;
  const parsed = schema.safeParse({
    period: values.period ?? undefined,
    password: values.password,
  });
  return parsed.success ? {} : fieldErrorsOf(parsed.error.issues);
}

/** What the player is told as their session ends: the break has started, and until when. */
export function breakStartedMessage(taken: GamblingBreak): string {
  const until = formatBreakEnd(taken.until);
  return taken.kind === 'SELF_EXCLUSION'
    ? `You have excluded yourself until ${until}. You have been logged out.`
    : `Your time-out has started and ends on ${until}. You have been logged out.`;
}
