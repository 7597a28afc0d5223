/**
 * T20 win and session chances: a model of the chase. The runs a side has still to score are
 * priced as a normal whose mean is the exact expected runs from its state (cricket-outlook.ts:
 * balls left and wickets in hand, the par rate falling as wickets fall) scaled by what the pitch
 * seems to give, and whose variance is luck (in proportion to the runs to come) plus what is
 * still unknown about the pitch. A chase is won when those runs reach the runs required; the
 * side batting first wins when its projected total beats what the chasing side is expected to
 * make on the same pitch (the par for the format, for these sides, on what the pitch has shown).
 *
 * The pitch is the one thing the price learns during a match. Every pitch is different (the
 * simulation draws one per match, PITCH_RUNS_SHARE of the runs either way), the price does not
 * know it, and the runs scored so far against what the usual pitch gives after as many balls
 * tell it: 152 made where 165 was expected says the pitch is a little slow, so chasing 153 is
 * close to a par chase, neither a stroll nor a lost cause. Wickets are not read as news about
 * the pitch, only runs, so the chances stay monotonic: more runs required, more wickets down or
 * fewer balls left never raise a chasing side's chance.
 */
import { probabilityAbove } from '../probability';
import {
  ALL_OUT_WICKETS,
  INNINGS_BALLS,
  PITCH_RUNS_SHARE,
  ballModel,
  runsOutlook,
  runsSoFar,
  type BallModel,
  type RunsOutlook,
} from './cricket-outlook';

/** Runs to come before some ball (the end of the innings, or of a session). */
export interface RunsAhead {
  outlook: RunsOutlook;
  /**
   * Luck's variance per run expected, measured over a whole stretch from its start. A variance in
   * proportion to the mean keeps a chance rising with the runs expected (see `remainingRuns`).
   */
  dispersion: number;
}

/** What a price knows of a side's batting: its outlooks on the usual pitch. */
export interface BattingOutlook {
  /** The side's ball model on the usual pitch, which the outlooks are worked out from. */
  model: BallModel;
  innings: RunsAhead;
  /** Expected runs after so many legal balls of its innings. */
  soFar: (balls: number) => number;
  /** Keyed by a session's length in legal balls. */
  sessions: ReadonlyMap<number, RunsAhead>;
}

export interface InningsScore {
  runs: number;
  wickets: number;
  /** Legal balls bowled. */
  balls: number;
}

/** What the pitch seems to give: the share more runs than the usual pitch, as a normal belief. */
export interface PitchBelief {
  mean: number;
  variance: number;
}

/** The belief before a ball is bowled. */
export const PITCH_PRIOR: PitchBelief = { mean: 0, variance: PITCH_RUNS_SHARE ** 2 };

function runsAhead(outlook: RunsOutlook): RunsAhead {
  const mean = outlook.mean(0, 0);
  return { outlook, dispersion: mean > 0 ? outlook.variance(0, 0) / mean : 0 };
}

/** The outlooks of a side `edge` standard deviations better than the bowlers, on a usual pitch. */
export function battingOutlook(edge: number, sessionBalls: readonly number[]): BattingOutlook {
  const model = ballModel(edge);
  // Only play in an innings needs what is expected so far: built when first asked for.
  let soFar: ((balls: number) => number) | null = null;
  return {
    model,
    innings: runsAhead(runsOutlook(model, INNINGS_BALLS)),
    soFar: (balls) => {
      soFar ??= runsSoFar(model);
      return soFar(balls);
    },
    sessions: new Map(
      sessionBalls.map((balls): [number, RunsAhead] => [
        balls,
        runsAhead(runsOutlook(model, balls)),
      ]),
    ),
  };
}

/**
 * The belief about the pitch after these innings: each side's runs against what it was expected
 * to have after as many balls, weighed by how much luck could explain (a normal update of the
 * prior with one observation per innings, runs ≈ expected × (1 + pitch) + luck).
 */
export function pitchBelief(
  innings: readonly { outlook: BattingOutlook; score: InningsScore }[],
): PitchBelief {
  let precision = 1 / PITCH_PRIOR.variance;
  let weighedSurplus = 0;
  for (const { outlook, score } of innings) {
    const expected = outlook.soFar(score.balls);
    const dispersion = outlook.innings.dispersion;
    if (expected <= 0 || dispersion <= 0) continue;
    precision += expected / dispersion;
    weighedSurplus += (score.runs - expected) / dispersion;
  }
  return { mean: weighedSurplus / precision, variance: 1 / precision };
}

/**
 * The runs still to come from `score` before the stretch ends, as a normal: the expected runs on
 * the usual pitch m, scaled by the pitch's belief, with variance dispersion × m (luck) plus
 * belief variance × m² (the pitch). Both grow with m, so that a chance of reaching any number of
 * runs rises with m: a state with more balls left or fewer wickets down (larger m) never has a
 * lower chance.
 */
export function remainingRuns(
  ahead: RunsAhead,
  score: InningsScore,
  belief: PitchBelief,
): { mean: number; variance: number } {
  const expected = ahead.outlook.mean(score.balls, score.wickets);
  return {
    mean: (1 + belief.mean) * expected,
    variance: ahead.dispersion * expected + belief.variance * expected * expected,
  };
}

function inningsOver(score: InningsScore): boolean {
  return score.balls >= INNINGS_BALLS || score.wickets >= ALL_OUT_WICKETS;
}

/**
 * The chasing side's chance of winning from `score`, needing `target`: its remaining runs reach
 * the runs required; a tie (a super over) counts half.
 */
export function chaseWinChance(
  chaser: BattingOutlook,
  score: InningsScore,
  target: number,
  belief: PitchBelief,
): number {
  const required = target - score.runs;
  if (required <= 0) return 1;
  if (inningsOver(score)) return required === 1 ? 0.5 : 0;
  const rest = remainingRuns(chaser.innings, score, belief);
  // Above required - 1 in the continuous approximation: a win, and half the tie.
  return probabilityAbove(required - 1, rest.mean, Math.sqrt(rest.variance));
}

/**
 * The chance the side batting first wins, from its innings so far: its projected total against
 * what the chasing side is expected to make on the same pitch. The pitch's part in both is one
 * unknown, so it counts once, on the difference.
 */
export function settingWinChance(
  setter: BattingOutlook,
  score: InningsScore,
  chaser: BattingOutlook,
  belief: PitchBelief,
): number {
  const setterRest = setter.innings.outlook.mean(score.balls, score.wickets);
  const chaserTotal = chaser.innings.outlook.mean(0, 0);
  const difference = setterRest - chaserTotal;
  const margin = score.runs + (1 + belief.mean) * difference;
  const variance =
    belief.variance * difference * difference +
    setter.innings.dispersion * setterRest +
    chaser.innings.dispersion * chaserTotal;
  // The first side wins when the chase falls short of its total; a tie counts half.
  return probabilityAbove(0, margin, Math.sqrt(variance));
}

/** The chance a side has more than `line` runs when its session of `sessionBalls` ends. */
export function sessionOverChance(
  batting: BattingOutlook,
  sessionBalls: number,
  score: InningsScore,
  line: number,
  belief: PitchBelief,
): number {
  const ahead = batting.sessions.get(sessionBalls);
  if (ahead === undefined) throw new RangeError(`No outlook for a ${sessionBalls}-ball session`);
  const rest = remainingRuns(ahead, score, belief);
  // Over a half-run line means runs ≥ line + 0.5: in the continuous approximation, above line.
  return probabilityAbove(line - score.runs, rest.mean, Math.sqrt(rest.variance));
}
