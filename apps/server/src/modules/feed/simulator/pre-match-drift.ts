/**
 * How prices move before the start. Match odds drift as a market's do: an Ornstein–Uhlenbeck
 * walk in log-odds around the opening prices, pulled back with a half-life of an hour, with now
 * and then a larger jump (news). The nearer the start, the more often it steps and the bigger
 * its moves: about every 45 seconds in the last hour, so the ladder moves every minute or so,
 * every few minutes in the hours before, every quarter of an hour further out.
 *
 * The simulator decides when a fixture steps and how big the step is (the same rules for every
 * sport); each sport moves its strengths by it (SportMatch.drift), so the match is then played
 * with them and its prices go into play from where they drifted to. A step's size depends only
 * on its regime, whose draw letter logs it, so a restore replays the walk exactly.
 */
import type { DriftStep } from './sport-match';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

export interface DriftRegime {
  /** The letter a step in this regime is logged as in a fixture's draws. */
  draw: string;
  /** The regime applies while the start is at most this far off. */
  withinMs: number;
  /** The wait before the next step. */
  gapMs: { min: number; max: number };
  /** Log-odds noise per square root of a minute. */
  volatility: number;
  /** The chance that a step brings news: a jump of NEWS_LOG_ODDS_SD on top. */
  newsChance: number;
}

const HALF_LIFE_MINUTES = 60;
const REVERSION_PER_MINUTE = Math.LN2 / HALF_LIFE_MINUTES;
export const NEWS_LOG_ODDS_SD = 0.2;

/** Nearest the start first; the last applies however far off the start is. */
export const DRIFT_REGIMES: readonly DriftRegime[] = [
  {
    draw: 'n',
    withinMs: HOUR_MS,
    gapMs: { min: 30_000, max: 60_000 },
    volatility: 0.04,
    newsChance: 0.01,
  },
  {
    draw: 'm',
    withinMs: 6 * HOUR_MS,
    gapMs: { min: 3 * MINUTE_MS, max: 5 * MINUTE_MS },
    volatility: 0.02,
    newsChance: 0.02,
  },
  {
    draw: 'd',
    withinMs: Number.POSITIVE_INFINITY,
    gapMs: { min: 12 * MINUTE_MS, max: 18 * MINUTE_MS },
    volatility: 0.01,
    newsChance: 0.02,
  },
];

/** The regime of a fixture starting `untilStartMs` from now. */
export function driftRegimeAt(untilStartMs: number): DriftRegime {
  const regime =
    DRIFT_REGIMES.find((candidate) => untilStartMs <= candidate.withinMs) ?? DRIFT_REGIMES.at(-1);
  if (regime === undefined) throw new RangeError('No drift regimes');
  return regime;
}

/** The regime a draw letter logs, or undefined when the letter is not a drift step. */
export function driftRegimeOf(draw: string): DriftRegime | undefined {
  return DRIFT_REGIMES.find((regime) => regime.draw === draw);
}

/**
 * One step of the walk over the regime's average wait: the exact Ornstein–Uhlenbeck transition
 * (keep e^{-θΔt} of the deviation, add noise of variance σ²(1 − e^{-2θΔt})/2θ), plus a jump when
 * it brings news.
 */
export function driftStep(regime: DriftRegime, news: boolean): DriftStep {
  const minutes = (regime.gapMs.min + regime.gapMs.max) / 2 / MINUTE_MS;
  const keep = Math.exp(-REVERSION_PER_MINUTE * minutes);
  const noiseVariance = (regime.volatility ** 2 * (1 - keep * keep)) / (2 * REVERSION_PER_MINUTE);
  const jumpVariance = news ? NEWS_LOG_ODDS_SD ** 2 : 0;
  return { keep, logOddsSd: Math.sqrt(noiseVariance + jumpVariance) };
}
