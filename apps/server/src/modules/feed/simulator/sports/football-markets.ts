/**
 * Football's markets: match odds, Over/Under 1.5, 2.5 and 3.5 Goals, and Both Teams to Score.
 * Each is one rule, the runner a final score makes the winner; pricing sorts every final score
 * the remaining goals can reach by that same rule, so a market's price and its settlement can
 * never disagree, and all of them follow one goal model (football.ts).
 */
import { matchOddsMarket } from '../sport-match';
import type { FeedMarketSpec } from '../types';

/** Goals of each side, home first. */
export type Goals = readonly [number, number];

/** Each side's chances of scoring 0, 1, 2, … more goals, home first. */
export type RemainingGoals = readonly [readonly number[], readonly number[]];

export interface FootballMarket {
  spec: FeedMarketSpec;
  /** The winning runner at this final score. */
  winner(goals: Goals): number;
  /**
   * The winning runner when these goals already make it certain (an Over line passed, both
   * sides on the scoresheet), or null while goals still to come could change it.
   */
  decidedBy(goals: Goals): number | null;
}

export const OVER_UNDER_LINES = [1.5, 2.5, 3.5] as const;
export const BOTH_TEAMS_TO_SCORE_KEY = 'both_teams_to_score';
const DRAW_RUNNER = 'The Draw';
/** Runner indices: Under before Over, Yes before No. */
const UNDER = 0;
const OVER = 1;
const YES = 0;
const NO = 1;

/** 'over_under_2.5': the key of an Over/Under line. */
export function overUnderKey(line: number): string {
  return `over_under_${line}`;
}

/** Match odds' runner at a score: home, away, or the draw. */
function resultRunner([home, away]: Goals): number {
  return home > away ? 0 : away > home ? 1 : 2;
}

function matchOdds(homeName: string, awayName: string): FootballMarket {
  return {
    spec: matchOddsMarket([homeName, awayName, DRAW_RUNNER]),
    winner: resultRunner,
    decidedBy: () => null,
  };
}

function overUnder(line: number): FootballMarket {
  const over = ([home, away]: Goals) => home + away > line;
  return {
    spec: {
      key: overUnderKey(line),
      type: 'MATCH_ODDS',
      name: `Over/Under ${line} Goals`,
      runners: [`Under ${line} Goals`, `Over ${line} Goals`],
      line: null,
    },
    winner: (goals) => (over(goals) ? OVER : UNDER),
    // Goals never come off the board, so a line once passed stays passed.
    decidedBy: (goals) => (over(goals) ? OVER : null),
  };
}

function bothTeamsToScore(): FootballMarket {
  const both = ([home, away]: Goals) => home > 0 && away > 0;
  return {
    spec: {
      key: BOTH_TEAMS_TO_SCORE_KEY,
      type: 'MATCH_ODDS',
      name: 'Both Teams to Score',
      runners: ['Yes', 'No'],
      line: null,
    },
    winner: (goals) => (both(goals) ? YES : NO),
    decidedBy: (goals) => (both(goals) ? YES : null),
  };
}

/** A football fixture's markets in display order: match odds first, as event lists show it. */
export function footballMarkets(homeName: string, awayName: string): FootballMarket[] {
  return [matchOdds(homeName, awayName), ...OVER_UNDER_LINES.map(overUnder), bothTeamsToScore()];
}

/**
 * A market's fair chances in runner order: every pair of remaining goal counts, at the product
 * of the two sides' chances (their goals are independent), credited to the runner its final
 * score makes the winner.
 */
export function marketChances(
  market: FootballMarket,
  goals: Goals,
  remaining: RemainingGoals,
): number[] {
  const chances = market.spec.runners.map(() => 0);
  const [homeMore, awayMore] = remaining;
  homeMore.forEach((homeChance, home) => {
    awayMore.forEach((awayChance, away) => {
      const runner = market.winner([goals[0] + home, goals[1] + away]);
      chances[runner] = (chances[runner] ?? 0) + homeChance * awayChance;
    });
  });
  // The grid sums to 1 up to rounding; dividing keeps every entry within [0, 1].
  const total = chances.reduce((sum, p) => sum + p, 0);
  return chances.map((p) => p / total);
}
