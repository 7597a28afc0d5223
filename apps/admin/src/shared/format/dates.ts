import { UNKNOWN } from './money';

const DATE_TIME = new Intl.DateTimeFormat('en-IN', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

/** A server time (ISO) in the operator's own time zone, to the second; unknown as a dash. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return UNKNOWN;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : DATE_TIME.format(ms);
}

const DAY_TIME = new Intl.DateTimeFormat('en-IN', {
  day: '2-digit',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});
const YEAR = new Intl.DateTimeFormat('en-IN', { year: 'numeric' });

/**
 * A server time (ISO) as a queue's narrow column shows it, to the minute, in the operator's own
 * time zone: `29 Nov, 01:02`, with the year only when it is not this year's (`29 Nov 2025,
 * 01:02`); unknown as a dash. The full time goes in the cell's title.
 */
export function formatShortDateTime(iso: string | null | undefined, now = Date.now()): string {
  if (!iso) return UNKNOWN;
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  const dayTime = DAY_TIME.format(ms);
  if (YEAR.format(ms) === YEAR.format(now)) return dayTime;
  const [day = '', time = ''] = dayTime.split(', ');
  return `${day} ${YEAR.format(ms)}, ${time}`;
}

const TIME = new Intl.DateTimeFormat('en-IN', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

/** A moment (epoch ms) as the time of day in the operator's own time zone: `18:21:20`. */
export function formatTime(ms: number): string {
  return TIME.format(ms);
}

/**
 * The start of a day picked in a date input (`2026-05-01`), in the operator's time zone, as
 * an ISO time with offset; `endOfDay` gives the last millisecond of that day instead.
 */
export function dayBoundary(day: string, endOfDay = false): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const [, year, month, date] = match.map(Number) as [number, number, number, number];
  const local = endOfDay
    ? new Date(year, month - 1, date, 23, 59, 59, 999)
    : new Date(year, month - 1, date, 0, 0, 0, 0);
  return local.toISOString();
}
