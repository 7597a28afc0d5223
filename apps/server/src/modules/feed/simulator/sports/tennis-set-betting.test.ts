import { describe, expect, it } from 'vitest';
import { boundedProbabilities, toFairProbabilities } from '../probability';
import { playOut, scoreboardsPricedAndNot, simulatedEndings } from './markets-test-kit';
import { TENNIS } from './tennis';
import {
  FINAL_SET_SCORES,
  SetOdds,
  finalSetScoreChances,
  matchChance,
  startingScore,
  type TennisScore,
} from './tennis-odds';
import { setBettingMarket } from './tennis-set-betting';

const SEEDS = 300;
const RUNNERS = ['2-0', '2-1', '1-2', '0-2'];
const START: TennisScore = startingScore();
const ODDS = new SetOdds([0.66, 0.61]);

/** Sets won by each player from a scoreboard's games per set ('6 4 7' against '4 6 5'). */
function setsFrom(teams: readonly { score: string }[]): [number, number] {
  const games = teams.map((team) =>
    team.score
      .replace(/\(.*\)/, '')
      .trim()
      .split(' ')
      .map(Number),
  );
  const sets: [number, number] = [0, 0];
  games[0]?.forEach((mine, set) => {
    const theirs = games[1]?.[set] ?? 0;
    // Only completed sets count: someone on six or more, two clear, or seven.
    const done =
      Math.max(mine, theirs) === 7 || (Math.max(mine, theirs) >= 6 && Math.abs(mine - theirs) >= 2);
    if (done) sets[mine > theirs ? 0 : 1] += 1;
  });
  return sets;
}

/** Runners no longer reachable from sets won so far, worked out here rather than asked of the code. */
function unreachable([mine, theirs]: readonly [number, number]): string[] {
  if (mine === 2 || theirs === 2) return RUNNERS.filter((runner) => runner !== `${mine}-${theirs}`);
  return RUNNERS.filter((runner) => {
    const [a, b] = runner.split('-').map(Number);
    return (a ?? 0) < mine || (b ?? 0) < theirs;
  });
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

describe('set betting, priced', () => {
  it('is an ordinary exchange market over the final set scores, first-named player first', () => {
    expect(setBettingMarket()).toEqual({
      key: 'set_betting',
      type: 'MATCH_ODDS',
      name: 'Set Betting',
      runners: RUNNERS,
      line: null,
    });
  });

  it('matches the set-by-set closed form: the current set at its chance, later ones fresh', () => {
    const f = ODDS.freshSetChance;
    const expectations: [TennisScore, (c: number) => number[]][] = [
      [
        // Level in sets and games, a break up on points: the current set is no fresh one.
        { ...START, games: [4, 2], points: [0, 2] },
        (c) => [
          c * f,
          c * (1 - f) * f + (1 - c) * f * f,
          c * (1 - f) * (1 - f) + (1 - c) * f * (1 - f),
          (1 - c) * (1 - f),
        ],
      ],
      [{ ...START, setsWon: [1, 0], games: [1, 3] }, (c) => [c, (1 - c) * f, (1 - c) * (1 - f), 0]],
      [
        { ...START, setsWon: [1, 1], games: [6, 6], tiebreak: true, points: [2, 4] },
        (c) => [0, c, 1 - c, 0],
      ],
    ];
    for (const [score, expected] of expectations) {
      const c = ODDS.currentSetChance(score);
      expect(Math.abs(c - f)).toBeGreaterThan(0.01);
      const chances = finalSetScoreChances(ODDS, score);
      expected(c).forEach((chance, index) => expect(chances[index]).toBeCloseTo(chance, 12));
    }
  });

  it('gives unreachable scores exactly 0 and sums to 1 at every set score', () => {
    const scores: TennisScore[] = [
      START,
      { ...START, setsWon: [1, 0], games: [2, 3], points: [1, 2] },
      { ...START, setsWon: [0, 1], games: [6, 6], tiebreak: true, points: [5, 3] },
      { ...START, setsWon: [1, 1], games: [4, 4], server: 1 },
      { ...START, setsWon: [2, 1] },
      { ...START, setsWon: [0, 2] },
    ];
    for (const score of scores) {
      const chances = finalSetScoreChances(ODDS, score);
      expect(sum(chances)).toBeCloseTo(1, 12);
      RUNNERS.forEach((runner, index) => {
        const chance = chances[index] ?? Number.NaN;
        if (unreachable(score.setsWon).includes(runner)) expect(chance, runner).toBe(0);
        else if (score.setsWon.every((sets) => sets < 2))
          expect(chance > 0 && chance < 1, runner).toBe(true);
      });
    }
    expect(finalSetScoreChances(ODDS, { ...START, setsWon: [2, 1] })).toEqual([0, 1, 0, 0]);
  });

  it('publishes an impossible set score at 0 in play, so nobody can bet on it, and others above 0', () => {
    const chances = finalSetScoreChances(ODDS, { ...START, setsWon: [1, 0] });
    const published = toFairProbabilities(chances);
    // One set up: 0-2 can no longer happen.
    expect(published[3]).toBe(0);
    for (const p of published.slice(0, 3)) expect(p > 0 && p < 1).toBe(true);
    expect(sum(published)).toBeCloseTo(1, 12);
    // The match over: the final score certain, the others never quoted.
    expect(toFairProbabilities(finalSetScoreChances(ODDS, { ...START, setsWon: [2, 1] }))).toEqual([
      0, 1, 0, 0,
    ]);
    // Before the start every score can happen, and the pre-match bounds hold them in range.
    for (const p of boundedProbabilities(finalSetScoreChances(ODDS, START), 0.02, 0.97)) {
      expect(p > 0 && p < 1).toBe(true);
    }
  });

  it('agrees with match odds: player one wins 2-0 or 2-1', () => {
    for (const score of [
      START,
      { ...START, setsWon: [1, 0] as const, games: [5, 4] as const, points: [3, 3] as const },
    ]) {
      const chances = finalSetScoreChances(ODDS, score);
      expect(
        Math.abs((chances[0] ?? 0) + (chances[1] ?? 0) - matchChance(ODDS, score)),
      ).toBeLessThan(1e-12);
    }
    expect(FINAL_SET_SCORES.map(([mine, theirs]) => `${mine}-${theirs}`)).toEqual(RUNNERS);
  });
});

describe('set betting in play', () => {
  const played = Array.from({ length: SEEDS }, (_, index) => playOut(TENNIS, index + 1));

  it('agrees with match odds and rules out unreachable scores after every point', () => {
    const problems: string[] = [];
    let checked = 0;
    for (const match of played) {
      const moments = [
        { summary: 'before the start', teams: null, chances: match.opening },
        ...match.plays.map((play) => ({
          summary: play.scoreboard.summary,
          teams: play.scoreboard.teams,
          chances: play.chances,
        })),
      ];
      for (const { summary, teams, chances } of moments) {
        const sets = chances.get('set_betting');
        const odds = chances.get('match_odds');
        if (sets === undefined || odds === undefined) continue;
        checked += 1;
        // Both come from the same final-set-score chances, so they agree to rounding.
        if (Math.abs((sets[0] ?? 0) + (sets[1] ?? 0) - (odds[0] ?? 0)) > 1e-9)
          problems.push(`${summary}: ${sets.join(', ')} v ${odds.join(', ')}`);
        if (sets.some((p) => !(p >= 0 && p <= 1)) || Math.abs(sum(sets) - 1) > 1e-9)
          problems.push(`${summary}: ${sets.join(', ')}`);
        const ruledOut = teams === null ? [] : unreachable(setsFrom(teams));
        RUNNERS.forEach((runner, index) => {
          const zero = sets[index] === 0;
          if (zero !== ruledOut.includes(runner))
            problems.push(`${summary}: ${runner} at ${sets[index]}`);
        });
      }
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(SEEDS * 100);
  });

  it('is decided only at the end, on the final score in sets', () => {
    const seen = new Set<string>();
    for (const match of played) {
      for (const { outcome } of match.plays) expect(outcome.decided).toEqual([]);
      const settlements = match.settlements.get('set_betting') ?? [];
      expect(settlements).toHaveLength(1);
      const [mine, theirs] = setsFrom(match.final.teams);
      const runner = RUNNERS[settlements[0] ?? -1];
      expect(runner, match.final.summary).toBe(`${mine}-${theirs}`);
      // Match odds settles on the same player.
      expect(match.settlements.get('match_odds')).toEqual([mine > theirs ? 0 : 1]);
      seen.add(runner ?? '');
    }
    expect([...seen].sort()).toEqual([...RUNNERS].sort());
  });

  it('closes whenever match odds closes', () => {
    let suspensions = 0;
    for (const match of played) {
      for (const { outcome } of match.plays) {
        if (outcome.suspension === null) continue;
        expect(outcome.suspension.marketKeys).toEqual(['match_odds', 'set_betting']);
        suspensions += 1;
      }
    }
    expect(suspensions).toBeGreaterThan(SEEDS);
  });

  it('prices without drawing on the match random stream', () => {
    for (const { priced, unpriced } of scoreboardsPricedAndNot(TENNIS, 1_000)) {
      expect(priced).toEqual(unpriced);
    }
  });
});

describe('set betting through the simulator', () => {
  it('publishes one result: the final score in sets, or void when abandoned', () => {
    const endings = simulatedEndings(2);
    const cancelled = endings.filter((ending) => ending.status === 'CANCELLED');
    expect(cancelled.length).toBeGreaterThanOrEqual(1);
    expect(endings.length - cancelled.length).toBeGreaterThan(50);
    for (const { fixture, status, final, results } of endings) {
      const where = `${fixture.externalId} ${final.summary}`;
      expect(fixture.markets.map((market) => market.key)).toEqual(['match_odds', 'set_betting']);
      for (const market of fixture.markets) expect(results.get(market.key), where).toHaveLength(1);
      const winner = results.get('set_betting')?.[0];
      if (status === 'CANCELLED') {
        expect(winner, where).toBeNull();
        continue;
      }
      const [mine, theirs] = setsFrom(final.teams);
      expect(RUNNERS[winner ?? -1], where).toBe(`${mine}-${theirs}`);
    }
  }, 120_000);
});
