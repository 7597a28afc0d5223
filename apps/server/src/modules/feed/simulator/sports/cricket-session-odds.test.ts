import { describe, expect, it } from 'vitest';
import { Random } from '../random';
import { PITCH_PRIOR, battingOutlook, type InningsScore } from './cricket-odds';
import { OPENERS, bowlLegal, bowlWide, newInnings, type Innings } from './cricket-innings';
import { ALL_OUT_WICKETS, INNINGS_BALLS, RUN_VALUES, ballModel } from './cricket-outlook';
import {
  OVERSHOOT_AT_LEAST,
  firstWicketChance,
  openerRunsChance,
  powerplayBoundariesChance,
  runsByBallChance,
  throughTarget,
} from './cricket-session-odds';

const INNINGS_PLAYED = 6_000;
/** Sampling error of a frequency from INNINGS_PLAYED innings is below 0.007: room for the model. */
const TOLERANCE = 0.035;

/** Plays the rest of an innings with the ball model the simulation rolls, from `innings`. */
function playOn(
  innings: Innings,
  edge: number,
  rng: Random,
  target: number | null = null,
): Innings {
  const model = ballModel(edge);
  while (
    innings.balls < INNINGS_BALLS &&
    innings.wickets < ALL_OUT_WICKETS &&
    (target === null || innings.runs < target)
  ) {
    if (rng.chance(model.wideChance)) {
      bowlWide(innings);
      continue;
    }
    const odds = model.ballAt(innings.balls, innings.wickets);
    if (rng.chance(odds.wicketChance)) bowlLegal(innings, { wicket: true });
    else
      bowlLegal(innings, { wicket: false, runs: RUN_VALUES[rng.weighted(odds.runChances)] ?? 0 });
  }
  return innings;
}

/** A copy of an innings to play on from. */
const copyOf = (innings: Innings): Innings => ({
  ...innings,
  batterRuns: [...innings.batterRuns],
});

/** The numbers the sessions settle on, over many innings played on from `start`. */
function played(start: Innings, edge: number, seed: number, target: number | null = null) {
  const rng = new Random(seed);
  return Array.from({ length: INNINGS_PLAYED }, () => {
    const innings = playOn(copyOf(start), edge, rng, target);
    return {
      total: innings.runs,
      firstWicket: innings.firstWicketRuns ?? innings.runs,
      openers: OPENERS.map((opener) => innings.batterRuns[opener] ?? 0),
      boundaries: innings.powerplayBoundaries,
    };
  });
}

/** Frequency of `numbers` reaching `value`. */
const reached = (numbers: readonly number[], value: number) =>
  numbers.filter((number) => number >= value).length / numbers.length;

/** Values around the middle of `numbers`: its 20th to 80th percentiles. */
function middleValues(numbers: readonly number[]): number[] {
  const sorted = [...numbers].sort((a, b) => a - b);
  const at = (share: number) => sorted[Math.floor(share * (sorted.length - 1))] ?? 0;
  return [...new Set([0.2, 0.35, 0.5, 0.65, 0.8].map(at))];
}

describe.each([
  ['an even side', 0],
  ['a strong side', 1.2],
  ['a weak side', -1.2],
])('fancy session chances of %s', (_side, edge) => {
  const outlook = battingOutlook(edge, [INNINGS_BALLS]);
  const fresh = newInnings(0);
  const results = played(fresh, edge, 11);

  it('match how often the simulation reaches each value, from the first ball', () => {
    const score: InningsScore = fresh;
    const checks: [string, number[], (value: number) => number][] = [
      [
        'first wicket',
        results.map((r) => r.firstWicket),
        (value) => firstWicketChance(outlook, score, value, PITCH_PRIOR, null),
      ],
      [
        'opener 1',
        results.map((r) => r.openers[0] ?? 0),
        (value) =>
          openerRunsChance(outlook, { runs: 0, onStrike: true }, score, value, PITCH_PRIOR, null),
      ],
      [
        'opener 2',
        results.map((r) => r.openers[1] ?? 0),
        (value) =>
          openerRunsChance(outlook, { runs: 0, onStrike: false }, score, value, PITCH_PRIOR, null),
      ],
      [
        'powerplay boundaries',
        results.map((r) => r.boundaries),
        (value) => powerplayBoundariesChance(outlook, score, 0, value, PITCH_PRIOR),
      ],
    ];
    for (const [name, numbers, chance] of checks) {
      for (const value of middleValues(numbers)) {
        expect(
          Math.abs(chance(value) - reached(numbers, value)),
          `${name} ≥ ${value}`,
        ).toBeLessThan(TOLERANCE);
      }
    }
  });

  it('match the simulation from the middle of an innings, an opener set and one out', () => {
    // Eight overs gone, one wicket down: opener 1 batting on.
    const start = newInnings(0);
    for (let ball = 0; ball < 48; ball++) {
      if (ball === 20) bowlLegal(start, { wicket: true });
      else bowlLegal(start, { wicket: false, runs: ball % 3 === 0 ? 4 : 1 });
    }
    const onStrike = start.striker === 0;
    const later = played(start, edge, 12);
    const numbers = later.map((r) => r.openers[0] ?? 0);
    for (const value of middleValues(numbers)) {
      const chance = openerRunsChance(
        outlook,
        { runs: start.batterRuns[0] ?? 0, onStrike },
        start,
        value,
        PITCH_PRIOR,
        null,
      );
      expect(Math.abs(chance - reached(numbers, value)), `opener ≥ ${value}`).toBeLessThan(
        TOLERANCE,
      );
    }
  });
});

describe('fancy session chances', () => {
  const outlook = battingOutlook(0, [36, INNINGS_BALLS]);
  const score: InningsScore = { runs: 40, wickets: 0, balls: 30 };

  it('fall as the value rises and rise with a pitch that gives more runs', () => {
    const good = { mean: 0.1, variance: PITCH_PRIOR.variance };
    const chances = [
      (value: number, belief = PITCH_PRIOR) =>
        firstWicketChance(outlook, score, value, belief, null),
      (value: number, belief = PITCH_PRIOR) =>
        openerRunsChance(outlook, { runs: 20, onStrike: true }, score, value, belief, null),
      (value: number, belief = PITCH_PRIOR) =>
        powerplayBoundariesChance(outlook, score, 5, value, belief),
      (value: number, belief = PITCH_PRIOR) =>
        runsByBallChance(outlook, INNINGS_BALLS, score, value, belief, null),
    ];
    for (const chance of chances) {
      let previous = 1;
      for (let value = 0; value <= 300; value++) {
        const now = chance(value);
        expect(now).toBeGreaterThanOrEqual(0);
        expect(now).toBeLessThanOrEqual(previous + 1e-12);
        expect(chance(value, good)).toBeGreaterThanOrEqual(now - 1e-12);
        previous = now;
      }
      expect(chance(0)).toBeCloseTo(1, 9);
    }
  });

  it('pass a chase’s target only with the winning hit, as often as the simulation does', () => {
    const rng = new Random(3);
    const overshoots: number[] = [];
    while (overshoots.length < 20_000) {
      const target = rng.int(120, 210);
      const innings = playOn(newInnings(0), rng.normal() * 0.7, rng, target);
      if (innings.runs >= target) overshoots.push(innings.runs - target);
    }
    OVERSHOOT_AT_LEAST.forEach((share, runs) => {
      expect(reached(overshoots, runs), `${runs} past`).toBeCloseTo(share, 1);
    });
    expect(reached(overshoots, OVERSHOOT_AT_LEAST.length)).toBe(0);
    const reaches = (value: number) => (value <= 150 ? 0.6 : 0);
    expect(throughTarget(reaches, 149, 150)).toBe(0.6);
    expect(throughTarget(reaches, 152, 150)).toBeCloseTo(0.6 * (OVERSHOOT_AT_LEAST[2] ?? 0));
    expect(throughTarget(reaches, 156, 150)).toBe(0);
  });

  it('price an opener in a chase for the balls the chase should last', () => {
    const chasing = { runs: 100, wickets: 1, balls: 60 };
    const opener = { runs: 40, onStrike: true };
    const open = openerRunsChance(outlook, opener, chasing, 70, PITCH_PRIOR, null);
    const nearlyWon = openerRunsChance(outlook, opener, chasing, 70, PITCH_PRIOR, 110);
    expect(nearlyWon).toBeLessThan(open / 2);
  });
});
