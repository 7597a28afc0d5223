import { describe, expect, it } from 'vitest';
import {
  DRIFT_REGIMES,
  NEWS_LOG_ODDS_SD,
  driftRegimeAt,
  driftRegimeOf,
  driftStep,
  type DriftRegime,
} from './pre-match-drift';
import { Random } from './random';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** A regime's average wait, in minutes. */
const meanGapMinutes = (regime: DriftRegime) =>
  (regime.gapMs.min + regime.gapMs.max) / 2 / MINUTE_MS;

/** A log-odds walk of `steps` steps in one regime from `start`, as a sport's strength takes it. */
function walk(regime: DriftRegime, start: number, steps: number, rng: Random): number[] {
  const path = [start];
  let deviation = start;
  for (let step = 0; step < steps; step++) {
    const { keep, logOddsSd } = driftStep(regime, rng.chance(regime.newsChance));
    deviation = keep * deviation + logOddsSd * rng.normal();
    path.push(deviation);
  }
  return path;
}

describe('pre-match drift', () => {
  it('steps more often and moves more per minute the nearer the start', () => {
    const near = driftRegimeAt(10 * MINUTE_MS);
    const middle = driftRegimeAt(3 * HOUR_MS);
    const far = driftRegimeAt(2 * 24 * HOUR_MS);
    expect(new Set([near, middle, far]).size).toBe(3);
    // About every minute in the last hour, so the ladder visibly moves.
    expect(near.gapMs.max).toBeLessThanOrEqual(MINUTE_MS);
    const perMinute = (regime: DriftRegime) =>
      driftStep(regime, false).logOddsSd / Math.sqrt(meanGapMinutes(regime));
    expect(meanGapMinutes(near)).toBeLessThan(meanGapMinutes(middle));
    expect(meanGapMinutes(middle)).toBeLessThan(meanGapMinutes(far));
    expect(perMinute(near)).toBeGreaterThan(perMinute(middle));
    expect(perMinute(middle)).toBeGreaterThan(perMinute(far));
    expect(driftRegimeAt(HOUR_MS)).toBe(near);
    expect(driftRegimeAt(HOUR_MS + 1)).toBe(middle);
  });

  it('pulls back towards the opening price and jumps on news', () => {
    for (const regime of DRIFT_REGIMES) {
      const quiet = driftStep(regime, false);
      expect(quiet.keep).toBeGreaterThan(0);
      expect(quiet.keep).toBeLessThan(1);
      const news = driftStep(regime, true);
      expect(news.keep).toBe(quiet.keep);
      expect(news.logOddsSd).toBeGreaterThan(NEWS_LOG_ODDS_SD);
      expect(driftRegimeOf(regime.draw)).toBe(regime);
    }
    // Each regime logs its steps under its own letter, none a play's or a wait's.
    const letters = DRIFT_REGIMES.map((regime) => regime.draw);
    expect(new Set(letters).size).toBe(letters.length);
    expect(letters).not.toContain('p');
    expect(letters).not.toContain('w');
    expect(driftRegimeOf('p')).toBeUndefined();
  });

  it('reverts a move with a half-life of about an hour', () => {
    const near = driftRegimeAt(0);
    const { keep } = driftStep(near, false);
    const stepsInAnHour = 60 / meanGapMinutes(near);
    expect(keep ** stepsInAnHour).toBeCloseTo(0.5, 6);
  });

  it('wanders around the opening price within its settled spread, news and all', () => {
    const rng = new Random(17);
    for (const regime of DRIFT_REGIMES) {
      // The walk's long-run spread: a step's average variance over what a step keeps of it.
      const quiet = driftStep(regime, false);
      const news = driftStep(regime, true);
      const stepVariance =
        (1 - regime.newsChance) * quiet.logOddsSd ** 2 + regime.newsChance * news.logOddsSd ** 2;
      const expected = Math.sqrt(stepVariance / (1 - quiet.keep ** 2));
      expect(expected, regime.draw).toBeLessThan(0.35);
      // Forty days of steps from a price knocked 0.5 off by news: the first half settles it.
      const steps = Math.round((40 * 24 * 60) / meanGapMinutes(regime));
      const path = walk(regime, 0.5, steps, rng);
      const settled = path.slice(Math.floor(path.length / 2));
      const mean = settled.reduce((sum, x) => sum + x, 0) / settled.length;
      const spread = Math.sqrt(settled.reduce((sum, x) => sum + x * x, 0) / settled.length);
      expect(Math.abs(mean), regime.draw).toBeLessThan(expected / 3);
      expect(spread / expected, regime.draw).toBeGreaterThan(0.8);
      expect(spread / expected, regime.draw).toBeLessThan(1.25);
    }
  });
});
