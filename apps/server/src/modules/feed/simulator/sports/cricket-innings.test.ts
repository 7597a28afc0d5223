import { describe, expect, it } from 'vitest';
import { Random } from '../random';
import { POWERPLAY_BALLS, bowlLegal, bowlWide, newInnings, type Innings } from './cricket-innings';
import { ALL_OUT_WICKETS, INNINGS_BALLS, RUN_VALUES } from './cricket-outlook';

/** Bowls `runs` (or a wicket, 'W') in order. */
function bowl(innings: Innings, balls: readonly (number | 'W')[]): (number | null)[] {
  return balls.map((ball) =>
    bowlLegal(innings, ball === 'W' ? { wicket: true } : { wicket: false, runs: ball }),
  );
}

describe('an innings as the scorers keep it', () => {
  it('gives the runs to the striker, crossing on odd runs and changing ends each over', () => {
    const innings = newInnings(0);
    bowl(innings, [1, 4, 0, 3, 2, 6]);
    // Opener 1 faces 1, opener 2 hits 4, 0, 3, opener 1 hits 2 and 6; then the over ends.
    expect(innings.batterRuns).toEqual([9, 7]);
    expect(innings.striker).toBe(1);
    expect(innings.nonStriker).toBe(0);
    expect(innings.runs).toBe(16);
    expect(innings.powerplayBoundaries).toBe(2);
  });

  it('sends in the next batter at the end of the one out, and keeps the first wicket’s score', () => {
    const innings = newInnings(1);
    const dismissed = bowl(innings, [4, 1, 'W', 2, 1, 'W']);
    expect(dismissed).toEqual([null, null, 1, null, null, 0]);
    expect(innings.firstWicketRuns).toBe(5);
    expect(innings.batterRuns).toEqual([5, 0, 3, 0]);
    // The fourth batter came in facing; the over is over, so the third faces next.
    expect(innings.striker).toBe(2);
    expect(innings.nonStriker).toBe(3);
  });

  it('counts only the first six overs’ fours and sixes, and wides as nobody’s runs', () => {
    const innings = newInnings(0);
    bowl(
      innings,
      Array.from({ length: POWERPLAY_BALLS + 6 }, () => 4),
    );
    bowlWide(innings);
    expect(innings.powerplayBoundaries).toBe(POWERPLAY_BALLS);
    expect(innings.runs).toBe(4 * (POWERPLAY_BALLS + 6) + 1);
    expect(innings.extras).toBe(1);
  });

  it('has its batters’ runs sum to the total less the extras, whatever is bowled', () => {
    const rng = new Random(42);
    for (let trial = 0; trial < 500; trial++) {
      const innings = newInnings(0);
      while (innings.balls < INNINGS_BALLS && innings.wickets < ALL_OUT_WICKETS) {
        if (rng.chance(0.05)) bowlWide(innings);
        else if (rng.chance(0.06)) bowlLegal(innings, { wicket: true });
        else bowlLegal(innings, { wicket: false, runs: rng.pick(RUN_VALUES) });
        const atCrease = new Set([innings.striker, innings.nonStriker]);
        if (innings.wickets < ALL_OUT_WICKETS) expect(atCrease.size).toBe(2);
      }
      const batters = innings.batterRuns.reduce((sum, runs) => sum + runs, 0);
      expect(batters).toBe(innings.runs - innings.extras);
      // Two openers and one batter in per wicket, but none after the last.
      expect(innings.batterRuns).toHaveLength(2 + Math.min(innings.wickets, ALL_OUT_WICKETS - 1));
    }
  });
});
