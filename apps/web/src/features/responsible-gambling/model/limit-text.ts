import {
  LIMIT_INCREASE_WAIT_HOURS,
  LIMIT_WINDOWS,
  type GamblingLimit,
  type GamblingSettings,
  type LimitWindow,
} from '@backlay/contract/responsible-gambling';
import { formatIndiaTime } from '../../../shared/format/date-time';
import { formatRupees } from '../../../shared/format/money';
import { i18n, params } from '../../../shared/i18n/i18n';
import { LIMIT_KINDS, type LimitKind } from './limit-form';

const messages = i18n('responsible-gambling/limit-text', {
  depositDay: '24-hour deposit limit',
  depositWeek: '7-day deposit limit',
  depositMonth: '30-day deposit limit',
  lossDay: '24-hour loss limit',
  lossWeek: '7-day loss limit',
  lossMonth: '30-day loss limit',
  /** Each window as a stretch of time, as in "in the last 24 hours". */
  daySpan: '24 hours',
  weekSpan: '7 days',
  monthSpan: '30 days',
  deposited: params('Deposited {amount} in the last {span}'),
  lost: params('Lost {amount} net in the last {span}'),
  removedOn: params('Removed on {at}'),
  risesTo: params('Rises to {amount} on {at}'),
  removed: params('{name} removed'),
  appliedNow: params('Applied now: {limits}.'),
  afterWait: params('From {at}, after the {hours}-hour wait: {limits}.'),
  withdrawn: params('Withdrawn: the waiting change to the {limits}.'),
  nothingChanged: 'Nothing changed: your limits are as they were.',
});

/** Each limit's name by kind and window: whole phrases, so each language words them its way. */
const LIMIT_NAMES = {
  deposit: { day: 'depositDay', week: 'depositWeek', month: 'depositMonth' },
  loss: { day: 'lossDay', week: 'lossWeek', month: 'lossMonth' },
} as const satisfies Record<LimitKind, Record<LimitWindow, string>>;

/** Each window as a stretch of time: "in the last 24 hours". */
const WINDOW_SPANS = {
  day: 'daySpan',
  week: 'weekSpan',
  month: 'monthSpan',
} as const satisfies Record<LimitWindow, string>;

/**
 * A limit's name in the player's language; in English as the server's messages name it too:
 * `24-hour deposit limit`.
 */
export function limitName(kind: LimitKind, window: LimitWindow): string {
  return messages.get()[LIMIT_NAMES[kind][window]];
}

/** Rupees without empty paise: `₹1,000`, `₹1,000.50`. */
export function formatLimitAmount(amount: number): string {
  return formatRupees(amount).replace(/\.00$/, '');
}

/** What a window has used so far: `Deposited ₹2,500 in the last 24 hours`. */
export function usedText(kind: LimitKind, window: LimitWindow, used: number): string {
  const t = messages.get();
  const values = { amount: formatLimitAmount(used), span: t[WINDOW_SPANS[window]] };
  return kind === 'deposit' ? t.deposited(values) : t.lost(values);
}

/** A raise or removal still waiting: `Rises to ₹5,000 on 26 Nov, 14:30 IST`. */
export function pendingText(pending: NonNullable<GamblingLimit['pending']>): string {
  const t = messages.get();
  const at = formatIndiaTime(pending.from);
  return pending.amount === null
    ? t.removedOn({ at })
    : t.risesTo({ amount: formatLimitAmount(pending.amount), at });
}

/** A limit's value in a sentence: `24-hour deposit limit ₹1,000`, or that it is removed. */
function limitPhrase(kind: LimitKind, window: LimitWindow, amount: number | null): string {
  const name = limitName(kind, window);
  return amount === null
    ? messages.get().removed({ name })
    : `${name} ${formatLimitAmount(amount)}`;
}

/** Between the limits a sentence lists; Hindi lists with it too. */
const LIST_SEPARATOR = '; ';

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
  const t = messages.get();
  const sentences: string[] = [];
  if (now.length > 0) sentences.push(t.appliedNow({ limits: now.join(LIST_SEPARATOR) }));
  for (const [from, phrases] of waiting) {
    sentences.push(
      t.afterWait({
        at: formatIndiaTime(from),
        hours: LIMIT_INCREASE_WAIT_HOURS,
        limits: phrases.join(LIST_SEPARATOR),
      }),
    );
  }
  if (withdrawn.length > 0) {
    sentences.push(t.withdrawn({ limits: withdrawn.join(LIST_SEPARATOR) }));
  }
  return sentences.length === 0
    ? { changed: false, message: t.nothingChanged }
    : { changed: true, message: sentences.join(' ') };
}
