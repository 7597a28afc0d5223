/**
 * The chance that a fancy session's number X reaches a run value V, for the sessions offered as
 * lines: the runs by the end of an over (from `sessionOverChance`), the total when the first
 * wicket falls, an opening batter's runs and the fours and sixes of the first six overs. All come
 * from the ball model the play rolls with, on the usual pitch, then scaled by what the pitch
 * seems to give, and all are cheap enough to evaluate after every ball:
 *
 * - the runs still to come before the first wicket, and an opener's runs still to come, have
 *   exact distributions from every state (ball and strike), a dynamic programme over the ball
 *   model of a usual side built once. A side's own runs to come are that distribution scaled to
 *   its own expected runs from the same state (an exact recursion, cheap enough to redo for
 *   every drift of the sides' strengths before the start). Both use the top order's odds, which
 *   hold while four wickets or fewer are down, as they usually are while an opener bats;
 * - the powerplay's boundaries still to come are a sum of one chance per remaining ball (four
 *   or six, and not out, at the wickets down now), whose distribution is a short convolution.
 *
 * A pitch believed to give a share m more runs than usual scales the runs to come by 1 + m
 * (interpolated between whole runs) and a boundary's chance by as much; what is still unknown
 * about the pitch is left out of these spreads (a small part of them).
 *
 * Two approximations price a chase: a total passes the target only with the winning hit
 * (OVERSHOOT_AT_LEAST), and an opener bats for as many balls as the chase is expected to last,
 * priced as the last balls of an innings.
 */
import {
  sessionOverChance,
  type BattingOutlook,
  type InningsScore,
  type PitchBelief,
} from './cricket-odds';
import { POWERPLAY_BALLS } from './cricket-innings';
import {
  BALLS_PER_OVER,
  INNINGS_BALLS,
  RUN_VALUES,
  ballModel,
  type BallModel,
} from './cricket-outlook';

/** Runs a table counts; the chance of more is counted at this many (it is negligible). */
const TABLE_RUNS = 250;
const TABLE_WIDTH = TABLE_RUNS + 1;
/**
 * The chance that a chase's winning hit passes the target by at least d runs, d = 0 to 5 (none
 * by 6 or more): measured on the ball model (cricket-session-odds.test.ts checks it).
 */
export const OVERSHOOT_AT_LEAST = [1, 0.57, 0.37, 0.23, 0.09, 0.05] as const;
/** No ball is a boundary more often than this, however good the pitch looks. */
const MAX_BOUNDARY_CHANCE = 0.9;
const TOP_ORDER_WICKETS = 0;
/** However bad the pitch looks, runs to come are not scaled below this share of the usual. */
const MIN_PITCH_FACTOR = 0.1;

/** Tail probabilities P(R ≥ k), k = 0 to TABLE_RUNS, of runs to come, one row per state. */
class RunsTails {
  constructor(private readonly tails: Float32Array) {}

  /** P(R ≥ runs) from `state`, for any runs ≥ 0 (interpolated between whole runs). */
  atLeast(state: number, runs: number): number {
    if (runs <= 0) return 1;
    const whole = Math.floor(runs);
    if (whole >= TABLE_RUNS) return 0;
    const row = state * TABLE_WIDTH;
    const below = this.tails[row + whole] ?? 0;
    const above = whole + 1 > TABLE_RUNS ? 0 : (this.tails[row + whole + 1] ?? 0);
    const share = runs - whole;
    return below + (above - below) * share;
  }

  static fromDistributions(rows: readonly Float64Array[]): RunsTails {
    const tails = new Float32Array(rows.length * TABLE_WIDTH);
    rows.forEach((distribution, state) => {
      let tail = 0;
      for (let runs = TABLE_RUNS; runs >= 0; runs--) {
        tail += distribution[runs] ?? 0;
        tails[state * TABLE_WIDTH + runs] = Math.min(1, tail);
      }
    });
    return new RunsTails(tails);
  }
}

/** `target` shifted up by `runs`, the last cell keeping all that would pass it, times `weight`. */
function addShifted(target: Float64Array, source: Float64Array, runs: number, weight: number) {
  if (weight === 0) return;
  for (let index = 0; index < TABLE_WIDTH; index++) {
    const mass = source[index] ?? 0;
    if (mass === 0) continue;
    const to = Math.min(TABLE_RUNS, index + runs);
    target[to] = (target[to] ?? 0) + weight * mass;
  }
}

function certainZero(): Float64Array {
  const distribution = new Float64Array(TABLE_WIDTH);
  distribution[0] = 1;
  return distribution;
}

/**
 * The runs still to come before the first wicket (or the end of the innings) from each legal
 * ball with none down, wides included: each ball is preceded by a geometric number of wides, one
 * run each, which the recursion f(k) = (1 - w) legal(k) + w f(k - 1) adds exactly.
 */
function partnershipTails(model: BallModel): RunsTails {
  const rows: Float64Array[] = [];
  rows[INNINGS_BALLS] = certainZero();
  const wide = model.wideChance;
  for (let ball = INNINGS_BALLS - 1; ball >= 0; ball--) {
    const next = rows[ball + 1] ?? certainZero();
    const odds = model.ballAt(ball, TOP_ORDER_WICKETS);
    const legal = new Float64Array(TABLE_WIDTH);
    legal[0] = odds.wicketChance;
    odds.runChances.forEach((chance, index) => {
      addShifted(legal, next, RUN_VALUES[index] ?? 0, (1 - odds.wicketChance) * chance);
    });
    const withWides = new Float64Array(TABLE_WIDTH);
    for (let runs = 0; runs < TABLE_WIDTH; runs++) {
      const carried = runs > 0 ? wide * (withWides[runs - 1] ?? 0) : 0;
      withWides[runs] = (1 - wide) * (legal[runs] ?? 0) + carried;
    }
    rows[ball] = withWides;
  }
  return RunsTails.fromDistributions(rows);
}

/** The row of an opener's table: the legal ball next bowled, and whether he faces it. */
function openerState(ball: number, onStrike: boolean): number {
  return ball * 2 + (onStrike ? 1 : 0);
}

/**
 * An opener's runs still to come from each legal ball, on strike or not: on strike he is out
 * with the ball's wicket chance or scores its runs; off it his partner is out (a new batter
 * comes in, facing) or scores. The batters cross on odd runs and change ends after each over.
 * Wides change nothing for him.
 */
function openerTails(model: BallModel): RunsTails {
  const rows: Float64Array[] = [];
  rows[openerState(INNINGS_BALLS, false)] = certainZero();
  rows[openerState(INNINGS_BALLS, true)] = certainZero();
  const after = (ball: number, onStrike: boolean) =>
    rows[openerState(ball, onStrike)] ?? certainZero();
  for (let ball = INNINGS_BALLS - 1; ball >= 0; ball--) {
    const odds = model.ballAt(ball, TOP_ORDER_WICKETS);
    const overEnds = (ball + 1) % BALLS_PER_OVER === 0;
    const facing = new Float64Array(TABLE_WIDTH);
    const resting = new Float64Array(TABLE_WIDTH);
    facing[0] = odds.wicketChance;
    // His partner out: the new batter faces, and the over's end turns the strike to him.
    addShifted(resting, after(ball + 1, overEnds), 0, odds.wicketChance);
    odds.runChances.forEach((chance, index) => {
      const runs = RUN_VALUES[index] ?? 0;
      const crossed = (runs % 2 === 1) !== overEnds;
      const weight = (1 - odds.wicketChance) * chance;
      addShifted(facing, after(ball + 1, !crossed), runs, weight);
      addShifted(resting, after(ball + 1, crossed), 0, weight);
    });
    rows[openerState(ball, true)] = facing;
    rows[openerState(ball, false)] = resting;
  }
  return RunsTails.fromDistributions(rows);
}

/** Expected runs to come before the first wicket, from each legal ball with none down. */
function partnershipMeans(model: BallModel): Float64Array {
  const means = new Float64Array(INNINGS_BALLS + 1);
  const wides = model.wideChance / (1 - model.wideChance);
  for (let ball = INNINGS_BALLS - 1; ball >= 0; ball--) {
    const odds = model.ballAt(ball, TOP_ORDER_WICKETS);
    means[ball] = wides + (1 - odds.wicketChance) * (odds.meanRuns + (means[ball + 1] ?? 0));
  }
  return means;
}

/** An opener's expected runs to come, from each state of `openerState`. */
function openerMeans(model: BallModel): Float64Array {
  const means = new Float64Array(openerState(INNINGS_BALLS + 1, false));
  const after = (ball: number, onStrike: boolean) => means[openerState(ball, onStrike)] ?? 0;
  for (let ball = INNINGS_BALLS - 1; ball >= 0; ball--) {
    const odds = model.ballAt(ball, TOP_ORDER_WICKETS);
    const overEnds = (ball + 1) % BALLS_PER_OVER === 0;
    let facing = 0;
    let resting = odds.wicketChance * after(ball + 1, overEnds);
    odds.runChances.forEach((chance, index) => {
      const runs = RUN_VALUES[index] ?? 0;
      const crossed = (runs % 2 === 1) !== overEnds;
      const weight = (1 - odds.wicketChance) * chance;
      facing += weight * (runs + after(ball + 1, !crossed));
      resting += weight * after(ball + 1, crossed);
    });
    means[openerState(ball, true)] = facing;
    means[openerState(ball, false)] = resting;
  }
  return means;
}

/** A usual side's distributions of runs to come, and its expected runs, by state. */
interface UsualTable {
  tails: RunsTails;
  means: Float64Array;
}

/** The usual side's tables, built once when first asked for; every side is priced by them. */
const USUAL_TABLES: { partnership?: UsualTable; opener?: UsualTable } = {};

function usualPartnership(): UsualTable {
  if (USUAL_TABLES.partnership === undefined) {
    const model = ballModel(0);
    USUAL_TABLES.partnership = { tails: partnershipTails(model), means: partnershipMeans(model) };
  }
  return USUAL_TABLES.partnership;
}

function usualOpener(): UsualTable {
  if (USUAL_TABLES.opener === undefined) {
    const model = ballModel(0);
    USUAL_TABLES.opener = { tails: openerTails(model), means: openerMeans(model) };
  }
  return USUAL_TABLES.opener;
}

/** Each outlook's own expected runs by state, worked out when first asked for. */
const SIDE_MEANS = new WeakMap<
  BattingOutlook,
  { partnership?: Float64Array; opener?: Float64Array }
>();

function sideMeansOf(batting: BattingOutlook) {
  let means = SIDE_MEANS.get(batting);
  if (means === undefined) {
    means = {};
    SIDE_MEANS.set(batting, means);
  }
  return means;
}

/**
 * P(R ≥ runs) for a side whose runs to come from `state` are the usual side's scaled to its own
 * expected runs, and to the pitch: R = (1 + m) (side mean / usual mean) R_usual.
 */
function scaledAtLeast(
  usual: UsualTable,
  sideMeans: Float64Array,
  state: number,
  runs: number,
  belief: PitchBelief,
): number {
  const usualMean = usual.means[state] ?? 0;
  const sideMean = sideMeans[state] ?? 0;
  const scale = usualMean > 0 && sideMean > 0 ? sideMean / usualMean : 1;
  return usual.tails.atLeast(state, runs / (scale * Math.max(MIN_PITCH_FACTOR, 1 + belief.mean)));
}

/**
 * The chance a total reaches `value` in an innings that stops at `target` (null: none): past
 * the target only when the winning hit overshoots it.
 */
export function throughTarget(
  reaches: (value: number) => number,
  value: number,
  target: number | null,
): number {
  if (target === null || value <= target) return reaches(value);
  const overshoot = OVERSHOOT_AT_LEAST[value - target] ?? 0;
  return overshoot === 0 ? 0 : reaches(target) * overshoot;
}

/** The chance a side has at least `value` runs when `sessionBalls` legal balls are bowled. */
export function runsByBallChance(
  batting: BattingOutlook,
  sessionBalls: number,
  score: InningsScore,
  value: number,
  belief: PitchBelief,
  target: number | null,
): number {
  return throughTarget(
    (runs) => sessionOverChance(batting, sessionBalls, score, runs - 0.5, belief),
    value,
    target,
  );
}

/** The chance the total is at least `value` when the first wicket falls (or the innings ends). */
export function firstWicketChance(
  batting: BattingOutlook,
  score: InningsScore,
  value: number,
  belief: PitchBelief,
  target: number | null,
): number {
  const usual = usualPartnership();
  const means = sideMeansOf(batting);
  means.partnership ??= partnershipMeans(batting.model);
  const sideMeans = means.partnership;
  const ball = Math.min(INNINGS_BALLS, score.balls);
  return throughTarget(
    (runs) => scaledAtLeast(usual, sideMeans, ball, runs - score.runs, belief),
    value,
    target,
  );
}

/** An opener at the crease: his runs, and whether he faces the next ball. */
export interface OpenerAtCrease {
  runs: number;
  onStrike: boolean;
}

/**
 * The legal balls a chase is expected to take from `score`: the runs required at the rate the
 * side is expected to score from here (all balls left, at most).
 */
function chaseBallsLeft(batting: BattingOutlook, score: InningsScore, target: number): number {
  const ballsLeft = INNINGS_BALLS - score.balls;
  const expected = batting.innings.outlook.mean(score.balls, score.wickets);
  if (ballsLeft <= 0 || expected <= 0) return Math.max(0, ballsLeft);
  return Math.min(ballsLeft, Math.ceil((target - score.runs) / (expected / ballsLeft)));
}

/** The chance an opener at the crease ends his innings with at least `value` runs. */
export function openerRunsChance(
  batting: BattingOutlook,
  opener: OpenerAtCrease,
  score: InningsScore,
  value: number,
  belief: PitchBelief,
  target: number | null,
): number {
  const usual = usualOpener();
  const means = sideMeansOf(batting);
  means.opener ??= openerMeans(batting.model);
  let ball = Math.min(INNINGS_BALLS, score.balls);
  if (target !== null) {
    // As many balls as the chase should last, at the same point of the over.
    const skipped = INNINGS_BALLS - ball - chaseBallsLeft(batting, score, target);
    ball += Math.floor(skipped / BALLS_PER_OVER) * BALLS_PER_OVER;
  }
  const state = openerState(ball, opener.onStrike);
  return scaledAtLeast(usual, means.opener, state, value - opener.runs, belief);
}

/** The last powerplay boundary distribution worked out, per ball model (one state at a time). */
const BOUNDARY_TAILS = new WeakMap<BallModel, { key: string; tails: Float64Array }>();

/**
 * P(B ≥ k) for the boundaries B still to come in the powerplay from `score`: one chance per
 * remaining legal ball, four or six and not out, at the wickets down now and scaled by the
 * pitch.
 */
function boundaryTails(model: BallModel, score: InningsScore, belief: PitchBelief): Float64Array {
  const key = `${score.balls}:${score.wickets}:${belief.mean}`;
  const known = BOUNDARY_TAILS.get(model);
  if (known?.key === key) return known.tails;
  const ballsLeft = Math.max(0, POWERPLAY_BALLS - score.balls);
  let counts = new Float64Array(ballsLeft + 1);
  counts[0] = 1;
  for (let ball = score.balls; ball < POWERPLAY_BALLS; ball++) {
    const odds = model.ballAt(ball, score.wickets);
    const boundaryShare = odds.runChances.reduce(
      (sum, chance, index) => ((RUN_VALUES[index] ?? 0) >= 4 ? sum + chance : sum),
      0,
    );
    const chance = Math.min(
      MAX_BOUNDARY_CHANCE,
      (1 - odds.wicketChance) * boundaryShare * Math.max(MIN_PITCH_FACTOR, 1 + belief.mean),
    );
    const next = new Float64Array(ballsLeft + 1);
    for (let count = 0; count <= ballsLeft; count++) {
      const here = counts[count] ?? 0;
      next[count] = (next[count] ?? 0) + here * (1 - chance);
      if (count < ballsLeft) next[count + 1] = (next[count + 1] ?? 0) + here * chance;
    }
    counts = next;
  }
  const tails = new Float64Array(ballsLeft + 2);
  for (let count = ballsLeft; count >= 0; count--) {
    tails[count] = (tails[count + 1] ?? 0) + (counts[count] ?? 0);
  }
  BOUNDARY_TAILS.set(model, { key, tails });
  return tails;
}

/** The chance the powerplay has at least `value` fours and sixes, `counted` of them hit already. */
export function powerplayBoundariesChance(
  batting: BattingOutlook,
  score: InningsScore,
  counted: number,
  value: number,
  belief: PitchBelief,
): number {
  const needed = value - counted;
  if (needed <= 0) return 1;
  return Math.min(1, boundaryTails(batting.model, score, belief)[needed] ?? 0);
}
