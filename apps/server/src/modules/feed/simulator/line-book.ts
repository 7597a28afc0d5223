/**
 * Sessions quoted as lines, the way Indian players read fancy markets: 'No 84 / Yes 85'. A session
 * ('6 Over Runs MI', with number X: the runs when its sixth over ends) is not one market but a
 * family of ordinary binary markets, one per run value V ('fancy:6-over-runs:MI@85': Yes when X
 * reaches V, its line V - 0.5), all named as the session. At every price update the line is
 * where X is as likely to fall short as not: V_no is the largest V with P(X ≥ V) ≥ 1/2, and the
 * values V_no and V_no + 1 are quoted, so players take No at the first (lay Yes) and Yes at the
 * second (back Yes). A value the line leaves is withdrawn (its quotes go, it stays to be
 * settled), one never quoted before is announced ('market') before its first prices, and one the
 * line comes back to is quoted again. Once the session is decided every value it ever had is
 * settled on X, so every bet settles as the session went, whichever values it was struck at.
 *
 * A session is suspended and reopened as a whole: its line never moves while it is suspended,
 * and moves (if it must) as it reopens, before any value reopens on fresh prices.
 */
import type { LineSession, SessionLines } from './sport-match';
import type { FeedMarketSpec, FeedUpdate } from './types';

/** The smallest value a line offers: a No below 1 could never win. */
const MIN_LINE_VALUE = 1;
/** A chance that never falls below 1/2 stops the search here (no session counts so high). */
const MAX_LINE_VALUE = 10_000;
/** The chance of reaching V_no is at least this; of reaching V_no + 1, below it. */
const EVEN_CHANCE = 0.5;
const YES = 0;
const NO = 1;

/** The market key of a session's run value: 'fancy:6-over-runs:MI@85'. */
export function thresholdKey(sessionKey: string, value: number): string {
  return `${sessionKey}@${value}`;
}

/** The session and run value of a threshold market's key, or null for another key. */
export function parseThresholdKey(key: string): { sessionKey: string; value: number } | null {
  const at = key.lastIndexOf('@');
  if (at <= 0) return null;
  const value = Number(key.slice(at + 1));
  return Number.isInteger(value) ? { sessionKey: key.slice(0, at), value } : null;
}

/** The market of a session's run value V: Yes wins when the number is above V - 0.5. */
export function thresholdMarket(session: LineSession, value: number): FeedMarketSpec {
  return {
    key: thresholdKey(session.key, value),
    type: 'FANCY',
    name: session.name,
    runners: ['Yes', 'No'],
    line: value - 0.5,
  };
}

/** The winner of run value `value` when the session's number is `number` (null: void). */
export function thresholdWinner(number: number | null, value: number): number | null {
  if (number === null) return null;
  return number >= value ? YES : NO;
}

/**
 * The session's line V_no: the largest value (at least MIN_LINE_VALUE) reached with a chance of
 * 1/2 or more, for a chance that falls as the value grows. The search starts at `from` (the line
 * as it was) and gallops, then bisects, so a line that moved a run costs two evaluations.
 */
export function lineValue(atLeast: (value: number) => number, from: number): number {
  const reached = (value: number) => atLeast(value) >= EVEN_CHANCE;
  const rounded = Number.isFinite(from) ? Math.round(from) : MIN_LINE_VALUE;
  const start = Math.max(MIN_LINE_VALUE, Math.min(MAX_LINE_VALUE, rounded));
  // `low` is reached and `high` is not, once the gallop ends.
  let low = start;
  let high = start;
  if (reached(start)) {
    for (let step = 1; ; step *= 2) {
      high = Math.min(MAX_LINE_VALUE, low + step);
      if (!reached(high)) break;
      if (high === MAX_LINE_VALUE) return MAX_LINE_VALUE;
      low = high;
    }
  } else {
    for (let step = 1; ; step *= 2) {
      low = Math.max(MIN_LINE_VALUE, high - step);
      if (reached(low)) break;
      if (low === MIN_LINE_VALUE) return MIN_LINE_VALUE;
      high = low;
    }
  }
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (reached(middle)) low = middle;
    else high = middle;
  }
  return low;
}

/** Where a line book's updates go, and the simulator's rules for prices it publishes. */
export interface LineOutput {
  externalId: string;
  /** Raw probabilities as they are published (clamped; within the bounds before the start). */
  publishable(raw: readonly number[]): number[];
  /** Whether prices are worth publishing: they moved since `last`, or are older than allowed. */
  due(
    last: readonly number[] | null,
    next: readonly number[],
    lastPublishedMs: number,
    atMs: number,
    maxQuietMs: number,
  ): boolean;
  emit(update: FeedUpdate): void;
}

interface Threshold {
  value: number;
  key: string;
  quoted: boolean;
  /** While quoted: what was last published, and when. */
  lastProbabilities: number[] | null;
  lastPublishedMs: number;
}

interface SessionState {
  session: LineSession;
  /** Every value quoted so far, in the order first quoted. */
  thresholds: Threshold[];
  byValue: Map<number, Threshold>;
  decided: boolean;
  /** When it may reopen; null while open. */
  suspendedUntilMs: number | null;
  suspendReason: string;
}

/** A session's state as plain data (a simulator snapshot holds one per session). */
export interface SessionSnapshot {
  key: string;
  /** Every value quoted so far, in the order first quoted. */
  values: number[];
  /** The values quoted now, with what they were last published at and when. */
  quoted: { value: number; lastProbabilities: number[] | null; lastPublishedMs: number }[];
  decided: boolean;
  suspendedUntilMs: number | null;
  suspendReason: string;
}

/** The quoted values of a session, the line's No value first. */
function quotedOf(state: SessionState): Threshold[] {
  return state.thresholds.filter((threshold) => threshold.quoted).sort((a, b) => a.value - b.value);
}

/** One fixture's sessions quoted as lines. */
export class LineBook {
  private readonly sessions = new Map<string, SessionState>();

  /** `initial`: the fixture's markets; its sessions' values among them are quoted already. */
  constructor(
    private readonly lines: SessionLines,
    initial: readonly FeedMarketSpec[],
    nowMs: number,
  ) {
    for (const session of lines.sessions) {
      this.sessions.set(session.key, {
        session,
        thresholds: [],
        byValue: new Map(),
        decided: false,
        suspendedUntilMs: null,
        suspendReason: '',
      });
    }
    for (const spec of initial) {
      const parsed = parseThresholdKey(spec.key);
      const state = parsed && this.sessions.get(parsed.sessionKey);
      if (parsed && state) this.addThreshold(state, parsed.value, nowMs);
    }
  }

  hasSession(key: string): boolean {
    return this.sessions.has(key);
  }

  /** Whether a market is one of this book's run values. */
  owns(marketKey: string): boolean {
    const parsed = parseThresholdKey(marketKey);
    return parsed !== null && this.sessions.has(parsed.sessionKey);
  }

  /** Moves each open session's line where it now is and publishes the prices that are due. */
  refresh(out: LineOutput, atMs: number, maxQuietMs: number): void {
    for (const state of this.sessions.values()) {
      if (state.decided || state.suspendedUntilMs !== null) continue;
      this.moveLine(out, state, atMs);
      for (const threshold of quotedOf(state)) {
        const probabilities = this.probabilities(out, state, threshold);
        const { lastProbabilities, lastPublishedMs } = threshold;
        if (out.due(lastProbabilities, probabilities, lastPublishedMs, atMs, maxQuietMs)) {
          this.publish(out, state, threshold, atMs, probabilities);
        }
      }
    }
  }

  /**
   * Suspends a session's quoted values until `untilMs` (a later suspension keeps it closed
   * until the later time); false when the session is decided already, so nothing will reopen.
   */
  suspend(out: LineOutput, sessionKey: string, reason: string, untilMs: number): boolean {
    const state = this.sessions.get(sessionKey);
    if (state === undefined || state.decided) return false;
    if (state.suspendedUntilMs === null) {
      state.suspendReason = reason;
      for (const threshold of quotedOf(state)) {
        out.emit({ kind: 'suspend', externalId: out.externalId, marketKey: threshold.key, reason });
      }
    }
    state.suspendedUntilMs = Math.max(state.suspendedUntilMs ?? 0, untilMs);
    return true;
  }

  /**
   * Reopens a session whose suspension is over: the line moves first, then each value that was
   * suspended reopens, on fresh prices if it is still quoted (withdrawn, it reopens unquoted).
   */
  resume(out: LineOutput, sessionKey: string, atMs: number): void {
    const state = this.sessions.get(sessionKey);
    if (state === undefined || state.decided || state.suspendedUntilMs === null) return;
    if (state.suspendedUntilMs > atMs) return;
    state.suspendedUntilMs = null;
    const reopening = quotedOf(state);
    this.moveLine(out, state, atMs);
    for (const threshold of reopening) {
      if (threshold.quoted) this.publish(out, state, threshold, atMs);
      out.emit({ kind: 'resume', externalId: out.externalId, marketKey: threshold.key });
    }
    for (const threshold of quotedOf(state)) {
      if (!reopening.includes(threshold)) this.publish(out, state, threshold, atMs);
    }
  }

  /** Settles every value of a decided session on its number (void when it has none). */
  settle(out: LineOutput, sessionKey: string): void {
    const state = this.sessions.get(sessionKey);
    if (state === undefined || state.decided) return;
    state.decided = true;
    state.suspendedUntilMs = null;
    this.publishResults(out, state);
  }

  /** At the end of the match: settles every session not decided yet, or voids it. */
  settleAll(out: LineOutput, voided: boolean): void {
    for (const state of this.sessions.values()) {
      if (state.decided) continue;
      state.decided = true;
      state.suspendedUntilMs = null;
      this.publishResults(out, state, voided);
    }
  }

  /**
   * The first picture of every session: each value not among `announced` (the fixture's
   * markets) announced, then its result, prices and suspension or its withdrawal.
   */
  picture(out: LineOutput, atMs: number, announced: ReadonlySet<string>): void {
    const { externalId } = out;
    for (const state of this.sessions.values()) {
      for (const threshold of state.thresholds) {
        if (announced.has(threshold.key)) continue;
        out.emit({
          kind: 'market',
          externalId,
          market: thresholdMarket(state.session, threshold.value),
        });
      }
      if (state.decided) {
        this.publishResults(out, state);
        continue;
      }
      for (const threshold of state.thresholds) {
        const marketKey = threshold.key;
        if (!threshold.quoted) {
          out.emit({ kind: 'withdraw', externalId, marketKey });
          continue;
        }
        this.publish(out, state, threshold, atMs);
        if (state.suspendedUntilMs !== null) {
          out.emit({ kind: 'suspend', externalId, marketKey, reason: state.suspendReason });
        }
      }
    }
  }

  save(): SessionSnapshot[] {
    return [...this.sessions.values()].map((state) => ({
      key: state.session.key,
      values: state.thresholds.map((threshold) => threshold.value),
      quoted: quotedOf(state).map((threshold) => ({
        value: threshold.value,
        lastProbabilities: threshold.lastProbabilities && [...threshold.lastProbabilities],
        lastPublishedMs: threshold.lastPublishedMs,
      })),
      decided: state.decided,
      suspendedUntilMs: state.suspendedUntilMs,
      suspendReason: state.suspendReason,
    }));
  }

  /** Takes the state `save` gave; throws when it names a session or value this book lacks. */
  load(saved: readonly SessionSnapshot[]): void {
    for (const session of saved) {
      const state = this.sessions.get(session.key);
      if (state === undefined)
        throw new Error(`the snapshot has an unknown session ${session.key}`);
      state.thresholds = [];
      state.byValue = new Map();
      for (const value of session.values) this.addThreshold(state, value, 0).quoted = false;
      for (const quoted of session.quoted) {
        const threshold = state.byValue.get(quoted.value);
        if (threshold === undefined)
          throw new Error(`the snapshot quotes ${session.key}@${quoted.value} unknown`);
        threshold.quoted = true;
        threshold.lastProbabilities = quoted.lastProbabilities && [...quoted.lastProbabilities];
        threshold.lastPublishedMs = quoted.lastPublishedMs;
      }
      state.decided = session.decided;
      state.suspendedUntilMs = session.suspendedUntilMs;
      state.suspendReason = session.suspendReason;
    }
  }

  /**
   * Quotes the values V_no and V_no + 1 of the line as it now is: withdraws the others, then
   * announces the values never quoted before.
   */
  private moveLine(out: LineOutput, state: SessionState, atMs: number): void {
    const quoted = quotedOf(state);
    const key = state.session.key;
    const no = lineValue(
      (value) => this.lines.atLeastChance(key, value),
      quoted[0]?.value ?? MIN_LINE_VALUE,
    );
    const wanted = [no, no + 1];
    const moved = no !== quoted[0]?.value;
    for (const threshold of quoted) {
      if (wanted.includes(threshold.value)) continue;
      threshold.quoted = false;
      threshold.lastProbabilities = null;
      out.emit({ kind: 'withdraw', externalId: out.externalId, marketKey: threshold.key });
    }
    for (const value of wanted) {
      const known = state.byValue.get(value);
      if (known !== undefined) {
        known.quoted = true;
        // A value that changes side (Yes before, No now) or is quoted again is priced again
        // whatever its chance moved: the house quotes a side by that chance, and a move too
        // small to publish would leave the old side on offer.
        if (moved) known.lastProbabilities = null;
        continue;
      }
      this.addThreshold(state, value, atMs);
      out.emit({
        kind: 'market',
        externalId: out.externalId,
        market: thresholdMarket(state.session, value),
      });
    }
  }

  private addThreshold(state: SessionState, value: number, nowMs: number): Threshold {
    const threshold: Threshold = {
      value,
      key: thresholdKey(state.session.key, value),
      quoted: true,
      lastProbabilities: null,
      lastPublishedMs: nowMs,
    };
    state.thresholds.push(threshold);
    state.byValue.set(value, threshold);
    return threshold;
  }

  private probabilities(out: LineOutput, state: SessionState, threshold: Threshold): number[] {
    const yes = this.lines.atLeastChance(state.session.key, threshold.value);
    return out.publishable([yes, 1 - yes]);
  }

  private publish(
    out: LineOutput,
    state: SessionState,
    threshold: Threshold,
    atMs: number,
    probabilities = this.probabilities(out, state, threshold),
  ): void {
    threshold.lastProbabilities = probabilities;
    threshold.lastPublishedMs = atMs;
    out.emit({
      kind: 'prices',
      externalId: out.externalId,
      marketKey: threshold.key,
      probabilities: [...probabilities],
    });
  }

  private publishResults(out: LineOutput, state: SessionState, voided = false): void {
    const number = voided ? null : this.lines.value(state.session.key);
    for (const threshold of state.thresholds) {
      out.emit({
        kind: 'result',
        externalId: out.externalId,
        marketKey: threshold.key,
        winner: thresholdWinner(number, threshold.value),
      });
    }
  }
}
