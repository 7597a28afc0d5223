/**
 * The T20 ball model and what it implies about runs still to come. A ball's odds depend on the
 * batting side's edge, the pitch, the phase of the innings (powerplay, middle, death) and how
 * many wickets are down (the lower order scores less freely and gets out more often), so the
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
  { untilBall: 36, intensity: 1.04, wicketChance: 0.04 },
  { untilBall: 96, intensity: 0.92, wicketChance: 0.036 },
  { untilBall: INNINGS_BALLS, intensity: 1.5, wicketChance: 0.07 },
];

/** The phase of each legal ball of an innings (later balls are death bowling too). */
const PHASE_OF_BALL = Uint8Array.from({ length: INNINGS_BALLS }, (_, ball) =>
  Math.max(
    0,
    PHASES.findIndex((phase) => ball < phase.untilBall),
  ),
);

/**
 * The batters in by wickets down (0 to 9): the top order bats as the phase says, the lower
 * order scores less freely and gets out more often. This is what makes the par scoring rate
 * fall as wickets fall.
 */
const BATTING_ORDER: readonly { intensity: number; wicketFactor: number }[] = [
  { intensity: 1, wicketFactor: 1 },
  { intensity: 1, wicketFactor: 1 },
  { intensity: 1, wicketFactor: 1 },
  { intensity: 1, wicketFactor: 1 },
  { intensity: 0.98, wicketFactor: 1.05 },
  { intensity: 0.95, wicketFactor: 1.1 },
  { intensity: 0.9, wicketFactor: 1.2 },
  { intensity: 0.83, wicketFactor: 1.35 },
  { intensity: 0.75, wicketFactor: 1.55 },
  { intensity: 0.68, wicketFactor: 1.8 },
];

/** What one standard deviation of a side's edge does to its scoring and to its wickets. */
const EDGE_SCORING = 0.05;
const EDGE_SURVIVAL = 0.07;
/**
 * What one standard deviation of the pitch does to both sides' scoring and wickets: about a
 * tenth more or fewer runs (PITCH_RUNS_SHARE), as T20 grounds' par scores vary.
 */
const PITCH_SCORING = 0.11;
const PITCH_SURVIVAL = 0.11;

export interface BallOdds {
  wicketChance: number;
  /** Chances of each of RUN_VALUES when the ball is not a wicket. */
  runChances: number[];
  meanRuns: number;
  meanSquareRuns: number;
}

export interface BallModel {
  wideChance: number;
  /** The odds of legal ball `ball` (0-based) of an innings with `wickets` down. */
  ballAt(ball: number, wickets: number): BallOdds;
}

function ballOdds(intensity: number, wicketChance: number): BallOdds {
  const weights = BASE_RUN_WEIGHTS.map((weight, index) => {
    const runs = RUN_VALUES[index] ?? 0;
    if (runs === 0) return weight / intensity;
    return runs >= 4 ? weight * intensity : weight;
  });
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const runChances = weights.map((weight) => weight / total);
  const moment = (power: number) =>
    runChances.reduce((sum, chance, index) => sum + chance * (RUN_VALUES[index] ?? 0) ** power, 0);
  return { wicketChance, runChances, meanRuns: moment(1), meanSquareRuns: moment(2) };
}

/**
 * The ball model of a batting side `edge` standard deviations better than the bowlers, on a
 * pitch `pitch` standard deviations better for batting than the usual (0: the usual pitch).
 */
export function ballModel(edge: number, pitch = 0): BallModel {
  const scoring = Math.exp(EDGE_SCORING * edge + PITCH_SCORING * pitch);
  const survival = Math.exp(EDGE_SURVIVAL * edge + PITCH_SURVIVAL * pitch);
  // However weak the batters and bad the pitch, nobody is out more often than every other ball.
  const table = PHASES.map((phase) =>
    BATTING_ORDER.map((batters) =>
      ballOdds(
        phase.intensity * batters.intensity * scoring,
        Math.min(0.5, (phase.wicketChance * batters.wicketFactor) / survival),
      ),
    ),
  );
  return {
    wideChance: WIDE_CHANCE,
    ballAt(ball, wickets) {
      const row = table[PHASE_OF_BALL[ball] ?? PHASES.length - 1];
      const odds = row?.[Math.min(BATTING_ORDER.length - 1, Math.max(0, wickets))];
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
    for (let wickets = 0; wickets < ALL_OUT_WICKETS; wickets++) {
      const odds = model.ballAt(ball, wickets);
      const p = odds.wicketChance;
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

/**
 * The runs a side is expected to have after `balls` legal balls of its innings (wides included,
 * nothing more once all out): what its score so far is measured against.
 */
export function runsSoFar(model: BallModel): (balls: number) => number {
  const expected = new Float64Array(INNINGS_BALLS + 1);
  // The chance of each number of wickets down before the next ball; all out takes no more.
  const down = new Float64Array(ALL_OUT_WICKETS + 1);
  down[0] = 1;
  const wideMean = model.wideChance / (1 - model.wideChance);
  for (let ball = 0; ball < INNINGS_BALLS; ball++) {
    let runs = 0;
    // From the most wickets down to the fewest, so each count moves on before it is added to.
    for (let wickets = ALL_OUT_WICKETS - 1; wickets >= 0; wickets--) {
      const chance = down[wickets] ?? 0;
      const odds = model.ballAt(ball, wickets);
      runs += chance * (wideMean + (1 - odds.wicketChance) * odds.meanRuns);
      down[wickets + 1] = (down[wickets + 1] ?? 0) + chance * odds.wicketChance;
      down[wickets] = chance * (1 - odds.wicketChance);
    }
    expected[ball + 1] = (expected[ball] ?? 0) + runs;
  }
  return (balls) => expected[Math.min(INNINGS_BALLS, Math.max(0, Math.floor(balls)))] ?? 0;
}

/**
 * How much one standard deviation of the pitch changes a side's expected runs, as a share: the
 * spread of what a price must learn from the runs scored, measured on the model itself.
 */
export const PITCH_RUNS_SHARE =
  runsOutlook(ballModel(0, 1), INNINGS_BALLS).mean(0, 0) /
    runsOutlook(ballModel(0, 0), INNINGS_BALLS).mean(0, 0) -
  1;

/** '17.2' for 104 legal balls; '20' for a completed 20 overs. */
export function oversLabel(balls: number): string {
  const overs = Math.floor(balls / BALLS_PER_OVER);
  const rest = balls % BALLS_PER_OVER;
  return rest === 0 ? String(overs) : `${overs}.${rest}`;
}
