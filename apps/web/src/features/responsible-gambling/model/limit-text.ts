import {
  LIMIT_INCREASE_WAIT_HOURS,
  LIMIT_WINDOWS,
  type GamblingLimit,
  type GamblingSettings,
  type LimitWindow,
} from '@backlay/contract/responsible-gambling';
import { formatIndiaTime } from '../../../shared/format/date-time';
import { formatRupees } from '../../../shared/format/money';
import { LIMIT_KINDS, type LimitKind } from './limit-form';

/** Each window as a stretch of time: "in the last 24 hours". */
export const WINDOW_SPANS: Record<LimitWindow, string> = {
  day: '24 hours',
  week: '7 days',
  month: '30 days',
};

const WINDOW_ADJECTIVES: Record<LimitWindow, string> = {
  day: '24-hour',
  week: '7-day',
  month: '30-day',
};

/** A limit's name, as the server's messages name it too: `24-hour deposit limit`. */
export function limitName(kind: LimitKind, window: LimitWindow): string {
  return `${WINDOW_ADJECTIVES[window]} ${kind} limit`;
}

/** Rupees without empty paise: `₹1,000`, `₹1,000.50`. */
export function formatLimitAmount(amount: number): string {
  return formatRupees(amount).replace(/\.00$/, '');
}

/** What a window has used so far: `Deposited ₹2,500 in the last 24 hours`. */
export function usedText(kind: LimitKind, window: LimitWindow, used: number): string {
  const amount = formatLimitAmount(used);
  return kind === 'deposit'
    ? `Deposited ${amount} in the last ${WINDOW_SPANS[window]}`
    : `Lost ${amount} net in the last ${WINDOW_SPANS[window]}`;
}

/** A raise or removal still waiting: `Rises to ₹5,000 on 26 Nov, 14:30 IST`. */
export function pendingText(pending: NonNullable<GamblingLimit['pending']>): string {
  const at = formatIndiaTime(pending.from);
  return pending.amount === null
    ? `Removed on ${at}`
    : `Rises to ${formatLimitAmount(pending.amount)} on ${at}`;
}

/** A limit's value in a sentence: `24-hour deposit limit ₹1,000`, or that it is removed. */
function limitPhrase(kind: LimitKind, window: LimitWindow, amount: number | null): string {
  const name = limitName(kind, window);
  return amount === null ? `${name} removed` : `${name} ${formatLimitAmount(amount)}`;
}

const samePending = (a: GamblingLimit['pending'], b: GamblingLimit['pending']) =>
  a?.amount === b?.amount && a?.from === b?.from;

/**
 * What a save did, told by comparing the limits before and after it: what applied at once,
 * what waits (a raise or removal, until its time), and any waiting change the save withdrew
 * (saving the amount in force over a waiting raise keeps that amount). Nothing changed is
 * news too, so the player is not left wondering.
 */
export function limitsSavedMessage(
  before: Pick<GamblingSettings, LimitKind>,
  after: Pick<GamblingSettings, LimitKind>,
): { changed: boolean; message: string } {
  const now: string[] = [];
  const waiting = new Map<string, string[]>();
  const withdrawn: string[] = [];
  for (const kind of LIMIT_KINDS) {
    for (const window of LIMIT_WINDOWS) {
      const was = before[kind][window];
      const is = after[kind][window];
      if (is.amount !== was.amount) now.push(limitPhrase(kind, window, is.amount));
      if (is.pending && !samePending(is.pending, was.pending)) {
        const list = waiting.get(is.pending.from) ?? [];
        list.push(limitPhrase(kind, window, is.pending.amount));
        waiting.set(is.pending.from, list);
      } else if (was.pending && !is.pending && is.amount === was.amount) {
        withdrawn.push(limitName(kind, window));
      }
    }
  }
  const sentences: string[] = [];
  if (now.length > 0) sentences.push(`Applied now: ${now.join('; ')}.`);
  for (const [from, phrases] of waiting) {
    sentences.push(
      `From ${formatIndiaTime(from)}, after the ${LIMIT_INCREASE_WAIT_HOURS}-hour wait: ${phrases.join('; ')}.`,
    );
  }
  if (withdrawn.length > 0) {
    sentences.push(`Withdrawn: the waiting change to the ${withdrawn.join('; ')}.`);
  }
  return sentences.length === 0
    ? { changed: false, message: 'Nothing changed: your limits are as they were.' }
    : { changed: true, message: sentences.join(' ') };
}
