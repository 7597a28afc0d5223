import {
  selfExcludeSchema,
  takeTimeOutSchema,
  type GamblingBreak,
  type SelfExclusionPeriod,
  type TimeOutPeriod,
} from '@backlay/contract/responsible-gambling';
import { fieldErrorsOf, type FieldErrors } from '../../../shared/forms/field-errors';
import { formatIndiaTime } from '../../../shared/format/date-time';

export type BreakKind = GamblingBreak['kind'];
export type BreakPeriod = TimeOutPeriod | SelfExclusionPeriod;

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

const DAY_MS = 86_400_000;

/*
 * The server's rule for a break's length (the contract names the periods, not their length):
 * days for a time-out, calendar months (UTC) for self-exclusion. The page only uses it to say
 * beforehand when a break would end; the end the server answers is the one shown after.
 */
const PERIOD_LENGTHS: Record<BreakPeriod, { days: number } | { months: number }> = {
  DAY: { days: 1 },
  WEEK: { days: 7 },
  MONTH: { days: 30 },
  SIX_WEEKS: { days: 42 },
  SIX_MONTHS: { months: 6 },
  ONE_YEAR: { months: 12 },
  TWO_YEARS: { months: 24 },
  FIVE_YEARS: { months: 60 },
};

/** When a break of `period` started at `start` ends. */
export function breakEnd(period: BreakPeriod, start: Date): Date {
  const length = PERIOD_LENGTHS[period];
  if ('days' in length) return new Date(start.getTime() + length.days * DAY_MS);
  const end = new Date(start);
  end.setUTCMonth(end.getUTCMonth() + length.months);
  return end;
}

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
