import { describe, expect, it } from 'vitest';
import {
  SetOdds,
  holdChance,
  matchChance,
  startingScore,
  tiebreakChance,
  tiebreakServer,
  type TennisScore,
} from './tennis-odds';

const START: TennisScore = startingScore();

describe('tennis odds', () => {
  it('holds serve with the textbook probability', () => {
    // p = 0.6: p^4(1 + 4q + 10q^2) + 20 p^3 q^3 · p^2 / (p^2 + q^2).
    expect(holdChance(0.6, 0, 0)).toBeCloseTo(0.73573, 5);
    expect(holdChance(0.5, 0, 0)).toBeCloseTo(0.5, 12);
    expect(holdChance(0.6, 4, 2)).toBe(1);
    expect(holdChance(0.6, 5, 5)).toBeCloseTo(0.36 / 0.52, 12);
  });

  it('serves the tiebreak one point, then two each', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((index) => tiebreakServer(index, 0))).toEqual([
      0, 1, 1, 0, 0, 1, 1, 0,
    ]);
  });

  it('is even between equal players and favours the better server', () => {
    const equal = new SetOdds([0.63, 0.63]);
    const evens = (matchChance(equal, START) + matchChance(equal, { ...START, server: 1 })) / 2;
    expect(evens).toBeCloseTo(0.5, 9);
    expect(tiebreakChance([0.63, 0.63], [0, 0], 0)).toBeCloseTo(0.5, 9);
    const better = new SetOdds([0.67, 0.6]);
    expect(matchChance(better, START)).toBeGreaterThan(0.6);
  });

  it('moves towards certainty with the score', () => {
    const odds = new SetOdds([0.63, 0.63]);
    const setUp = matchChance(odds, { ...START, setsWon: [1, 0] });
    const breakUp = matchChance(odds, { ...START, setsWon: [1, 0], games: [3, 1], server: 1 });
    const matchPoint = matchChance(odds, {
      ...START,
      setsWon: [1, 0],
      games: [5, 2],
      points: [3, 0],
    });
    expect(setUp).toBeGreaterThan(0.7);
    expect(breakUp).toBeGreaterThan(setUp);
    expect(matchPoint).toBeGreaterThan(0.99);
    expect(matchChance(odds, { ...START, setsWon: [0, 2] })).toBe(0);
  });
});
