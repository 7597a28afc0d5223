import { describe, expect, it } from 'vitest';
import { INNINGS_BALLS, ballModel, oversLabel, runsOutlook } from './cricket-outlook';

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

  it('writes overs as cricket does', () => {
    expect(oversLabel(104)).toBe('17.2');
    expect(oversLabel(120)).toBe('20');
    expect(oversLabel(0)).toBe('0');
  });
});
