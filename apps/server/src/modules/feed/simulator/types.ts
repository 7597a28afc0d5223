/**
 * The simulator's public shapes. They are the contract the server's feed wiring is written
 * against, so they stay plain data (no classes, no methods) and never change shape silently.
 */
import type { EventStatus, MarketType, SportId } from '@backlay/contract/sports';

export interface FeedMarketSpec {
  /** Stable within its fixture: 'match_odds', 'bookmaker', 'fancy:<something>'. */
  key: string;
  type: MarketType;
  /** 'Match Odds', 'Bookmaker', '6 Over Runs MI'. */
  name: string;
  /** Names in display order; FANCY is always ['Yes', 'No']. */
  runners: string[];
  /**
   * FANCY: one run value V of a session as V - 0.5, e.g. 48.5 for 49 (Yes wins when the
   * session's number is above the line: at least V); else null.
   */
  line: number | null;
}

export interface FeedFixture {
  /** Stable, unique, e.g. 'sim-3-000017'. */
  externalId: string;
  sportId: SportId;
  /** 'Indian Premier League'. */
  competition: string;
  /** The venue's clock, an IANA zone ('Asia/Kolkata', 'Europe/London'). */
  venueTimeZone: string;
  /** 'Mumbai Indians v Chennai Super Kings'; horse racing: '14:30 Mahalaxmi (IND) 1200m'. */
  title: string;
  /** Teams or players; horse racing: the horses. */
  participants: string[];
  startAt: Date;
  markets: FeedMarketSpec[];
}

export interface FeedScore {
  /** One line, e.g. 'MI 152/4 (17.2) v CSK 180/7'. */
  summary: string;
  teams: { name: string; score: string }[];
  /** Newest first, at most 10. */
  commentary: string[];
  /**
   * Each session quoted as a line (cricket's fancy), by its key ('fancy:6-over-runs:MI'): its
   * number as it stands (runs, or boundaries), final once decided; null before its side bats.
   */
  sessions?: { key: string; value: number | null }[];
}

export type FeedUpdate =
  | { kind: 'fixture'; fixture: FeedFixture }
  | { kind: 'status'; externalId: string; status: EventStatus }
  /** A market added to a fixture announced earlier (a fancy session's new run value). */
  | { kind: 'market'; externalId: string; market: FeedMarketSpec }
  | { kind: 'score'; externalId: string; score: FeedScore }
  /**
   * Fair probabilities per runner of one market, in runner order, summing to 1: each in (0,1),
   * but 0 for a runner that can no longer win (and then 1 for a certain one), never quoted.
   */
  | { kind: 'prices'; externalId: string; marketKey: string; probabilities: number[] }
  /** No longer priced (a run value the session's line has left): no quotes until new prices. */
  | { kind: 'withdraw'; externalId: string; marketKey: string }
  | { kind: 'suspend'; externalId: string; marketKey: string; reason: string }
  | { kind: 'resume'; externalId: string; marketKey: string }
  /** The market is decided: winner is a runner index, or null for void (e.g. abandoned). */
  | { kind: 'result'; externalId: string; marketKey: string; winner: number | null };

export interface SimulatorOptions {
  seed: number;
  /** Simulated time the simulator starts at. */
  start: Date;
  /** Fixtures kept scheduled per sport (default 6); finished ones are replaced by new ones. */
  fixturesPerSport?: number;
  /**
   * How many times faster than real time a match runs (default 6: a football match ≈ 15 min,
   * a T20 ≈ 30 min, a race ≈ 1 min).
   */
  pace?: number;
}

export interface Simulator {
  /**
   * Everything that happened between the last call (or `start`) and `to`, in time order. The
   * first call also emits a 'fixture' update for every initial fixture and their initial
   * 'prices' (and statuses/scores for those already in play).
   */
  advance(to: Date): FeedUpdate[];
  /** The fixtures currently known (scheduled, in play, or finished but not yet replaced). */
  fixtures(): FeedFixture[];
}
