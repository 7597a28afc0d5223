/**
 * The contract between the simulator and each sport. A sport only knows how its game is played
 * and priced; the simulator owns time, statuses, suspensions, price publication and settlement.
 * Keeping that split means every sport gets the same feed rules (pairing, thresholds, results
 * exactly once) without repeating them.
 */
import type { SportId } from '@backlay/contract/sports';
import type { Random } from './random';
import type { FeedMarketSpec } from './types';

export const MATCH_ODDS_KEY = 'match_odds';
export const BOOKMAKER_KEY = 'bookmaker';

/** A big moment: these markets (those still undecided) close for a while. */
export interface Suspension {
  reason: string;
  /** Market keys, or the keys of sessions quoted as lines (all their quoted values close). */
  marketKeys: readonly string[];
  /** Simulated seconds, not match-clock seconds, so a suspension reads the same at any pace. */
  seconds: number;
  /**
   * At most this share of the time until the next play, for a pause that must end before it
   * (a ball running): at a fast pace the markets still open between plays.
   */
  maxShareOfNextPlay?: number;
}

export interface MarketDecision {
  marketKey: string;
  /** Runner index, or null for void. */
  winner: number | null;
}

/** What one moment of play did. */
export interface PlayOutcome {
  /** Match-clock seconds until the match next needs to play, or null when it is over. */
  nextPlayInSeconds: number | null;
  /** New commentary lines, oldest first. */
  commentary: string[];
  suspension: Suspension | null;
  /** Markets decided by this play before the end. */
  decided: MarketDecision[];
  /** Sessions quoted as lines whose number this play made final (a cricket session). */
  sessionsDecided?: readonly string[];
}

/** A session a match offers as a line: the simulator quotes it as run values (line-book.ts). */
export interface LineSession {
  /** 'fancy:6-over-runs:MI'; its run values are markets 'fancy:6-over-runs:MI@48'. */
  key: string;
  /** '6 Over Runs MI': the name every one of its markets shows. */
  name: string;
}

/** A match's sessions quoted as lines, and what their numbers are or may become. */
export interface SessionLines {
  sessions: readonly LineSession[];
  /** The chance that an undecided session's number ends at `value` or more. */
  atLeastChance(sessionKey: string, value: number): number;
  /** A session's number once decided (or the match over); null when it is void. */
  value(sessionKey: string): number | null;
}

export interface Scoreboard {
  summary: string;
  teams: { name: string; score: string }[];
}

/**
 * One pre-match move of a match's strengths, sized by the simulator: an Ornstein–Uhlenbeck step
 * that pulls them back towards their opening values and adds noise worth `logOddsSd` in the
 * log-odds of match odds (weight of money, and now and then news).
 */
export interface DriftStep {
  /** The share of the strengths' distance from their opening values that is kept. */
  keep: number;
  /** The noise's standard deviation, in the log-odds of a runner of match odds. */
  logOddsSd: number;
}

/**
 * One strength after a drift step: `keep` of its distance from `opening`, plus a normal move of
 * `sd` (the step's log-odds noise in the strength's own units).
 */
export function driftedStrength(
  rng: Random,
  current: number,
  opening: number,
  keep: number,
  sd: number,
): number {
  return opening + keep * (current - opening) + sd * rng.normal();
}

/** One match being played. It draws only from the random stream it was created with. */
export interface SportMatch {
  /**
   * Moves the underlying strengths before the start (team news, weight of money), around their
   * opening values: what the match is then played with, so prices go into play from there.
   */
  drift(step: DriftStep): void;
  /** Plays the next moment; the first call starts the match. */
  play(): PlayOutcome;
  scoreboard(): Scoreboard;
  /** Fair probabilities of an undecided market, in runner order (the simulator clamps them). */
  probabilities(marketKey: string): number[];
  /** Once the match is over: the winning runner of a market not yet decided, or null for void. */
  winner(marketKey: string): number | null;
  /** Sessions quoted as lines, if the sport has any (cricket's fancy). */
  readonly lines?: SessionLines;
}

export interface CreatedFixture {
  competition: string;
  /** The venue's clock (an IANA zone). */
  venueTimeZone: string;
  title: string;
  participants: string[];
  markets: FeedMarketSpec[];
  match: SportMatch;
}

export interface FixtureRequest {
  rng: Random;
  startAt: Date;
  /** Participants already in this sport's current fixtures, avoided when there is a choice. */
  busyNames: ReadonlySet<string>;
}

export interface SportDefinition {
  sportId: SportId;
  /** Match-clock seconds the shortest plausible match lasts: bounds the head start at `start`. */
  shortestMatchSeconds: number;
  /** The chance a fixture is abandoned part-way (rain, injury, a void race). */
  abandonChance: number;
  abandonReason: string;
  createFixture(request: FixtureRequest): CreatedFixture;
}

/** A play that decides no market before the end, as all do but a cricket session's last ball. */
export function playOutcome(
  nextPlayInSeconds: number | null,
  commentary: string[],
  suspension: Suspension | null,
): PlayOutcome {
  return { nextPlayInSeconds, commentary, suspension, decided: [] };
}

/** A play that only moves the clock on. */
export function quietPlay(nextPlayInSeconds: number | null, ...commentary: string[]): PlayOutcome {
  return playOutcome(nextPlayInSeconds, commentary, null);
}

/** Closes match odds for a while: the only market most sports have. */
export function matchOddsSuspension(reason: string, seconds: number): Suspension {
  return { reason, marketKeys: [MATCH_ODDS_KEY], seconds };
}

/** The 'Match Odds' market over these runners. */
export function matchOddsMarket(runners: string[]): FeedMarketSpec {
  return { key: MATCH_ODDS_KEY, type: 'MATCH_ODDS', name: 'Match Odds', runners, line: null };
}

/** Picks `count` names from `pool`, preferring names not busy elsewhere. */
export function pickFreeNames(
  rng: Random,
  pool: readonly string[],
  count: number,
  busyNames: ReadonlySet<string>,
): string[] {
  const free = pool.filter((name) => !busyNames.has(name));
  return rng.sample(free.length >= count ? free : pool, count);
}
