import { describe, expect, it } from 'vitest';
import {
  PITCH_PRIOR,
  battingOutlook,
  chaseWinChance,
  pitchBelief,
  settingWinChance,
  type BattingOutlook,
  type InningsScore,
} from './cricket-odds';
import { ALL_OUT_WICKETS, INNINGS_BALLS } from './cricket-outlook';

const EVEN = battingOutlook(0, []);
/** What an average side is expected to make on the usual pitch: the format's par. */
const PAR = Math.round(EVEN.innings.outlook.mean(0, 0));

interface Chase {
  /** The side batting second is `edge` better than the side batting first. */
  edge: number;
  /** The first innings: `firstRuns` in `firstBalls` legal balls. */
  firstRuns: number;
  firstBalls: number;
}

interface ChaseState {
  required: number;
  ballsLeft: number;
  wicketsLeft: number;
}

/** The chasing side's chance from each state, with what both innings' runs say about the pitch. */
function chaseOdds({ edge, firstRuns, firstBalls }: Chase): (state: ChaseState) => number {
  const setter = battingOutlook(-edge, []);
  const chaser = battingOutlook(edge, []);
  const target = firstRuns + 1;
  const first = { runs: firstRuns, wickets: 6, balls: firstBalls };
  return ({ required, ballsLeft, wicketsLeft }) => {
    const score: InningsScore = {
      runs: target - required,
      wickets: ALL_OUT_WICKETS - wicketsLeft,
      balls: INNINGS_BALLS - ballsLeft,
    };
    const belief = pitchBelief([
      { outlook: setter, score: first },
      { outlook: chaser, score },
    ]);
    return chaseWinChance(chaser, score, target, belief);
  };
}

/** One state's chance. */
const chanceOf = (chase: Chase, state: ChaseState): number => chaseOdds(chase)(state);

/** Chases of every kind: even and uneven sides, low, par and big targets, a side bowled out. */
const CHASES: readonly Chase[] = [
  { edge: 0, firstRuns: PAR, firstBalls: INNINGS_BALLS },
  { edge: 0.7, firstRuns: 120, firstBalls: INNINGS_BALLS },
  { edge: -1.2, firstRuns: 205, firstBalls: INNINGS_BALLS },
  { edge: 0, firstRuns: 90, firstBalls: 70 },
  { edge: 1.5, firstRuns: 240, firstBalls: INNINGS_BALLS },
];

describe('cricket chase odds', () => {
  it('makes a chase of a par target near evens at 0/0', () => {
    const chance = chanceOf(
      { edge: 0, firstRuns: PAR, firstBalls: INNINGS_BALLS },
      { required: PAR + 1, ballsLeft: INNINGS_BALLS, wicketsLeft: 10 },
    );
    expect(chance).toBeGreaterThan(0.35);
    expect(chance).toBeLessThan(0.65);
  });

  it('prices a side chasing 153 at 13/0 after two overs close to evens, not at 1.04', () => {
    // The same 152, made by the weaker, an even or the stronger side of a usual pairing.
    for (const edge of [-0.5, 0, 0.5]) {
      const chance = chanceOf(
        { edge, firstRuns: 152, firstBalls: INNINGS_BALLS },
        { required: 140, ballsLeft: 108, wicketsLeft: 10 },
      );
      expect(chance, `edge ${edge}`).toBeGreaterThan(0.3);
      expect(chance, `edge ${edge}`).toBeLessThan(0.7);
    }
  });

  it('makes 10 off 60 balls with 8 wickets a near certainty, 60 off 12 with 2 a long shot', () => {
    for (const chase of CHASES) {
      if (chase.firstRuns + 1 < 60) continue;
      const easy = chanceOf(chase, { required: 10, ballsLeft: 60, wicketsLeft: 8 });
      const hard = chanceOf(chase, { required: 60, ballsLeft: 12, wicketsLeft: 2 });
      expect(easy, JSON.stringify(chase)).toBeGreaterThan(0.95);
      expect(hard, JSON.stringify(chase)).toBeLessThan(0.05);
    }
  });

  it('never raises the chance for more runs required, more wickets down, fewer balls left', () => {
    let compared = 0;
    for (const chase of CHASES) {
      const odds = chaseOdds(chase);
      const target = chase.firstRuns + 1;
      // States a chase reaches: scoring at most 18 an over.
      const reachable = ({ required, ballsLeft }: ChaseState) =>
        target - required <= 3 * (INNINGS_BALLS - ballsLeft);
      for (let required = 1; required <= target; required += 3) {
        for (let ballsLeft = 1; ballsLeft <= INNINGS_BALLS; ballsLeft += 1) {
          for (let wicketsLeft = 1; wicketsLeft <= ALL_OUT_WICKETS; wicketsLeft++) {
            const state = { required, ballsLeft, wicketsLeft };
            if (!reachable(state)) continue;
            const chance = odds(state);
            const worse: ChaseState[] = [
              { ...state, required: required + 1 },
              { ...state, wicketsLeft: wicketsLeft - 1 },
              { ...state, ballsLeft: ballsLeft - 1 },
            ];
            for (const other of worse) {
              if (other.wicketsLeft < 1 || other.ballsLeft < 1 || !reachable(other)) continue;
              const otherChance = odds(other);
              if (otherChance > chance + 1e-9) {
                expect.fail(`${JSON.stringify(other)} beats ${JSON.stringify(state)} in ${target}`);
              }
              compared += 1;
            }
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(100_000);
  });

  it('reads the pitch from the runs: a low first innings makes a low target par', () => {
    const low = pitchBelief([
      { outlook: EVEN, score: { runs: PAR - 30, wickets: 6, balls: INNINGS_BALLS } },
    ]);
    const high = pitchBelief([
      { outlook: EVEN, score: { runs: PAR + 30, wickets: 6, balls: INNINGS_BALLS } },
    ]);
    expect(low.mean).toBeLessThan(0);
    expect(high.mean).toBeGreaterThan(0);
    expect(low.variance).toBeLessThan(PITCH_PRIOR.variance);
    // Chasing PAR - 29 after PAR - 30 is no stroll: the first side's runs say the pitch is slow.
    const start: InningsScore = { runs: 0, wickets: 0, balls: 0 };
    const chase = chaseWinChance(EVEN, start, PAR - 29, low);
    expect(chase).toBeGreaterThan(0.5);
    expect(chase).toBeLessThan(0.8);
    expect(chase).toBeLessThan(chaseWinChance(EVEN, start, PAR - 29, PITCH_PRIOR));
  });

  it('hands over from the first innings to the chase without a jump', () => {
    const cases: [BattingOutlook, BattingOutlook, number][] = [
      [EVEN, EVEN, PAR],
      [battingOutlook(0.8, []), battingOutlook(-0.8, []), 140],
      [battingOutlook(-0.5, []), battingOutlook(0.5, []), 201],
    ];
    for (const [setter, chaser, total] of cases) {
      const first: InningsScore = { runs: total, wickets: 7, balls: INNINGS_BALLS };
      const belief = pitchBelief([{ outlook: setter, score: first }]);
      const setterWins = settingWinChance(setter, first, chaser, belief);
      const start: InningsScore = { runs: 0, wickets: 0, balls: 0 };
      const chaseBelief = pitchBelief([
        { outlook: setter, score: first },
        { outlook: chaser, score: start },
      ]);
      expect(setterWins + chaseWinChance(chaser, start, total + 1, chaseBelief)).toBeCloseTo(1, 9);
    }
  });

  it('projects the first innings against par: more runs or fewer wickets down, better odds', () => {
    const at = (runs: number, wickets: number): number => {
      const score = { runs, wickets, balls: 60 };
      return settingWinChance(EVEN, score, EVEN, pitchBelief([{ outlook: EVEN, score }]));
    };
    const even = at(Math.round(EVEN.soFar(60)), 2);
    expect(even).toBeGreaterThan(0.4);
    expect(even).toBeLessThan(0.65);
    expect(at(100, 2)).toBeGreaterThan(at(80, 2));
    expect(at(80, 2)).toBeGreaterThan(at(80, 6));
  });

  it('settles a finished chase: a tie is half, a shortfall nothing', () => {
    const over: InningsScore = { runs: 150, wickets: 4, balls: INNINGS_BALLS };
    expect(chaseWinChance(EVEN, over, 151, PITCH_PRIOR)).toBe(0.5);
    expect(chaseWinChance(EVEN, over, 160, PITCH_PRIOR)).toBe(0);
    expect(chaseWinChance(EVEN, { ...over, balls: 100 }, 150, PITCH_PRIOR)).toBe(1);
  });
});
