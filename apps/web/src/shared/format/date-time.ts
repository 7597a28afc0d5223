import { i18n, params } from '../i18n/i18n';
import { intlLocale, LATIN_DIGITS } from '../i18n/intl';

/*
 * Every time a player reads, in one place. Times are shown on a 24-hour clock in Indian
 * formats (`26 Nov, 14:30`, in Hindi `26 नव॰, 14:30`) in the player's language, with Latin
 * digits; `hourCycle: 'h23'`, because `hour12: false` would print midnight as 24:00. Unless
 * told otherwise, a time is in the player's own time zone (the browser's); tests, and the
 * venue of an event, name a zone (an IANA name such as `Asia/Kolkata`).
 */

const messages = i18n('shared/date-time', {
  today: 'Today',
  tomorrow: 'Tomorrow',
  venueAndYours: params('{venue} local, {yours} your time'),
  india: params('{time} IST'),
});

const DAY_MS = 86_400_000;

const CLOCK = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;
const DAY_MONTH = { day: 'numeric', month: 'short' } as const;
const DAY_MONTH_TIME = { ...DAY_MONTH, ...CLOCK } as const;
const DATE_TIME = { ...DAY_MONTH_TIME, year: 'numeric' } as const;
const DATE = { ...DAY_MONTH, year: 'numeric' } as const;
const CLOCK_SECONDS = { ...CLOCK, second: '2-digit' } as const;
const YEAR = { year: 'numeric' } as const;
const CALENDAR_DAY = { year: 'numeric', month: 'numeric', day: 'numeric' } as const;

/** Formatters by language, options and zone: a list of events formats hundreds of times. */
const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * Forgets the formatters made so far. One made without a zone keeps the zone the runtime had
 * when it was made: tests that change the process's zone (`TZ`) start from none.
 */
export function forgetDateFormatters(): void {
  formatters.clear();
}

function formatter(
  options: Intl.DateTimeFormatOptions,
  timeZone: string | undefined,
): Intl.DateTimeFormat {
  const locale = intlLocale();
  const key = `${locale}:${JSON.stringify(options)}@${timeZone ?? ''}`;
  let held = formatters.get(key);
  if (!held) {
    held = new Intl.DateTimeFormat(locale, { ...LATIN_DIGITS, ...options, timeZone });
    formatters.set(key, held);
  }
  return held;
}

function toDate(at: string | Date): Date | null {
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The calendar day an instant falls on in a zone, as days since 1970-01-01. */
function calendarDay(date: Date, timeZone: string | undefined): number {
  const parts = formatter(CALENDAR_DAY, timeZone).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(part('year'), part('month') - 1, part('day')) / DAY_MS;
}

/** Where and when a time is read: the zone (the player's when left out) and now. */
export interface ZonedOptions {
  timeZone?: string;
  now?: Date;
}

/** An event's day and clock time in one zone: `{ day: 'Today', time: '21:39' }`. */
function dayAndTime(date: Date, { timeZone, now = new Date() }: ZonedOptions) {
  const days = calendarDay(date, timeZone) - calendarDay(now, timeZone);
  const year = formatter(YEAR, timeZone);
  const sameYear = year.format(date) === year.format(now);
  const t = messages.get();
  const day =
    days === 0
      ? t.today
      : days === 1
        ? t.tomorrow
        : `${formatter(sameYear ? DAY_MONTH : DATE, timeZone).format(date)},`;
  return { day, time: formatter(CLOCK, timeZone).format(date) };
}

/** A zone to read a time in, and the zone of the event's venue where it is known. */
export type EventTimeOptions = ZonedOptions & { venueTimeZone?: string | undefined };

/**
 * An event's start as players read it: `Today 21:39`, `Tomorrow 09:30`, `25 Nov, 21:39`
 * (`3 Jan 2027, 21:39` in another year). Given the venue's zone, and where the venue's clock
 * differs from the player's, the venue's time comes first: `Today 21:39 local, 16:09 your time`.
 * The text itself if it is no time.
 */
export function formatEventStart(
  at: string | Date,
  { venueTimeZone, ...options }: EventTimeOptions = {},
): string {
  const date = toDate(at);
  if (!date) return String(at);
  const yours = dayAndTime(date, options);
  if (venueTimeZone === undefined) return `${yours.day} ${yours.time}`;
  const local = dayAndTime(date, { ...options, timeZone: venueTimeZone });
  if (local.day === yours.day && local.time === yours.time) return `${yours.day} ${yours.time}`;
  return messages.get().venueAndYours({
    venue: `${local.day} ${local.time}`,
    yours: local.day === yours.day ? yours.time : `${yours.day} ${yours.time}`,
  });
}

/** A clock time to the second (`21:39:05`), for what was updated a moment ago. */
export function formatClockTime(at: string | Date, { timeZone }: ZonedOptions = {}): string {
  const date = toDate(at);
  return date ? formatter(CLOCK_SECONDS, timeZone).format(date) : String(at);
}

/** A time with its date, `23 Nov 2026, 21:39`; the text itself if it is no time. */
export function formatDateTime(at: string | Date, { timeZone }: ZonedOptions = {}): string {
  const date = toDate(at);
  return date ? formatter(DATE_TIME, timeZone).format(date) : String(at);
}

/** An ISO 8601 instant inside other text (`2026-11-23T18:35:00.000Z`). */
const ISO_INSTANT = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})/g;

/**
 * Server text with every ISO instant in it read as an event time (`Starts 2026-11-23T18:35:00Z`
 * becomes `Starts Tomorrow 00:05` in India), so no machine timestamp reaches a page.
 */
export function withReadableTimes(text: string, options: EventTimeOptions = {}): string {
  return text.replace(ISO_INSTANT, (instant) => formatEventStart(instant, options));
}

/*
 * Times the server holds a player to (a limit's waiting change, the end of a break) are stated
 * in India's time, as the server states them, so the page and the login refusal agree.
 */
const INDIA = 'Asia/Kolkata';

/**
 * A time in India's time zone: `26 Nov, 14:30 IST`, or `26 Nov 2027, 14:30 IST` with the year;
 * the text itself if it is no time.
 */
export function formatIndiaTime(at: string | Date, { withYear = false } = {}): string {
  const date = toDate(at);
  if (!date) return String(at);
  return messages.get().india({
    time: formatter(withYear ? DATE_TIME : DAY_MONTH_TIME, INDIA).format(date),
  });
}
