/**
 * Responsible gambling on the wire (the habits of Betfair and the UK Gambling Commission's RTS 12;
 * the spec names none of it, so these calls are ours): the player's own deposit and loss limits
 * per 24 hours, 7 days and 30 days, a time-out, and self-exclusion. A lower limit applies at
 * once; a higher one (or none) only after a day's wait. A break ends every session at once and
 * cannot be lifted early, by the player or by anyone else.
 */
import { z } from 'zod';
import { moneySchema } from './money';

/** The rolling windows a limit counts over. */
export const LIMIT_WINDOWS = ['day', 'week', 'month'] as const;
export type LimitWindow = (typeof LIMIT_WINDOWS)[number];
/** Each window's length in hours: 24 hours, 7 days, 30 days. */
export const LIMIT_WINDOW_HOURS: Record<LimitWindow, number> = { day: 24, week: 168, month: 720 };
/** How long a raised or removed limit waits before it applies. */
export const LIMIT_INCREASE_WAIT_HOURS = 24;

/** A time-out's lengths (up to six weeks), and self-exclusion's (six months at least). */
export const TIME_OUT_PERIODS = ['DAY', 'WEEK', 'MONTH', 'SIX_WEEKS'] as const;
export const SELF_EXCLUSION_PERIODS = [
  'SIX_MONTHS',
  'ONE_YEAR',
  'TWO_YEARS',
  'FIVE_YEARS',
] as const;
export type TimeOutPeriod = (typeof TIME_OUT_PERIODS)[number];
export type SelfExclusionPeriod = (typeof SELF_EXCLUSION_PERIODS)[number];
export type BreakPeriod = TimeOutPeriod | SelfExclusionPeriod;

/** How long each break lasts: days for a time-out, calendar months (UTC) for self-exclusion. */
const BREAK_LENGTHS: Record<BreakPeriod, { days: number } | { months: number }> = {
  DAY: { days: 1 },
  WEEK: { days: 7 },
  MONTH: { days: 30 },
  SIX_WEEKS: { days: 42 },
  SIX_MONTHS: { months: 6 },
  ONE_YEAR: { months: 12 },
  TWO_YEARS: { months: 24 },
  FIVE_YEARS: { months: 60 },
};

/** When a break of `period` taken at `start` ends (the server's rule; the page says it first). */
export function breakEnd(period: BreakPeriod, start: Date): Date {
  const length = BREAK_LENGTHS[period];
  if ('days' in length) return new Date(start.getTime() + length.days * 86_400_000);
  const end = new Date(start);
  end.setUTCMonth(end.getUTCMonth() + length.months);
  return end;
}

/** One limit as it stands: in force now, a raise waiting, and what the window has used. */
export const gamblingLimitSchema = z.object({
  /** In force now, rupees; null: no limit. */
  amount: z.number().nullable(),
  /** A raise (or a removal, `amount` null) that applies from `from`, an ISO time. */
  pending: z.object({ amount: z.number().nullable(), from: z.string() }).nullable(),
  /** Deposited, or lost net of wins on settled bets, in the window so far (rupees). */
  used: z.number(),
});
export type GamblingLimit = z.infer<typeof gamblingLimitSchema>;

const limitsByWindowSchema = z.object({
  day: gamblingLimitSchema,
  week: gamblingLimitSchema,
  month: gamblingLimitSchema,
});

/** `ResponsibleGambling/GetSettings`: the player's limits. */
export const gamblingSettingsSchema = z.object({
  deposit: limitsByWindowSchema,
  loss: limitsByWindowSchema,
  /** The liability of the player's open bets, which a loss limit counts as possible loss. */
  openLiability: z.number(),
});
export type GamblingSettings = z.infer<typeof gamblingSettingsSchema>;

/** A limit as asked for: rupees, or null for none. */
const requestedLimitSchema = moneySchema({
  max: 10_000_000,
  tooLargeMessage: 'Limits go up to ₹1,00,00,000',
}).nullable();
const windowsRequestSchema = z
  .object({ day: requestedLimitSchema, week: requestedLimitSchema, month: requestedLimitSchema })
  // A longer window's limit below a shorter one's would make the shorter one meaningless.
  .refine((v) => v.day === null || v.week === null || v.day <= v.week, {
    message: 'The 24-hour limit cannot be above the 7-day limit',
    path: ['day'],
  })
  .refine((v) => v.week === null || v.month === null || v.week <= v.month, {
    message: 'The 7-day limit cannot be above the 30-day limit',
    path: ['week'],
  })
  .refine((v) => v.day === null || v.month === null || v.day <= v.month, {
    message: 'The 24-hour limit cannot be above the 30-day limit',
    path: ['day'],
  });

/** `ResponsibleGambling/SetLimits`: all six limits as the player wants them. */
export const setGamblingLimitsSchema = z.object({
  deposit: windowsRequestSchema,
  loss: windowsRequestSchema,
});
export type SetGamblingLimits = z.output<typeof setGamblingLimitsSchema>;

const confirmPasswordSchema = z.string().min(1, 'Enter your password to confirm').max(128);

/** `ResponsibleGambling/TakeTimeOut`. */
export const takeTimeOutSchema = z.object({
  period: z.enum(TIME_OUT_PERIODS, { message: 'Choose how long the break lasts' }),
  password: confirmPasswordSchema,
});

/** `ResponsibleGambling/SelfExclude`. */
export const selfExcludeSchema = z.object({
  period: z.enum(SELF_EXCLUSION_PERIODS, { message: 'Choose how long the exclusion lasts' }),
  password: confirmPasswordSchema,
});

/** A break taken: until when (ISO time). Every session has ended. */
export const gamblingBreakSchema = z.object({
  kind: z.enum(['TIME_OUT', 'SELF_EXCLUSION']),
  until: z.string(),
});
export type GamblingBreak = z.infer<typeof gamblingBreakSchema>;
