/**
 * Kabaddi, played a raid at a time over two 20-minute halves, with seven players a side on the
 * mat: points put defenders out and revive team-mates, a side with nobody left concedes an all
 * out (two bonus points), and a tie at full time goes to a tie-breaker of five raids each and
 * then golden raids, so there is always a winner and match odds have two runners. The price is
 * a normal approximation of the final margin from the per-raid point odds the play rolls.
 */
import { KABADDI_COMPETITIONS, type Team } from '../names';
import { normalCdf } from '../probability';
import type { Random } from '../random';
import {
  driftedStrength,
  matchOddsMarket,
  matchOddsSuspension,
  playOutcome,
  quietPlay,
  type DriftStep,
  type PlayOutcome,
  type Scoreboard,
  type SportDefinition,
  type SportMatch,
} from '../sport-match';
import {
  SIDES,
  coinToss,
  headToHeadFixture,
  homeGroundTimeZone,
  otherSide,
  pickTwoTeams,
  tallyLine,
  tallyScoreboard,
  teamNames,
  type Side,
} from './head-to-head';

type Phase =
  | 'not-started'
  | 'first-half'
  | 'half-time'
  | 'second-half'
  | 'tie-breaker'
  | 'golden-raid'
  | 'full-time';

const HALF_SECONDS = 20 * 60;
const HALF_TIME_SECONDS = 5 * 60;
const MIN_RAID_SECONDS = 25;
const MAX_RAID_SECONDS = 45;
const AVERAGE_RAID_SECONDS = (MIN_RAID_SECONDS + MAX_RAID_SECONDS) / 2;
const PLAYERS_ON_MAT = 7;
const ALL_OUT_BONUS = 2;
/** A tackle with three or fewer defenders on the mat is a super tackle, worth two. */
const SUPER_TACKLE_DEFENDERS = 3;
const TIE_BREAKER_RAIDS = 10;
/** Golden raids that score nothing this many times running are settled by a toss. */
const MAX_GOLDEN_RAIDS = 30;
const SWING_SUSPENSION_SECONDS = 15;
/** All outs and super tackles make points lumpier than single raids suggest. */
const LUMPINESS = 1.3;
/** How much side 0's log-odds move per unit of edge before the start (measured on the model). */
const LOG_ODDS_PER_EDGE = 2.25;

/** What a raid can do; `touch` puts `defendersOut` defenders out. */
type RaidResult =
  | { kind: 'empty' }
  | { kind: 'bonus' }
  | { kind: 'touch'; defendersOut: number }
  | { kind: 'tackle' };

const RAID_RESULTS: readonly RaidResult[] = [
  { kind: 'empty' },
  { kind: 'bonus' },
  { kind: 'touch', defendersOut: 1 },
  { kind: 'touch', defendersOut: 2 },
  { kind: 'touch', defendersOut: 3 },
  { kind: 'tackle' },
];
const BASE_RAID_WEIGHTS = [0.33, 0.07, 0.17, 0.08, 0.025, 0.3] as const;

/** Raid result weights for a raiding side `edge` better than the defence. */
function raidWeights(edge: number): number[] {
  const factor = Math.exp(0.25 * edge);
  return RAID_RESULTS.map((result, index) => {
    const weight = BASE_RAID_WEIGHTS[index] ?? 0;
    if (result.kind === 'empty') return weight;
    return result.kind === 'tackle' ? weight / factor : weight * factor;
  });
}

/** Mean and variance of the raiding side's net points from one raid (full mats). */
function raidMoments(edge: number): { mean: number; variance: number } {
  const weights = raidWeights(edge);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let mean = 0;
  let square = 0;
  RAID_RESULTS.forEach((result, index) => {
    const chance = (weights[index] ?? 0) / total;
    const net =
      result.kind === 'bonus'
        ? 1
        : result.kind === 'touch'
          ? result.defendersOut
          : result.kind === 'tackle'
            ? -1
            : 0;
    mean += chance * net;
    square += chance * net * net;
  });
  return { mean, variance: square - mean * mean };
}

class KabaddiMatch implements SportMatch {
  private phase: Phase = 'not-started';
  /** Seconds played in the current half. */
  private clockSeconds = 0;
  private raiding: Side = 0;
  private tieBreakerRaidsLeft = TIE_BREAKER_RAIDS;
  private goldenRaids = 0;
  private readonly points: [number, number] = [0, 0];
  private readonly onMat: [number, number] = [PLAYERS_ON_MAT, PLAYERS_ON_MAT];
  private readonly openingEdge: number;

  constructor(
    private readonly rng: Random,
    private readonly sides: readonly [Team, Team],
    /** How much better side 0 is, in standard deviations. */
    private edge: number,
  ) {
    this.openingEdge = edge;
  }

  drift(step: DriftStep): void {
    const sd = step.logOddsSd / LOG_ODDS_PER_EDGE;
    this.edge = driftedStrength(this.rng, this.edge, this.openingEdge, step.keep, sd);
  }

  play(): PlayOutcome {
    switch (this.phase) {
      case 'not-started':
        this.raiding = coinToss(this.rng);
        this.phase = 'first-half';
        return quietPlay(MIN_RAID_SECONDS, `${this.sides[this.raiding].name} to raid first`);
      case 'half-time':
        this.phase = 'second-half';
        this.clockSeconds = 0;
        return quietPlay(MIN_RAID_SECONDS, 'Second half under way');
      case 'full-time':
        return quietPlay(null);
      default:
        return this.raid();
    }
  }

  private raid(): PlayOutcome {
    const raider = this.raiding;
    const defender = otherSide(raider);
    const raiderEdge = raider === 0 ? this.edge : -this.edge;
    const result = RAID_RESULTS[this.rng.weighted(raidWeights(raiderEdge))] ?? { kind: 'empty' };
    const commentary: string[] = [];
    let swing = false;
    const raiderName = this.sides[raider].name;
    const defenderName = this.sides[defender].name;

    if (result.kind === 'bonus') {
      this.points[raider] += 1;
    } else if (result.kind === 'touch') {
      const out = Math.min(result.defendersOut, this.onMat[defender]);
      this.points[raider] += out;
      this.onMat[defender] -= out;
      this.onMat[raider] = Math.min(PLAYERS_ON_MAT, this.onMat[raider] + out);
      if (out >= 3) {
        commentary.push(`${this.clockLabel()} Super raid! ${raiderName} +${out}`);
        swing = true;
      }
    } else if (result.kind === 'tackle') {
      const superTackle = this.onMat[defender] <= SUPER_TACKLE_DEFENDERS;
      this.points[defender] += superTackle ? 2 : 1;
      this.onMat[raider] -= 1;
      this.onMat[defender] = Math.min(PLAYERS_ON_MAT, this.onMat[defender] + 1);
      if (superTackle) {
        commentary.push(`${this.clockLabel()} Super tackle! ${defenderName} +2`);
        swing = true;
      }
    }
    for (const side of SIDES) {
      if (this.onMat[side] > 0) continue;
      const opponent = otherSide(side);
      this.points[opponent] += ALL_OUT_BONUS;
      this.onMat[side] = PLAYERS_ON_MAT;
      commentary.push(
        `${this.clockLabel()} ALL OUT! ${this.sides[opponent].name} +${ALL_OUT_BONUS}`,
      );
      swing = true;
    }
    this.raiding = defender;

    const suspension = swing
      ? matchOddsSuspension('Raid point swing', SWING_SUSPENSION_SECONDS)
      : null;
    const raidSeconds = this.rng.int(MIN_RAID_SECONDS, MAX_RAID_SECONDS);
    const nextPlayInSeconds = this.afterRaid(raidSeconds, commentary);
    return playOutcome(nextPlayInSeconds, commentary, suspension);
  }

  /** Moves the clock and the phase on after a raid; returns when the next play is due. */
  private afterRaid(raidSeconds: number, commentary: string[]): number | null {
    const level = this.points[0] === this.points[1];
    switch (this.phase) {
      case 'first-half':
      case 'second-half':
        this.clockSeconds += raidSeconds;
        if (this.clockSeconds < HALF_SECONDS) return raidSeconds;
        if (this.phase === 'first-half') {
          this.phase = 'half-time';
          commentary.push(`Half-time: ${this.scoreLine()}`);
          return HALF_TIME_SECONDS;
        }
        if (!level) return this.fullTime(commentary);
        this.phase = 'tie-breaker';
        this.onMat[0] = PLAYERS_ON_MAT;
        this.onMat[1] = PLAYERS_ON_MAT;
        commentary.push(`Level at full time (${this.scoreLine()}): tie-breaker, five raids each`);
        return raidSeconds;
      case 'tie-breaker':
        this.tieBreakerRaidsLeft -= 1;
        if (this.tieBreakerRaidsLeft > 0) return raidSeconds;
        if (!level) return this.fullTime(commentary);
        this.phase = 'golden-raid';
        commentary.push('Still level: golden raid');
        return raidSeconds;
      case 'golden-raid':
        this.goldenRaids += 1;
        if (level && this.goldenRaids < MAX_GOLDEN_RAIDS) return raidSeconds;
        if (level) {
          const tossWinner = coinToss(this.rng);
          this.points[tossWinner] += 1;
          commentary.push(`${this.sides[tossWinner].name} win the toss for the golden point`);
        }
        return this.fullTime(commentary);
      default:
        return raidSeconds;
    }
  }

  private fullTime(commentary: string[]): null {
    this.phase = 'full-time';
    const winner = this.points[0] > this.points[1] ? 0 : 1;
    commentary.push(`Full-time: ${this.scoreLine()}, ${this.sides[winner].name} win`);
    return null;
  }

  scoreboard(): Scoreboard {
    const clock = this.phase === 'not-started' ? null : this.clockLabel();
    return tallyScoreboard(this.sides, this.points, clock);
  }

  probabilities(): number[] {
    if (this.phase === 'full-time') return this.points[0] > this.points[1] ? [1, 0] : [0, 1];
    const raidsLeft = this.raidsLeft();
    const sideZeroRaiding = raidMoments(this.edge);
    const sideOneRaiding = raidMoments(-this.edge);
    // Raids alternate, so each side makes about half of those left.
    const meanMargin =
      this.points[0] -
      this.points[1] +
      (raidsLeft / 2) * (sideZeroRaiding.mean - sideOneRaiding.mean);
    const variance =
      (raidsLeft / 2) * (sideZeroRaiding.variance + sideOneRaiding.variance) * LUMPINESS + 0.25;
    // A level finish goes to the tie-breaker, which the model calls evens: no continuity shift.
    const sideZero = normalCdf(meanMargin / Math.sqrt(variance));
    return [sideZero, 1 - sideZero];
  }

  winner(): number | null {
    return this.points[0] > this.points[1] ? 0 : 1;
  }

  private raidsLeft(): number {
    const fullHalf = HALF_SECONDS / AVERAGE_RAID_SECONDS;
    const extra = TIE_BREAKER_RAIDS / 4;
    switch (this.phase) {
      case 'not-started':
        return 2 * fullHalf + extra;
      case 'first-half':
        return (HALF_SECONDS - this.clockSeconds) / AVERAGE_RAID_SECONDS + fullHalf + extra;
      case 'half-time':
        return fullHalf + extra;
      case 'second-half':
        return Math.max(0, HALF_SECONDS - this.clockSeconds) / AVERAGE_RAID_SECONDS + extra;
      case 'tie-breaker':
        return this.tieBreakerRaidsLeft + 1;
      default:
        return 1;
    }
  }

  private clockLabel(): string {
    switch (this.phase) {
      case 'half-time':
        return 'HT';
      case 'full-time':
        return 'FT';
      case 'tie-breaker':
        return 'Tie-breaker';
      case 'golden-raid':
        return 'Golden raid';
      default: {
        const halfStart = this.phase === 'second-half' ? HALF_SECONDS : 0;
        const minute = Math.min(40, Math.floor((halfStart + this.clockSeconds) / 60) + 1);
        return `${minute}'`;
      }
    }
  }

  private scoreLine(): string {
    return tallyLine(this.sides, this.points);
  }
}

export const KABADDI: SportDefinition = {
  sportId: 25,
  shortestMatchSeconds: 2 * HALF_SECONDS + HALF_TIME_SECONDS,
  abandonChance: 0.005,
  abandonReason: 'Match abandoned: floodlight failure',
  createFixture({ rng, busyNames }) {
    const competition = rng.pick(KABADDI_COMPETITIONS);
    const sides = pickTwoTeams(rng, competition, busyNames);
    const names = teamNames(sides);
    const match = new KabaddiMatch(rng, sides, 0.5 * rng.normal());
    return headToHeadFixture(
      competition.name,
      homeGroundTimeZone(competition, sides[0]),
      names,
      [matchOddsMarket([...names])],
      match,
    );
  },
};
