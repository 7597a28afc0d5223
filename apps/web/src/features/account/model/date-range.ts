/** A date range as the filters hold it: `YYYY-MM-DD` each, or empty for no bound. */
export interface DateRange {
  from: string;
  to: string;
}

export const ANY_DATE: DateRange = { from: '', to: '' };

/** The message shown when the range runs backwards. */
export const RANGE_BACKWARDS_MESSAGE = 'The start date is after the end date.';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function localTime(day: string, time: string): string | undefined {
  if (!DAY.test(day)) return undefined;
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
  const fromDate = localTime(range.from, '00:00:00.000');
  const toDate = localTime(range.to, '23:59:59.999');
  if (fromDate && toDate && fromDate > toDate)
    return { ok: false, message: RANGE_BACKWARDS_MESSAGE };
  return { ok: true, ...(fromDate ? { fromDate } : {}), ...(toDate ? { toDate } : {}) };
}
