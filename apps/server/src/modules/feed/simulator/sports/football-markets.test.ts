import { describe, expect, it } from 'vitest';
import { poissonDistribution } from '../probability';
import type { Scoreboard } from '../sport-match';
import { FOOTBALL } from './football';
import { footballMarkets, marketChances, type Goals } from './football-markets';
import { playOut, scoreboardsPricedAndNot, simulatedEndings } from './markets-test-kit';

const SEEDS = 300;
const LINES = [1.5, 2.5, 3.5] as const;
const GOAL_MARKET_KEYS = [
  'over_under_1.5',
  'over_under_2.5',
  'over_under_3.5',
  'both_teams_to_score',
] as const;
const MARKETS = footballMarkets('Home', 'Away');

/** A market's chances at `goals` with Poisson remaining goals of these means. */
function chances(key: string, goals: Goals, means: readonly [number, number]): number[] {
  const market = MARKETS.find((candidate) => candidate.spec.key === key);
  if (market === undefined) throw new Error(`no market ${key}`);
  const remaining = [poissonDistribution(means[0], 12), poissonDistribution(means[1], 12)] as const;
  return marketChances(market, goals, remaining);
}

const over = (line: number, goals: Goals, means: readonly [number, number]) =>
  chances(`over_under_${line}`, goals, means)[1] ?? Number.NaN;
const bothScore = (goals: Goals, means: readonly [number, number]) =>
  chances('both_teams_to_score', goals, means)[0] ?? Number.NaN;

/** The winning runner's name a final score implies, worked out here rather than asked of the code. */
function impliedRunner(key: string, [home, away]: Goals, names: readonly string[]): string {
  if (key === 'match_odds')
    return home > away ? (names[0] ?? '') : away > home ? (names[1] ?? '') : 'The Draw';
  if (key === 'both_teams_to_score') return home > 0 && away > 0 ? 'Yes' : 'No';
  const line = Number(key.replace('over_under_', ''));
  return home + away > line ? `Over ${line} Goals` : `Under ${line} Goals`;
}

/** Over a line and Yes can be settled as soon as they happen: no later goal undoes them. */
function settledEarly(runner: string): boolean {
  return runner === 'Yes' || runner.startsWith('Over ');
}

function goalsOf(board: Pick<Scoreboard, 'teams'>): Goals {
  const [home, away] = board.teams.map((team) => Number(team.score));
  return [home ?? Number.NaN, away ?? Number.NaN];
}

/** Minutes on the clock of a scoreboard summary: "(90+2')" is 92, half-time and full-time null. */
function clockMinutes(summary: string): number | null {
  const clock = /\((\d+)(?:\+(\d+))?'\)$/.exec(summary);
  return clock === null ? null : Number(clock[1]) + Number(clock[2] ?? 0);
}

describe('football goal markets, priced', () => {
  it('come after match odds, as ordinary exchange markets with their runners', () => {
    expect(MARKETS.map((market) => market.spec)).toEqual([
      {
        key: 'match_odds',
        type: 'MATCH_ODDS',
        name: 'Match Odds',
        runners: ['Home', 'Away', 'The Draw'],
        line: null,
      },
      ...LINES.map((line) => ({
        key: `over_under_${line}`,
        type: 'MATCH_ODDS',
        name: `Over/Under ${line} Goals`,
        runners: [`Under ${line} Goals`, `Over ${line} Goals`],
        line: null,
      })),
      {
        key: 'both_teams_to_score',
        type: 'MATCH_ODDS',
        name: 'Both Teams to Score',
        runners: ['Yes', 'No'],
        line: null,
      },
    ]);
  });

  it('gives every runner a chance within [0, 1], summing to 1 per market', () => {
    for (const means of [
      [0, 0],
      [0.05, 0.02],
      [1.3, 1.1],
      [3, 0.4],
    ] as const) {
      for (let home = 0; home <= 4; home++) {
        for (let away = 0; away <= 4; away++) {
          for (const market of MARKETS) {
            const p = chances(market.spec.key, [home, away], means);
            expect(p).toHaveLength(market.spec.runners.length);
            for (const chance of p) expect(chance >= 0 && chance <= 1).toBe(true);
            expect(p.reduce((sum, chance) => sum + chance, 0)).toBeCloseTo(1, 12);
          }
        }
      }
    }
  });

  it('agrees with the closed forms of independent Poisson goals', () => {
    // Goals still to come in all are Poisson with the two means added.
    const total = 1.3 + 1.1;
    const atMost = (count: number) =>
      poissonDistribution(total, 12)
        .slice(0, count + 1)
        .reduce((sum, p) => sum + p, 0);
    expect(over(1.5, [0, 0], [1.3, 1.1])).toBeCloseTo(1 - atMost(1), 9);
    expect(over(2.5, [0, 0], [1.3, 1.1])).toBeCloseTo(1 - atMost(2), 9);
    expect(over(3.5, [1, 0], [1.3, 1.1])).toBeCloseTo(1 - atMost(2), 9);
    expect(bothScore([0, 0], [1.3, 1.1])).toBeCloseTo(
      (1 - Math.exp(-1.3)) * (1 - Math.exp(-1.1)),
      9,
    );
    expect(bothScore([2, 0], [1.3, 1.1])).toBeCloseTo(1 - Math.exp(-1.1), 9);
  });

  it('ranks the lines: over 1.5 at least as likely as over 2.5, and that as over 3.5', () => {
    for (const means of [
      [0, 0],
      [0.2, 0.1],
      [1.3, 1.1],
      [2.5, 2],
    ] as const) {
      for (let home = 0; home <= 3; home++) {
        for (let away = 0; away <= 3; away++) {
          const [low, middle, high] = LINES.map((line) => over(line, [home, away], means));
          expect(low).toBeGreaterThanOrEqual(middle ?? Number.NaN);
          expect(middle).toBeGreaterThanOrEqual(high ?? Number.NaN);
        }
      }
    }
  });

  it('follows the goals', () => {
    const means = [0.9, 0.7] as const;
    for (const line of LINES)
      expect(over(line, [1, 0], means)).toBeGreaterThan(over(line, [0, 0], means));
    expect(bothScore([1, 0], means)).toBeGreaterThan(bothScore([0, 0], means));
    // Goalless with little time left: under 2.5 is all but certain.
    expect(chances('over_under_2.5', [0, 0], [0.05, 0.04])[0]).toBeGreaterThan(0.99);
    // Once a line is passed, or both have scored, the goals to come change nothing.
    expect(over(1.5, [2, 0], means)).toBe(1);
    expect(bothScore([1, 1], means)).toBe(1);
    // At the end, with nothing to come, each market is certain of the score's runner.
    expect(over(2.5, [2, 0], [0, 0])).toBe(0);
    expect(bothScore([3, 0], [0, 0])).toBe(0);
  });

  it('are decided early only by an Over line passed or both sides scoring', () => {
    const decided = (key: string, goals: Goals) =>
      MARKETS.find((market) => market.spec.key === key)?.decidedBy(goals);
    expect(decided('match_odds', [5, 0])).toBeNull();
    expect(decided('over_under_2.5', [2, 0])).toBeNull();
    expect(decided('over_under_2.5', [2, 1])).toBe(1);
    expect(decided('both_teams_to_score', [3, 0])).toBeNull();
    expect(decided('both_teams_to_score', [1, 1])).toBe(0);
  });
});

describe('football goal markets in play', () => {
  const played = Array.from({ length: SEEDS }, (_, index) => playOut(FOOTBALL, index + 1));

  it('prices every undecided market as a distribution, the lines in order, after every play', () => {
    const problems: string[] = [];
    for (const match of played) {
      for (const { chances: byMarket, scoreboard } of match.plays) {
        for (const [key, p] of byMarket) {
          const total = p.reduce((sum, chance) => sum + chance, 0);
          if (p.some((chance) => !(chance >= 0 && chance <= 1)) || Math.abs(total - 1) > 1e-9) {
            problems.push(`${scoreboard.summary} ${key}: ${p.join(', ')}`);
          }
        }
        const overs = LINES.map((line) => byMarket.get(`over_under_${line}`)?.[1] ?? 1);
        if (!((overs[0] ?? 0) >= (overs[1] ?? 0) && (overs[1] ?? 0) >= (overs[2] ?? 0))) {
          problems.push(`${scoreboard.summary} lines out of order: ${overs.join(', ')}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('raises the chance of every open Over line with each goal before full time', () => {
    const total = (board: Scoreboard) => goalsOf(board)[0] + goalsOf(board)[1];
    let goals = 0;
    for (const match of played) {
      match.plays.forEach((play, index) => {
        const before = match.plays[index - 1];
        // A goal in the last minute is followed at once by the whistle, which settles the lines.
        if (before === undefined || play.outcome.nextPlayInSeconds === null) return;
        if (total(play.scoreboard) === total(before.scoreboard)) return;
        goals += 1;
        for (const line of LINES) {
          const now = play.chances.get(`over_under_${line}`)?.[1];
          if (now === undefined) continue; // this goal decided it
          const then = before.chances.get(`over_under_${line}`)?.[1] ?? Number.NaN;
          expect(now, `${play.scoreboard.summary} over ${line}`).toBeGreaterThan(then);
        }
      });
    }
    expect(goals).toBeGreaterThan(SEEDS);
  });

  it('makes under 2.5 all but certain at 0-0 late on', () => {
    let checked = 0;
    for (const match of played) {
      for (const { scoreboard, chances: byMarket } of match.plays) {
        const minutes = clockMinutes(scoreboard.summary);
        const [home, away] = goalsOf(scoreboard);
        if (minutes === null || minutes < 85 || home !== 0 || away !== 0) continue;
        expect(byMarket.get('over_under_2.5')?.[0], scoreboard.summary).toBeGreaterThan(0.95);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(10);
  });

  it('settles every market exactly once, on the runner the score implies, as soon as it is certain', () => {
    let early = 0;
    for (const match of played) {
      const { markets, participants } = match.created;
      for (const market of markets) {
        const settlements = match.settlements.get(market.key) ?? [];
        expect(settlements, `${match.final.summary} ${market.key}`).toHaveLength(1);
        const runner = market.runners[settlements[0] ?? -1];
        expect(runner, `${match.final.summary} ${market.key}`).toBe(
          impliedRunner(market.key, goalsOf(match.final), participants),
        );
      }
      // A market certain before the end is settled on the play that made it certain, and one
      // not yet certain is never settled early.
      match.plays.forEach(({ outcome, scoreboard }, index) => {
        const decided = new Set(outcome.decided.map((decision) => decision.marketKey));
        const last = index === match.plays.length - 1;
        for (const key of GOAL_MARKET_KEYS) {
          const names = markets.find((market) => market.key === key)?.runners ?? [];
          const now = impliedRunner(key, goalsOf(scoreboard), names);
          const before = match.plays[index - 1];
          const then = before && impliedRunner(key, goalsOf(before.scoreboard), names);
          const becameCertain = settledEarly(now) && !(then !== undefined && settledEarly(then));
          expect(decided.has(key), `${scoreboard.summary} ${key}`).toBe(becameCertain);
          if (decided.has(key) && !last) early += 1;
        }
      });
    }
    expect(early).toBeGreaterThan(SEEDS);
  });

  it('suspends match odds and every goal market still open on a goal or a red card', () => {
    let suspensions = 0;
    for (const match of played) {
      const open = new Set(match.created.markets.map((market) => market.key));
      for (const { outcome } of match.plays) {
        for (const decision of outcome.decided) open.delete(decision.marketKey);
        if (outcome.suspension === null) continue;
        expect(['Goal', 'Red card']).toContain(outcome.suspension.reason);
        expect(outcome.suspension.marketKeys).toEqual([...open]);
        suspensions += 1;
      }
    }
    expect(suspensions).toBeGreaterThan(SEEDS);
  });

  it('prices without drawing on the match random stream', () => {
    for (const { priced, unpriced } of scoreboardsPricedAndNot(FOOTBALL, 500)) {
      expect(priced).toEqual(unpriced);
    }
  });
});

describe('football goal markets through the simulator', () => {
  it('publishes one result per market: the score implies it, or void when abandoned', () => {
    const endings = simulatedEndings(1);
    const cancelled = endings.filter((ending) => ending.status === 'CANCELLED');
    expect(cancelled.length).toBeGreaterThanOrEqual(1);
    expect(endings.length - cancelled.length).toBeGreaterThan(50);
    for (const { fixture, status, final, results } of endings) {
      const goals = goalsOf(final);
      for (const market of fixture.markets) {
        const published = results.get(market.key) ?? [];
        const where = `${fixture.externalId} ${final.summary} ${market.key}`;
        expect(published, where).toHaveLength(1);
        const implied = impliedRunner(market.key, goals, fixture.participants);
        // An abandoned match voids what was still open; what was already certain stands.
        const expected = status === 'FINISHED' || settledEarly(implied) ? implied : null;
        const winner = published[0];
        expect(winner === null || winner === undefined ? null : market.runners[winner], where).toBe(
          expected,
        );
      }
    }
  }, 120_000);
});
