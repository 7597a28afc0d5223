/**
 * One side's innings as the scorers keep it: the total, each batter's runs and who is on strike,
 * and what the fancy sessions settle on (the score when the first wicket fell, the boundaries of
 * the first six overs). A wide is one run to the total and nobody's; a legal ball is a wicket
 * (the striker is out and the next batter comes in at his end) or runs to the striker, the
 * batters crossing on odd runs; at the end of each over they change ends.
 */
import type { Side } from './head-to-head';
import { ALL_OUT_WICKETS, BALLS_PER_OVER } from './cricket-outlook';

/** The legal balls of the first six overs, whose fours and sixes a session counts. */
export const POWERPLAY_BALLS = 6 * BALLS_PER_OVER;
/** The batting positions of the two openers (the first faces the first ball). */
export const OPENERS = [0, 1] as const;
export type Opener = (typeof OPENERS)[number];

export interface Innings {
  batting: Side;
  runs: number;
  wickets: number;
  /** Legal balls bowled. */
  balls: number;
  /** Runs each batter who has come in has made, in batting order (the openers first). */
  batterRuns: number[];
  /** Batting positions of the batters at the crease (into `batterRuns`). */
  striker: number;
  nonStriker: number;
  /** The total when the first wicket fell; null until it falls. */
  firstWicketRuns: number | null;
  /** Legal balls of the first POWERPLAY_BALLS hit for four or six. */
  powerplayBoundaries: number;
  /** Runs from wides: the total less what the batters made. */
  extras: number;
}

/** What a legal ball did: a wicket, or so many runs off the bat. */
export type LegalBall = { wicket: true } | { wicket: false; runs: number };

export function newInnings(batting: Side): Innings {
  return {
    batting,
    runs: 0,
    wickets: 0,
    balls: 0,
    batterRuns: [0, 0],
    striker: OPENERS[0],
    nonStriker: OPENERS[1],
    firstWicketRuns: null,
    powerplayBoundaries: 0,
    extras: 0,
  };
}

/** A wide: a run to the total, nobody's, and the ball bowled again. */
export function bowlWide(innings: Innings): void {
  innings.runs += 1;
  innings.extras += 1;
}

/** A legal ball; returns the batting position of the batter it dismissed, or null. */
export function bowlLegal(innings: Innings, ball: LegalBall): number | null {
  innings.balls += 1;
  let dismissed: number | null = null;
  if (ball.wicket) {
    dismissed = innings.striker;
    innings.wickets += 1;
    innings.firstWicketRuns ??= innings.runs;
    if (innings.wickets < ALL_OUT_WICKETS) {
      innings.striker = innings.batterRuns.length;
      innings.batterRuns.push(0);
    }
  } else {
    innings.runs += ball.runs;
    innings.batterRuns[innings.striker] = (innings.batterRuns[innings.striker] ?? 0) + ball.runs;
    if ((ball.runs === 4 || ball.runs === 6) && innings.balls <= POWERPLAY_BALLS) {
      innings.powerplayBoundaries += 1;
    }
    if (ball.runs % 2 === 1) changeEnds(innings);
  }
  // All out, the striker stays the last man out and the non-striker the one not out.
  if (innings.balls % BALLS_PER_OVER === 0 && innings.wickets < ALL_OUT_WICKETS) {
    changeEnds(innings);
  }
  return dismissed;
}

function changeEnds(innings: Innings): void {
  [innings.striker, innings.nonStriker] = [innings.nonStriker, innings.striker];
}
