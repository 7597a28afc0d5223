import { dayRange, type DateRange } from '../../../shared/dates/day-range';

export { ANY_DATE, RANGE_BACKWARDS_MESSAGE, type DateRange } from '../../../shared/dates/day-range';

function localTime(day: string | undefined, time: string): string | undefined {
  if (day === undefined) return undefined;
  const date = new Date(`${day}T${time}`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** A range the API can take, as ISO instants; or why it cannot be used. */
export type IsoRange =
  { ok: true; fromDate?: string; toDate?: string } | { ok: false; message: string };

/**
 * The range as the API takes it: ISO 8601 instants from the start of the first day to the
 * end of the last, in the player's own time zone; or why it cannot be used.
 */
export function isoRange(range: DateRange): IsoRange {
  const days = dayRange(range);
  if (!days.ok) return days;
  const fromDate = localTime(days.from, '00:00:00.000');
  const toDate = localTime(days.to, '23:59:59.999');
  return { ok: true, ...(fromDate ? { fromDate } : {}), ...(toDate ? { toDate } : {}) };
}
