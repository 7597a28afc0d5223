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
import { i18n, params } from '../../../shared/i18n/i18n';

export type BreakKind = GamblingBreak['kind'];
export type { BreakPeriod };

/** Each length of break the player can pick, by its period, as the page names it. */
const PERIOD_LABELS: Record<BreakPeriod, string> = {
  DAY: '24 hours',
  WEEK: '7 days',
  MONTH: '30 days',
  SIX_WEEKS: '6 weeks',
  SIX_MONTHS: '6 months',
  ONE_YEAR: '1 year',
  TWO_YEARS: '2 years',
  FIVE_YEARS: '5 years',
};

/** The breaks' lengths by period, and what the player is told once a break has started. */
export const breakMessages = i18n('responsible-gambling/break-periods', {
  ...PERIOD_LABELS,
  selfExcluded: params('You have excluded yourself until {until}. You have been logged out.'),
  timeOutStarted: params(
    'Your time-out has started and ends on {until}. You have been logged out.',
  ),
});

/** The lengths of a time-out the player can pick, shortest first. */
export const TIME_OUT_PERIODS: readonly TimeOutPeriod[] = ['DAY', 'WEEK', 'MONTH', 'SIX_WEEKS'];

/** The lengths of a self-exclusion the player can pick, shortest first. */
export const SELF_EXCLUSION_PERIODS: readonly SelfExclusionPeriod[] = [
  'SIX_MONTHS',
  'ONE_YEAR',
  'TWO_YEARS',
  'FIVE_YEARS',
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
  const t = breakMessages.get();
  const until = formatBreakEnd(taken.until);
  return taken.kind === 'SELF_EXCLUSION' ? t.selfExcluded({ until }) : t.timeOutStarted({ until });
}
