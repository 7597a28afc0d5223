/**
 * The T20 ball model and what it implies about runs still to come. A ball's odds depend only on
 * the batting side's edge and the phase of the innings (powerplay, middle, death), so the
 * expected runs and their spread from any (ball, wickets) state are an exact dynamic programme
 * over the same odds the simulation rolls. Prices, fancy lines and play therefore share one model.
 */

export const BALLS_PER_OVER = 6;
export const INNINGS_BALLS = 20 * BALLS_PER_OVER;
export const ALL_OUT_WICKETS = 10;
/** Runs a legal ball that is not a wicket may score, with base weights below. */
export const RUN_VALUES = [0, 1, 2, 3, 4, 6] as const;

const BASE_RUN_WEIGHTS = [0.37, 0.36, 0.08, 0.01, 0.12, 0.06] as const;
const WIDE_CHANCE = 0.035;

interface Phase {
  /** First legal ball (0-based) after the phase. */
  untilBall: number;
  /** Above 1 shifts dots into boundaries. */
  intensity: number;
  wicketChance: number;
}

const PHASES: readonly Phase[] = [
  { untilBall: 36, intensity: 1.05, wicketChance: 0.042 },
  { untilBall: 96, intensity: 0.95, wicketChance: 0.038 },
  { untilBall: INNINGS_BALLS, intensity: 1.35, wicketChance: 0.075 },
];

export interface BallOdds {
  wicketChance: number;
  /** Chances of each of RUN_VALUES when the ball is not a wicket. */
  runChances: number[];
  meanRuns: number;
  meanSquareRuns: number;
}

export interface BallModel {
  wideChance: number;
  /** The odds of legal ball `ball` (0-based) of an innings. */
  ballAt(ball: number): BallOdds;
}

/** The ball model of a batting side `edge` standard deviations better than the bowlers. */
export function ballModel(edge: number): BallModel {
  const scoring = Math.exp(0.07 * edge);
  const survival = Math.exp(0.1 * edge);
  const phaseOdds = PHASES.map((phase): BallOdds => {
    const intensity = phase.intensity * scoring;
    const weights = BASE_RUN_WEIGHTS.map((weight, index) => {
      const runs = RUN_VALUES[index] ?? 0;
      if (runs === 0) return weight / intensity;
      return runs >= 4 ? weight * intensity : weight;
    });
    const total = weights.reduce((sum, weight) => sum + weight, 0);
    const runChances = weights.map((weight) => weight / total);
    const moment = (power: number) =>
      runChances.reduce(
        (sum, chance, index) => sum + chance * (RUN_VALUES[index] ?? 0) ** power,
        0,
      );
    return {
      wicketChance: phase.wicketChance / survival,
      runChances,
      meanRuns: moment(1),
      meanSquareRuns: moment(2),
    };
  });
  return {
    wideChance: WIDE_CHANCE,
    ballAt(ball) {
      const index = PHASES.findIndex((phase) => ball < phase.untilBall);
      const odds = phaseOdds[index === -1 ? phaseOdds.length - 1 : index];
      if (odds === undefined) throw new RangeError('The ball model has no phases');
      return odds;
    },
  };
}

export interface RunsOutlook {
  /** Expected runs from legal ball `ball` with `wickets` down until the session or innings ends. */
  mean(ball: number, wickets: number): number;
  variance(ball: number, wickets: number): number;
}

/** Runs still to come before legal ball `endBall` (or ten wickets), from every state. */
export function runsOutlook(model: BallModel, endBall: number): RunsOutlook {
  const columns = ALL_OUT_WICKETS + 1;
  const means = new Float64Array((endBall + 1) * columns);
  const squares = new Float64Array((endBall + 1) * columns);
  // Wides before a legal ball: a geometric count, one run each.
  const wide = model.wideChance;
  const wideMean = wide / (1 - wide);
  const wideVariance = wide / ((1 - wide) * (1 - wide));
  for (let ball = endBall - 1; ball >= 0; ball--) {
    const odds = model.ballAt(ball);
    const p = odds.wicketChance;
    for (let wickets = 0; wickets < ALL_OUT_WICKETS; wickets++) {
      const here = ball * columns + wickets;
      const notOut = (ball + 1) * columns + wickets;
      const out = (ball + 1) * columns + wickets + 1;
      const futureMean = p * (means[out] ?? 0) + (1 - p) * (odds.meanRuns + (means[notOut] ?? 0));
      const futureSquare =
        p * (squares[out] ?? 0) +
        (1 - p) *
          (odds.meanSquareRuns + 2 * odds.meanRuns * (means[notOut] ?? 0) + (squares[notOut] ?? 0));
      means[here] = wideMean + futureMean;
      squares[here] = wideVariance + wideMean * wideMean + 2 * wideMean * futureMean + futureSquare;
    }
  }
  const at = (ball: number, wickets: number) =>
    Math.min(endBall, Math.max(0, ball)) * columns +
    Math.min(ALL_OUT_WICKETS, Math.max(0, wickets));
  return {
    mean: (ball, wickets) => means[at(ball, wickets)] ?? 0,
    variance: (ball, wickets) => {
      const index = at(ball, wickets);
      const mean = means[index] ?? 0;
      return Math.max(0, (squares[index] ?? 0) - mean * mean);
    },
  };
}

/** '17.2' for 104 legal balls; '20' for a completed 20 overs. */
export function oversLabel(balls: number): string {
  const overs = Math.floor(balls / BALLS_PER_OVER);
  const rest = balls % BALLS_PER_OVER;
  return rest === 0 ? String(overs) : `${overs}.${rest}`;
}
