import { i18n } from '../i18n/i18n';

/** A date range as filters hold it: `YYYY-MM-DD` each, or empty for no bound. */
export interface DateRange {
  from: string;
  to: string;
}

export const ANY_DATE: DateRange = { from: '', to: '' };

/** The message shown when the range runs backwards, in English. */
export const RANGE_BACKWARDS_MESSAGE = 'The start date is after the end date.';

const messages = i18n('shared/day-range', { backwards: RANGE_BACKWARDS_MESSAGE });

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A range of calendar days the API can take, or why it cannot be used. */
export type DayRange = { ok: true; from?: string; to?: string } | { ok: false; message: string };

/**
 * The range as calendar days (`YYYY-MM-DD`, inclusive), leaving out an empty or unreadable
 * bound; a range that runs backwards cannot be used. ISO days compare as text.
 */
export function dayRange(range: DateRange): DayRange {
  const from = DAY.test(range.from) ? range.from : undefined;
  const to = DAY.test(range.to) ? range.to : undefined;
  if (from && to && from > to) return { ok: false, message: messages.get().backwards };
  return { ok: true, ...(from ? { from } : {}), ...(to ? { to } : {}) };
}
