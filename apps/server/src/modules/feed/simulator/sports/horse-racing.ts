/**
 * Horse racing, run in steps of a few race-seconds: each horse covers ground at its own speed
 * (set by its ability) plus noise. A horse's finishing time is then close to normal, so the win
 * chance of each is the chance its time is the smallest, integrated numerically; before the off
 * that is the morning line, in running it follows the ground each horse has made. The race
 * start and the finish are the big moments; the result is declared after the weigh-in.
 */
import { HORSE_NAMES, RACECOURSES, RACE_DISTANCES_METRES } from '../names';
import { normalCdf, normalPdf } from '../probability';
import type { Random } from '../random';
import {
  driftedStrength,
  matchOddsMarket,
  matchOddsSuspension,
  pickFreeNames,
  playOutcome,
  quietPlay,
  type DriftStep,
  type PlayOutcome,
  type Scoreboard,
  type SportDefinition,
  type SportMatch,
  type Suspension,
} from '../sport-match';

type Phase = 'not-started' | 'running' | 'weighing-in' | 'over';

export const MIN_RUNNERS = 6;
export const MAX_RUNNERS = 10;
const AVERAGE_SPEED_METRES_PER_SECOND = 16.6;
/** One standard deviation of ability is worth this share of speed. */
const ABILITY_SPEED_SHARE = 0.01;
const STEP_SECONDS = 4;
/** Relative spread of a horse's speed over one step. */
const STEP_SPEED_NOISE = 0.06;
const LENGTH_METRES = 2.4;
/** Finishes closer than this (race-seconds) go to the photo. */
const PHOTO_FINISH_SECONDS = 0.05;
/** Results are declared a few minutes after the finish, once the jockeys have weighed in. */
const WEIGH_IN_SECONDS = 240;
const RACE_START_SUSPENSION_SECONDS = 6;
/** Outlasts the weigh-in at any pace above 1/15, so the result arrives while still suspended. */
const FINISH_SUSPENSION_SECONDS = 3600;
/** Grid points for the win-chance integral. */
const INTEGRATION_STEPS = 160;
const PODIUM_PLACES = 3;
/** How much a horse's log-odds move per unit of its ability before the off (measured). */
const LOG_ODDS_PER_ABILITY = 1.67;

/** The chance each runner's time is the lowest, for independent normal finishing times. */
export function fastestChances(means: readonly number[], spreads: readonly number[]): number[] {
  const lowest = Math.min(...means.map((mean, index) => mean - 6 * (spreads[index] ?? 0)));
  const highest = Math.min(...means.map((mean, index) => mean + 6 * (spreads[index] ?? 0)));
  const width = (highest - lowest) / INTEGRATION_STEPS;
  const count = means.length;
  const chances = means.map(() => 0);
  // Scratch rows reused at every grid point: this runs at each price of a race, in running and
  // at each pre-race drift step.
  const zs = new Float64Array(count);
  const survivals = new Float64Array(count);
  const suffix = new Float64Array(count + 1);
  if (width > 0) {
    for (let step = 0; step < INTEGRATION_STEPS; step++) {
      const time = lowest + (step + 0.5) * width;
      for (let index = 0; index < count; index++) {
        const z = (time - (means[index] ?? 0)) / (spreads[index] ?? 1);
        zs[index] = z;
        survivals[index] = 1 - normalCdf(z);
      }
      // Products of the other runners' survivals, from prefix and suffix products.
      suffix[count] = 1;
      for (let index = count - 1; index >= 0; index--) {
        suffix[index] = (suffix[index + 1] ?? 1) * (survivals[index] ?? 1);
      }
      let prefix = 1;
      for (let index = 0; index < count; index++) {
        const density = normalPdf(zs[index] ?? 0) / (spreads[index] ?? 1);
        chances[index] =
          (chances[index] ?? 0) + density * prefix * (suffix[index + 1] ?? 1) * width;
        prefix *= survivals[index] ?? 1;
      }
    }
  }
  const total = chances.reduce((sum, chance) => sum + chance, 0);
  if (total > 0) return chances.map((chance) => chance / total);
  // Spreads too small to integrate: the horse expected first wins.
  const favourite = means.indexOf(Math.min(...means));
  return means.map((_, index) => (index === favourite ? 1 : 0));
}

function ordinal(position: number): string {
  const tens = position % 100;
  if (tens >= 11 && tens <= 13) return `${position}th`;
  return `${position}${['th', 'st', 'nd', 'rd'][position % 10] ?? 'th'}`;
}

/** Distances behind as a racecourse reads them. */
function marginLabel(metres: number): string {
  const lengths = metres / LENGTH_METRES;
  if (lengths < 0.1) return 'nose';
  if (lengths < 0.3) return 'head';
  if (lengths < 0.5) return 'neck';
  return `${Math.round(lengths * 4) / 4}L`;
}

class HorseRace implements SportMatch {
  private phase: Phase = 'not-started';
  private raceSeconds = 0;
  private readonly covered: number[];
  /** Race-seconds at which each horse crossed the line, once it has. */
  private readonly finishSeconds: (number | null)[];
  private leader: number | null = null;
  private readonly openingAbilities: readonly number[];

  constructor(
    private readonly rng: Random,
    private readonly horses: readonly string[],
    private readonly abilities: number[],
    private readonly distanceMetres: number,
  ) {
    this.covered = horses.map(() => 0);
    this.finishSeconds = horses.map(() => null);
    this.openingAbilities = [...abilities];
  }

  drift(step: DriftStep): void {
    const sd = step.logOddsSd / LOG_ODDS_PER_ABILITY;
    this.abilities.forEach((ability, index) => {
      const opening = this.openingAbilities[index] ?? ability;
      this.abilities[index] = driftedStrength(this.rng, ability, opening, step.keep, sd);
    });
  }

  play(): PlayOutcome {
    switch (this.phase) {
      case 'not-started':
        this.phase = 'running';
        return playOutcome(
          STEP_SECONDS,
          ["They're off"],
          matchOddsSuspension('Race start', RACE_START_SUSPENSION_SECONDS),
        );
      case 'running':
        return this.runStep();
      case 'weighing-in':
        this.phase = 'over';
        return quietPlay(null, 'Weighed in');
      case 'over':
        return quietPlay(null);
    }
  }

  private runStep(): PlayOutcome {
    const commentary: string[] = [];
    let suspension: Suspension | null = null;
    const someoneHadFinished = this.finishSeconds.some((time) => time !== null);
    const stepStart = this.raceSeconds;
    this.raceSeconds += STEP_SECONDS;
    this.horses.forEach((_, index) => {
      if (this.finishSeconds[index] !== null) return;
      // Never below half pace, however unlucky the draw: nobody gallops backwards.
      const speed = this.speedOf(index) * Math.max(0.5, 1 + STEP_SPEED_NOISE * this.rng.normal());
      const before = this.covered[index] ?? 0;
      const after = before + speed * STEP_SECONDS;
      if (after >= this.distanceMetres) {
        this.finishSeconds[index] = stepStart + (this.distanceMetres - before) / speed;
        this.covered[index] = this.distanceMetres;
      } else {
        this.covered[index] = after;
      }
    });

    const [first, second] = this.runningOrder();
    if (first === undefined) return quietPlay(null);
    if (!someoneHadFinished && first !== this.leader) {
      if (this.leader !== null) commentary.push(`${this.horses[first]} takes the lead`);
      this.leader = first;
    }
    const winnerTime = this.finishSeconds[first];
    if (!someoneHadFinished && winnerTime !== null && winnerTime !== undefined) {
      const runnerUpTime = second === undefined ? null : (this.finishSeconds[second] ?? null);
      const photo = runnerUpTime !== null && runnerUpTime - winnerTime < PHOTO_FINISH_SECONDS;
      commentary.push(photo ? 'Photo finish' : `${this.horses[first]} wins`);
      suspension = matchOddsSuspension('Race finished', FINISH_SUSPENSION_SECONDS);
    }
    if (this.finishSeconds.every((time) => time !== null)) {
      this.phase = 'weighing-in';
      commentary.push(`Result: ${this.podium()}`);
      return playOutcome(WEIGH_IN_SECONDS, commentary, suspension);
    }
    return playOutcome(STEP_SECONDS, commentary, suspension);
  }

  scoreboard(): Scoreboard {
    const order = this.runningOrder();
    const leadGround = this.effectiveGround(order[0] ?? 0);
    const teams = order.map((index, position) => ({
      name: this.horses[index] ?? '',
      score:
        this.phase === 'not-started'
          ? ''
          : position === 0
            ? ordinal(1)
            : `${ordinal(position + 1)} ${marginLabel(leadGround - this.effectiveGround(index))}`,
    }));
    return { summary: this.summary(order), teams };
  }

  probabilities(): number[] {
    const finished = this.horses
      .map((_, index) => index)
      .filter((index) => this.finishSeconds[index] !== null);
    if (finished.length > 0) {
      const winner = this.runningOrder()[0];
      return this.horses.map((_, index) => (index === winner ? 1 : 0));
    }
    const means = this.horses.map((_, index) => {
      const left = this.distanceMetres - (this.covered[index] ?? 0);
      return this.raceSeconds + left / this.speedOf(index);
    });
    // Noise per step adds up: the time spread grows with the square root of the steps left.
    const spreads = this.horses.map((_, index) => {
      const left = this.distanceMetres - (this.covered[index] ?? 0);
      const stepsLeft = left / (this.speedOf(index) * STEP_SECONDS);
      return Math.max(1e-3, STEP_SPEED_NOISE * STEP_SECONDS * Math.sqrt(stepsLeft));
    });
    return fastestChances(means, spreads);
  }

  winner(): number | null {
    return this.runningOrder()[0] ?? null;
  }

  private speedOf(index: number): number {
    return (
      AVERAGE_SPEED_METRES_PER_SECOND * (1 + ABILITY_SPEED_SHARE * (this.abilities[index] ?? 0))
    );
  }

  /** Ground made, counting a finished horse as still galloping past the line at average speed. */
  private effectiveGround(index: number): number {
    const finished = this.finishSeconds[index];
    if (finished === null || finished === undefined) return this.covered[index] ?? 0;
    return this.distanceMetres + (this.raceSeconds - finished) * AVERAGE_SPEED_METRES_PER_SECOND;
  }

  /** Horse indices, first to last: finished horses by time, then the rest by ground made. */
  private runningOrder(): number[] {
    return this.horses
      .map((_, index) => index)
      .sort((a, b) => this.effectiveGround(b) - this.effectiveGround(a) || a - b);
  }

  private summary(order: readonly number[]): string {
    if (this.phase === 'not-started')
      return `${this.horses.length} runners, ${this.distanceMetres}m`;
    if (this.finishSeconds.some((time) => time !== null)) {
      const state = this.phase === 'over' ? 'weighed in' : 'awaiting weigh-in';
      return `${this.podium()} (${state})`;
    }
    const [first, second] = order;
    const toGo = Math.max(
      0,
      Math.round((this.distanceMetres - (this.covered[first ?? 0] ?? 0)) / 50) * 50,
    );
    const lead = marginLabel(
      this.effectiveGround(first ?? 0) - this.effectiveGround(second ?? first ?? 0),
    );
    return `${toGo}m to go: ${this.horses[first ?? 0]} leads ${this.horses[second ?? 0]} by ${lead}`;
  }

  private podium(): string {
    return this.runningOrder()
      .slice(0, PODIUM_PLACES)
      .map((index, position) => `${ordinal(position + 1)} ${this.horses[index]}`)
      .join(', ');
  }
}

/** 'HH:MM' on the racecourse's own clock. */
function localTime(startAt: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(startAt);
}

export const HORSE_RACING: SportDefinition = {
  sportId: 26,
  /** The shortest trip at a good clip; races already running at `start` are still running. */
  shortestMatchSeconds: 55,
  abandonChance: 0.005,
  abandonReason: 'Race declared void',
  createFixture({ rng, startAt, busyNames }) {
    const course = rng.pick(RACECOURSES);
    const distanceMetres = rng.pick(RACE_DISTANCES_METRES);
    const horses = pickFreeNames(rng, HORSE_NAMES, rng.int(MIN_RUNNERS, MAX_RUNNERS), busyNames);
    const abilities = horses.map(() => rng.normal());
    const meeting = `${course.name} (${course.country})`;
    return {
      competition: meeting,
      venueTimeZone: course.timeZone,
      title: `${localTime(startAt, course.timeZone)} ${meeting} ${distanceMetres}m`,
      participants: [...horses],
      markets: [matchOddsMarket([...horses])],
      match: new HorseRace(rng, horses, abilities, distanceMetres),
    };
  },
};
