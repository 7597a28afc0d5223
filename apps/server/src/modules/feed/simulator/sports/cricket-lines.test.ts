import { describe, expect, it } from 'vitest';
import { LineBook, parseThresholdKey, type LineOutput } from '../line-book';
import { toFairProbabilities } from '../probability';
import { Random } from '../random';
import type { SessionLines } from '../sport-match';
import type { FeedUpdate } from '../types';
import { CRICKET_COMPETITIONS } from '../names';
import { CRICKET } from './cricket';
import { BALLS_PER_OVER, INNINGS_BALLS } from './cricket-outlook';

/** Enough matches for every session to end every way (early innings, openers out first ball). */
const MATCHES = 250;
const SESSIONS_PER_SIDE = 8;
const MAX_PLAYS = 2_000;
/** Every so many balls, each line's chances are checked this many runs either side of it. */
const MONOTONIC_EVERY = 10;
const MONOTONIC_SPAN = 25;

/** What the scoreboard showed of one side's innings after a play. */
interface Shown {
  runs: number;
  wickets: number;
  balls: number;
}

/** One side's innings replayed from the scoreboard, ball by ball. */
interface Replay {
  code: string;
  runs: number;
  wides: number;
  balls: number;
  wickets: number;
  runsAtBalls: Map<number, number>;
  firstWicketRuns: number | null;
  powerplayBoundaries: number;
  batters: number[];
  striker: number;
  nonStriker: number;
  /** Batting positions that were dismissed, in order. */
  out: number[];
}

function parseShown(score: string): Shown | null {
  const match = /^(\d+)\/(\d+) \((\d+)(?:\.(\d))?\)/.exec(score);
  if (match === null) return null;
  const [, runs = 0, wickets = 0, overs = 0, balls = 0] = match.map((part) => Number(part ?? 0));
  return { runs, wickets, balls: overs * BALLS_PER_OVER + balls };
}

/** Applies the difference between two scoreboards of the batting side, the way scorers do. */
function replayBall(replay: Replay, before: Shown, after: Shown): void {
  const runs = after.runs - before.runs;
  if (after.balls === before.balls) {
    expect(runs).toBe(1);
    replay.runs += 1;
    replay.wides += 1;
    return;
  }
  expect(after.balls).toBe(before.balls + 1);
  replay.balls += 1;
  if (after.wickets > before.wickets) {
    expect(runs).toBe(0);
    replay.wickets += 1;
    replay.firstWicketRuns ??= replay.runs;
    replay.out.push(replay.striker);
    replay.striker = replay.batters.length;
    replay.batters.push(0);
  } else {
    replay.runs += runs;
    replay.batters[replay.striker] = (replay.batters[replay.striker] ?? 0) + runs;
    if ((runs === 4 || runs === 6) && replay.balls <= 6 * BALLS_PER_OVER) {
      replay.powerplayBoundaries += 1;
    }
    if (runs % 2 === 1) [replay.striker, replay.nonStriker] = [replay.nonStriker, replay.striker];
  }
  if (replay.balls % BALLS_PER_OVER === 0) {
    [replay.striker, replay.nonStriker] = [replay.nonStriker, replay.striker];
  }
  replay.runsAtBalls.set(replay.balls, replay.runs);
}

/** The number a session should settle on, read from the replayed innings. */
function numberFromReplay(sessionKey: string, replay: Replay): number {
  const [, kind = ''] = sessionKey.split(':');
  const overs = /^(\d+)-over-runs$/.exec(kind);
  if (overs !== null) {
    const balls = Number(overs[1]) * BALLS_PER_OVER;
    return replay.runsAtBalls.get(balls) ?? replay.runs;
  }
  if (kind === 'fall-of-1st-wkt') return replay.firstWicketRuns ?? replay.runs;
  if (kind === 'opener-1-runs') return replay.batters[0] ?? 0;
  if (kind === 'opener-2-runs') return replay.batters[1] ?? 0;
  if (kind === '6-over-boundaries') return replay.powerplayBoundaries;
  throw new Error(`unknown session ${sessionKey}`);
}

interface Played {
  updates: FeedUpdate[];
  /** The values created: the fixture's and those announced. */
  created: string[];
  /** Each side's innings replayed, by its code. */
  replays: Map<string, Replay>;
  /** The openers' session keys by their names. */
  openers: Map<string, string>;
  commentary: string[];
  problems: string[];
  /** The batting side's total line (V_no of '20 Over Runs') before and after some balls. */
  moves: { event: 'wicket' | 'six' | 'dot'; before: number; after: number }[];
}

const CODES = new Map(
  CRICKET_COMPETITIONS.flatMap((competition) =>
    competition.teams.map((team) => [team.name, team.code] as const),
  ),
);

/** Follows what a book published: each session's quoted values, and the sessions settled. */
class Published {
  readonly quoted = new Map<string, Set<number>>();
  readonly settled = new Set<string>();
  private seen = 0;

  constructor(private readonly updates: readonly FeedUpdate[]) {}

  /** Takes in the updates published since the last call. */
  catchUp(): this {
    for (const update of this.updates.slice(this.seen)) {
      if (update.kind !== 'prices' && update.kind !== 'withdraw' && update.kind !== 'result') {
        continue;
      }
      const parsed = parseThresholdKey(update.marketKey);
      if (parsed === null) continue;
      const values = this.quoted.get(parsed.sessionKey) ?? new Set<number>();
      if (update.kind === 'prices') values.add(parsed.value);
      else values.delete(parsed.value);
      if (update.kind === 'result') this.settled.add(parsed.sessionKey);
      this.quoted.set(parsed.sessionKey, values);
    }
    this.seen = this.updates.length;
    return this;
  }

  /** A session's line (V_no); Infinity when it has none. */
  line(sessionKey: string): number {
    return Math.min(...(this.quoted.get(sessionKey) ?? []));
  }
}

/** Checks a session is quoted on V_no and V_no + 1 as its chances now say; returns V_no. */
function checkedLine(
  lines: SessionLines,
  sessionKey: string,
  values: ReadonlySet<number>,
  problems: string[],
  monotonicToo: boolean,
): number | null {
  const [no, yes, ...more] = [...values].sort((a, b) => a - b);
  if (no === undefined || yes !== no + 1 || more.length > 0) {
    problems.push(`${sessionKey} quoted on ${[...values].join(', ')}`);
    return null;
  }
  const reachNo = lines.atLeastChance(sessionKey, no);
  const reachYes = lines.atLeastChance(sessionKey, yes);
  if (!(reachYes < 0.5 && (reachNo >= 0.5 || no === 1))) {
    problems.push(`${sessionKey}: P(X ≥ ${no}) = ${reachNo}, P(X ≥ ${yes}) = ${reachYes}`);
  }
  if (!monotonicToo) return no;
  // The chance falls as the value rises, and stays a chance.
  let previous = 1;
  for (let value = Math.max(0, no - MONOTONIC_SPAN); value <= no + MONOTONIC_SPAN; value++) {
    const chance = lines.atLeastChance(sessionKey, value);
    if (!(chance >= 0 && chance <= previous + 1e-12)) {
      problems.push(`${sessionKey}: P(X ≥ ${value}) = ${chance} after ${previous}`);
      break;
    }
    previous = chance;
  }
  return no;
}

const newReplay = (code: string): Replay => ({
  code,
  runs: 0,
  wides: 0,
  balls: 0,
  wickets: 0,
  runsAtBalls: new Map(),
  firstWicketRuns: null,
  powerplayBoundaries: 0,
  batters: [0, 0],
  striker: 0,
  nonStriker: 1,
  out: [],
});

/**
 * Plays a match as the simulator does, with its sessions' lines in a line book: each ball
 * suspends what it says, settles what it decides, moves the lines, then reopens before the next.
 */
function playWithLines(seed: number): Played {
  const created = CRICKET.createFixture({
    rng: new Random(seed),
    startAt: new Date('2025-03-01T12:00:00Z'),
    busyNames: new Set(),
  });
  const { match } = created;
  const lines = match.lines;
  if (lines === undefined) throw new Error('cricket offers no lines');
  const updates: FeedUpdate[] = [];
  const out: LineOutput = {
    externalId: 'x',
    publishable: (raw) => toFairProbabilities(raw),
    due: (last, next) =>
      last === null || next.some((p, index) => Math.abs(p - (last[index] ?? 0)) >= 0.005),
    emit: (update) => updates.push(update),
  };
  const book = new LineBook(lines, created.markets, 0);
  const played: Played = {
    updates,
    created: created.markets.flatMap((market) => (market.type === 'FANCY' ? [market.key] : [])),
    replays: new Map(),
    openers: new Map(
      lines.sessions.flatMap((session) =>
        session.key.includes(':opener-') ? [[session.name.replace(/ Runs$/, ''), session.key]] : [],
      ),
    ),
    commentary: [],
    problems: [],
    moves: [],
  };
  const shown = new Map<string, Shown>();
  const published = new Published(updates);
  let atMs = 0;
  book.refresh(out, atMs, 40_000);
  for (let plays = 0; plays < MAX_PLAYS; plays++) {
    atMs += 10_000;
    published.catchUp();
    const totalLines = new Map(
      [...played.replays.keys()].map((code) => [
        code,
        published.line(`fancy:20-over-runs:${code}`),
      ]),
    );
    const outcome = match.play();
    played.commentary.push(...outcome.commentary);
    // The ball as the scoreboard shows it, replayed for the side batting.
    let ball: { code: string; before: Shown; after: Shown } | null = null;
    for (const team of match.scoreboard().teams) {
      const now = parseShown(team.score);
      const code = CODES.get(team.name) ?? team.name;
      if (now === null) continue;
      const before = shown.get(code) ?? { runs: 0, wickets: 0, balls: 0 };
      shown.set(code, now);
      if (now.runs === before.runs && now.balls === before.balls) continue;
      ball = { code, before, after: now };
      const replay = played.replays.get(code) ?? newReplay(code);
      replayBall(replay, before, now);
      played.replays.set(code, replay);
    }
    const suspended = (outcome.suspension?.marketKeys ?? []).filter((key) => book.hasSession(key));
    for (const key of suspended) {
      book.suspend(out, key, outcome.suspension?.reason ?? '', atMs + 1_000);
    }
    for (const key of outcome.sessionsDecided ?? []) book.settle(out, key);
    if (outcome.nextPlayInSeconds === null) break;
    book.refresh(out, atMs, 40_000);
    for (const key of suspended) book.resume(out, key, atMs + 1_000);
    book.refresh(out, atMs + 1_000, 40_000);

    published.catchUp();
    for (const session of lines.sessions) {
      if (published.settled.has(session.key)) continue;
      const values = published.quoted.get(session.key) ?? new Set();
      checkedLine(lines, session.key, values, played.problems, plays % MONOTONIC_EVERY === 0);
    }
    if (ball !== null && ball.after.balls > ball.before.balls) {
      const totalKey = `fancy:20-over-runs:${ball.code}`;
      const runs = ball.after.runs - ball.before.runs;
      const wicket = ball.after.wickets > ball.before.wickets;
      const event = wicket ? 'wicket' : runs === 6 ? 'six' : runs === 0 ? 'dot' : null;
      const before = totalLines.get(ball.code) ?? published.line(totalKey);
      const after = published.line(totalKey);
      if (event !== null && Number.isFinite(before) && Number.isFinite(after)) {
        played.moves.push({ event, before, after });
      }
    }
  }
  book.settleAll(out, false);
  for (const update of updates) {
    if (update.kind === 'market') played.created.push(update.market.key);
  }
  return played;
}

/** The dismissals and not-out batters the commentary names, with their runs. */
function battersInCommentary(commentary: readonly string[]) {
  const dismissed: { code: string; name: string; runs: number }[] = [];
  const notOut: { name: string; runs: number }[] = [];
  for (const line of commentary) {
    const wicket = /WICKET! (.+) (\d+) ([A-Z]+) \d+\/\d+$/.exec(line);
    if (wicket !== null) {
      dismissed.push({ code: wicket[3] ?? '', name: wicket[1] ?? '', runs: Number(wicket[2]) });
    }
    if (line.startsWith('Not out: ')) {
      for (const part of line.slice('Not out: '.length).split(', ')) {
        const batter = /^(.+) (\d+)$/.exec(part);
        notOut.push({ name: batter?.[1] ?? '', runs: Number(batter?.[2]) });
      }
    }
  }
  return { dismissed, notOut };
}

describe('cricket fancy lines over many seeded matches', () => {
  const matches = Array.from({ length: MATCHES }, (_, seed) => playWithLines(seed + 1));

  it('quotes every open session on V_no and V_no + 1, with P(X ≥ V_no) ≥ 1/2 > P(X ≥ V_no + 1)', () => {
    expect(matches.flatMap((match) => match.problems).slice(0, 10)).toEqual([]);
  });

  it('settles every value it created exactly once, on the number the ball-by-ball replay gives', () => {
    let yes = 0;
    let no = 0;
    for (const match of matches) {
      const results = new Map<string, number | null>();
      for (const update of match.updates) {
        if (update.kind !== 'result') continue;
        expect(results.has(update.marketKey), `${update.marketKey} settled twice`).toBe(false);
        results.set(update.marketKey, update.winner);
      }
      expect(match.created).toHaveLength(new Set(match.created).size);
      expect([...results.keys()].sort()).toEqual([...match.created].sort());
      const sessions = new Set<string>();
      for (const [key, winner] of results) {
        const parsed = parseThresholdKey(key);
        if (parsed === null) throw new Error(`not a run value: ${key}`);
        sessions.add(parsed.sessionKey);
        const code = parsed.sessionKey.split(':')[2] ?? '';
        const replay = match.replays.get(code);
        if (replay === undefined) throw new Error(`${code} never batted`);
        const number = numberFromReplay(parsed.sessionKey, replay);
        expect(winner, `${key} on ${number}`).toBe(number >= parsed.value ? 0 : 1);
        if (winner === 0) yes += 1;
        else no += 1;
      }
      expect(sessions.size).toBe(2 * SESSIONS_PER_SIDE);
    }
    expect(Math.min(yes, no)).toBeGreaterThan(MATCHES * 20);
  });

  it("tracks every batter's runs: they add up to the total less the wides", () => {
    for (const match of matches) {
      const { dismissed, notOut } = battersInCommentary(match.commentary);
      const batters = [...dismissed, ...notOut].reduce((sum, batter) => sum + batter.runs, 0);
      const replays = [...match.replays.values()];
      const total = replays.reduce((sum, replay) => sum + replay.runs - replay.wides, 0);
      expect(batters).toBe(total);
      // Each dismissal is the replay's, in order, an opener's under his own name.
      for (const replay of replays) {
        const mine = dismissed.filter((batter) => batter.code === replay.code);
        expect(mine.map((batter) => batter.runs)).toEqual(
          replay.out.map((position) => replay.batters[position]),
        );
        replay.out.forEach((position, index) => {
          const opener = match.openers.get(mine[index]?.name ?? '');
          if (position < 2) expect(opener).toBe(`fancy:opener-${position + 1}-runs:${replay.code}`);
          else expect(opener).toBeUndefined();
        });
      }
    }
  });

  it('moves the total line down on a wicket and up on a six', () => {
    const mean = (event: string) => {
      const moves = matches.flatMap((match) => match.moves).filter((move) => move.event === event);
      expect(moves.length).toBeGreaterThan(MATCHES);
      return moves.reduce((sum, move) => sum + move.after - move.before, 0) / moves.length;
    };
    expect(mean('wicket')).toBeLessThan(-3);
    expect(mean('six')).toBeGreaterThan(2);
    expect(Math.abs(mean('dot'))).toBeLessThan(Math.abs(mean('wicket')));
  });

  it('creates a bounded number of markets per match', () => {
    const created = matches.map((match) => match.created.length);
    const average = created.reduce((sum, count) => sum + count, 0) / created.length;
    // Opening on 32 values, each line moving a run or two a ball at most.
    expect(Math.min(...created)).toBeGreaterThanOrEqual(2 * SESSIONS_PER_SIDE * 2);
    expect(average).toBeLessThan(INNINGS_BALLS * 2 * 3);
  });
});
