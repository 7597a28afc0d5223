import { describe, expect, it } from 'vitest';
import {
  ALL_OUT_WICKETS,
  INNINGS_BALLS,
  PITCH_RUNS_SHARE,
  ballModel,
  oversLabel,
  runsOutlook,
  runsSoFar,
} from './cricket-outlook';

describe('cricket outlook', () => {
  it('expects a T20 score of a usual size, and more from a stronger side', () => {
    const even = runsOutlook(ballModel(0), INNINGS_BALLS);
    expect(even.mean(0, 0)).toBeGreaterThan(150);
    expect(even.mean(0, 0)).toBeLessThan(185);
    expect(Math.sqrt(even.variance(0, 0))).toBeGreaterThan(15);
    expect(runsOutlook(ballModel(1), INNINGS_BALLS).mean(0, 0)).toBeGreaterThan(even.mean(0, 0));
  });

  it('expects fewer runs with fewer balls or wickets left, none when all out or done', () => {
    const outlook = runsOutlook(ballModel(0), INNINGS_BALLS);
    expect(outlook.mean(60, 2)).toBeLessThan(outlook.mean(30, 2));
    expect(outlook.mean(60, 8)).toBeLessThan(outlook.mean(60, 2));
    expect(outlook.mean(60, 10)).toBe(0);
    expect(outlook.mean(INNINGS_BALLS, 3)).toBe(0);
    expect(outlook.variance(INNINGS_BALLS, 3)).toBe(0);
  });

  it('scores more slowly the more wickets are down', () => {
    const model = ballModel(0);
    const outlook = runsOutlook(model, INNINGS_BALLS);
    for (let wickets = 1; wickets < ALL_OUT_WICKETS; wickets++) {
      // The par rate for the last ten overs, and the batters' own scoring and survival.
      expect(outlook.mean(60, wickets)).toBeLessThan(outlook.mean(60, wickets - 1));
      const tail = model.ballAt(60, wickets);
      const better = model.ballAt(60, wickets - 1);
      expect(tail.meanRuns).toBeLessThanOrEqual(better.meanRuns);
      expect(tail.wicketChance).toBeGreaterThanOrEqual(better.wicketChance);
    }
    expect(outlook.mean(60, 8)).toBeLessThan(outlook.mean(60, 0) / 2);
  });

  it('expects runs so far that add up to the innings total', () => {
    for (const edge of [-1, 0, 1.5]) {
      const model = ballModel(edge);
      const soFar = runsSoFar(model);
      expect(soFar(0)).toBe(0);
      expect(soFar(INNINGS_BALLS)).toBeCloseTo(runsOutlook(model, INNINGS_BALLS).mean(0, 0), 9);
      for (let ball = 1; ball <= INNINGS_BALLS; ball++) {
        expect(soFar(ball)).toBeGreaterThan(soFar(ball - 1));
      }
    }
  });

  it('gives about a tenth more runs on a pitch one standard deviation better, fewer on a worse', () => {
    const usual = runsOutlook(ballModel(0), INNINGS_BALLS).mean(0, 0);
    expect(PITCH_RUNS_SHARE).toBeGreaterThan(0.08);
    expect(PITCH_RUNS_SHARE).toBeLessThan(0.12);
    const worse = runsOutlook(ballModel(0, -1), INNINGS_BALLS).mean(0, 0);
    expect(worse / usual - 1).toBeCloseTo(-PITCH_RUNS_SHARE, 2);
  });

  it('writes overs as cricket does', () => {
    expect(oversLabel(104)).toBe('17.2');
    expect(oversLabel(120)).toBe('20');
    expect(oversLabel(0)).toBe('0');
  });
});
