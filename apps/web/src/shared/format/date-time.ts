const DATE_TIME = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

/** A time as the player reads it, in their own time zone; the text itself if it is no time. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : DATE_TIME.format(date);
}

/*
 * Times the server holds a player to (a limit's waiting change, the end of a break) are stated
 * in India's time, as the server states them, so the page and the login refusal agree. A
 * 24-hour clock (`h23`: `hour12: false` would print midnight as 24:00).
 */
const INDIA_TIME = {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
} as const;
const INDIA_DATE_TIME = new Intl.DateTimeFormat('en-IN', INDIA_TIME);
const INDIA_DATE_TIME_WITH_YEAR = new Intl.DateTimeFormat('en-IN', {
  ...INDIA_TIME,
  year: 'numeric',
});

/**
 * A time in India's time zone: `26 Nov, 14:30 IST`, or `26 Nov 2027, 14:30 IST` with the year;
 * the text itself if it is no time.
 */
export function formatIndiaTime(at: string | Date, { withYear = false } = {}): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return String(at);
  return `${(withYear ? INDIA_DATE_TIME_WITH_YEAR : INDIA_DATE_TIME).format(date)} IST`;
}
