/**
 * Football, played a match-minute at a time. Goals arrive as Poisson processes at each side's
 * scoring rate, and the same rates price every market (football-markets.ts): a runner's chance
 * is the chance of the remaining goals that make it win, given the score and the minutes left.
 * So prices follow the score by construction, and the winner is whatever the simulated goals say.
 */
import { FOOTBALL_COMPETITIONS, type Team } from '../names';
import { poissonDistribution } from '../probability';
import type { Random } from '../random';
import {
  driftedStrength,
  quietPlay,
  type DriftStep,
  type MarketDecision,
  type PlayOutcome,
  type Scoreboard,
  type SportDefinition,
  type SportMatch,
  type Suspension,
} from '../sport-match';
import {
  footballMarkets,
  marketChances,
  type FootballMarket,
  type RemainingGoals,
} from './football-markets';
import {
  SIDES,
  headToHeadFixture,
  homeGroundTimeZone,
  otherSide,
  pickTwoTeams,
  tallyLine,
  tallyScoreboard,
  type Side,
} from './head-to-head';

type Phase = 'not-started' | 'first-half' | 'half-time' | 'second-half' | 'full-time';

const MINUTE_SECONDS = 60;
const HALF_MINUTES = 45;
/** Compressed from 15 minutes so a match at the default pace lasts about a quarter of an hour. */
const HALF_TIME_SECONDS = 6 * 60;
/** Average added time per half, used for pricing until the board goes up. */
const EXPECTED_ADDED_MINUTES: readonly [number, number] = [2.5, 4.5];
/** Tiring legs and chasing teams make second-half goals a little more frequent. */
const SECOND_HALF_GOAL_FACTOR = 1.15;
const HOME_GOALS_PER_MATCH = 1.45;
const AWAY_GOALS_PER_MATCH = 1.15;
const RED_CARD_CHANCE_PER_MINUTE = 0.0011;
/** A side down to ten scores less and concedes more. */
const RED_CARD_OWN_RATE_FACTOR = 0.72;
const RED_CARD_OPPONENT_RATE_FACTOR = 1.2;
const GOAL_SUSPENSION_SECONDS = 20;
const RED_CARD_SUSPENSION_SECONDS = 15;
/** Enough to make the Poisson tail negligible for any remaining-goals mean the model produces. */
const MAX_GOALS_PRICED = 12;
/**
 * How much a home win's log-odds move per unit of one side's log goal rate (measured on the
 * model); both rates drift, so a step's noise is shared between them.
 */
const LOG_ODDS_PER_LOG_RATE = 1.47;

class FootballMatch implements SportMatch {
  private phase: Phase = 'not-started';
  /** Minutes played, counting added time (so 47 in the first half is 45+2). */
  private minute = 0;
  private addedMinutes: number | null = null;
  private readonly goals: [number, number] = [0, 0];
  private readonly redCards: [number, number] = [0, 0];
  private readonly openingRates: readonly [number, number];
  private readonly markets: ReadonlyMap<string, FootballMarket>;
  /** Markets the goals have already decided: the simulator settled them and prices them no more. */
  private readonly decided = new Set<string>();

  constructor(
    private readonly rng: Random,
    private readonly sides: readonly [Team, Team],
    /** Goals per 90 minutes at eleven against eleven: home first. */
    private readonly goalRates: [number, number],
    markets: readonly FootballMarket[],
  ) {
    this.openingRates = [goalRates[0], goalRates[1]];
    this.markets = new Map(markets.map((market) => [market.spec.key, market]));
  }

  drift(step: DriftStep): void {
    const sd = step.logOddsSd / (LOG_ODDS_PER_LOG_RATE * Math.SQRT2);
    for (const side of SIDES) {
      const logRate = Math.log(this.goalRates[side]);
      const opening = Math.log(this.openingRates[side]);
      this.goalRates[side] = Math.exp(driftedStrength(this.rng, logRate, opening, step.keep, sd));
    }
  }

  play(): PlayOutcome {
    switch (this.phase) {
      case 'not-started':
        this.phase = 'first-half';
        return quietPlay(MINUTE_SECONDS, 'Kick-off');
      case 'half-time':
        this.phase = 'second-half';
        this.minute = HALF_MINUTES;
        this.addedMinutes = null;
        return quietPlay(MINUTE_SECONDS, 'Second half under way');
      case 'full-time':
        return quietPlay(null);
      default:
        return this.playMinute();
    }
  }

  private playMinute(): PlayOutcome {
    this.minute += 1;
    const commentary: string[] = [];
    let moment: Pick<Suspension, 'reason' | 'seconds'> | null = null;
    for (const side of SIDES) {
      if (this.rng.chance(RED_CARD_CHANCE_PER_MINUTE)) {
        this.redCards[side] += 1;
        commentary.push(`${this.clockLabel()} Red card: ${this.sides[side].name}`);
        moment = { reason: 'Red card', seconds: RED_CARD_SUSPENSION_SECONDS };
      }
    }
    const halfFactor = this.phase === 'second-half' ? SECOND_HALF_GOAL_FACTOR : 1;
    for (const side of SIDES) {
      const goalChance = 1 - Math.exp((-this.goalRate(side) * halfFactor) / 90);
      if (this.rng.chance(goalChance)) {
        this.goals[side] += 1;
        commentary.push(
          `${this.clockLabel()} Goal! ${this.sides[side].name} (${this.scoreLine()})`,
        );
        moment = { reason: 'Goal', seconds: GOAL_SUSPENSION_SECONDS };
      }
    }
    const decided = this.newlyDecided();
    // Every market still open moves with the goals and the rates, so a moment closes them all.
    const suspension: Suspension | null = moment && { ...moment, marketKeys: this.openKeys() };

    const halfEnd = this.phase === 'first-half' ? HALF_MINUTES : 2 * HALF_MINUTES;
    if (this.minute === halfEnd) {
      this.addedMinutes = this.phase === 'first-half' ? this.rng.int(1, 4) : this.rng.int(2, 7);
      commentary.push(`${this.addedMinutes} minutes added`);
    }
    let nextPlayInSeconds: number | null = MINUTE_SECONDS;
    if (this.addedMinutes !== null && this.minute >= halfEnd + this.addedMinutes) {
      if (this.phase === 'first-half') {
        this.phase = 'half-time';
        commentary.push(`Half-time: ${this.fullScoreLine()}`);
        nextPlayInSeconds = HALF_TIME_SECONDS;
      } else {
        this.phase = 'full-time';
        commentary.push(`Full-time: ${this.fullScoreLine()}`);
        nextPlayInSeconds = null;
      }
    }
    return { nextPlayInSeconds, commentary, suspension, decided };
  }

  /** Markets this minute's goals decided, each once. */
  private newlyDecided(): MarketDecision[] {
    const decisions: MarketDecision[] = [];
    for (const [marketKey, market] of this.markets) {
      if (this.decided.has(marketKey)) continue;
      const winner = market.decidedBy(this.goals);
      if (winner === null) continue;
      this.decided.add(marketKey);
      decisions.push({ marketKey, winner });
    }
    return decisions;
  }

  private openKeys(): string[] {
    return [...this.markets.keys()].filter((marketKey) => !this.decided.has(marketKey));
  }

  scoreboard(): Scoreboard {
    const clock = this.phase === 'not-started' ? null : this.clockLabel();
    return tallyScoreboard(this.sides, this.goals, clock);
  }

  probabilities(marketKey: string): number[] {
    return marketChances(this.market(marketKey), this.goals, this.remainingGoals());
  }

  winner(marketKey: string): number | null {
    return this.market(marketKey).winner(this.goals);
  }

  private market(marketKey: string): FootballMarket {
    const market = this.markets.get(marketKey);
    if (market === undefined) throw new RangeError(`football has no market ${marketKey}`);
    return market;
  }

  /** Each side's goals still to come: Poisson at its current rate over the minutes left. */
  private remainingGoals(): RemainingGoals {
    const minutesLeft = this.weightedMinutesLeft();
    const more = (side: Side) =>
      poissonDistribution((this.goalRate(side) * minutesLeft) / 90, MAX_GOALS_PRICED);
    return [more(0), more(1)];
  }

  /** Minutes left, with second-half minutes weighted by their higher scoring rate. */
  private weightedMinutesLeft(): number {
    const [firstAdded, secondAdded] = EXPECTED_ADDED_MINUTES;
    const secondHalf = (HALF_MINUTES + secondAdded) * SECOND_HALF_GOAL_FACTOR;
    switch (this.phase) {
      case 'not-started':
        return HALF_MINUTES + firstAdded + secondHalf;
      case 'first-half':
        return (
          Math.max(0, HALF_MINUTES + (this.addedMinutes ?? firstAdded) - this.minute) + secondHalf
        );
      case 'half-time':
        return secondHalf;
      case 'second-half':
        return (
          Math.max(0, 2 * HALF_MINUTES + (this.addedMinutes ?? secondAdded) - this.minute) *
          SECOND_HALF_GOAL_FACTOR
        );
      case 'full-time':
        return 0;
    }
  }

  private goalRate(side: Side): number {
    return (
      this.goalRates[side] *
      RED_CARD_OWN_RATE_FACTOR ** this.redCards[side] *
      RED_CARD_OPPONENT_RATE_FACTOR ** this.redCards[otherSide(side)]
    );
  }

  private clockLabel(): string {
    if (this.phase === 'half-time') return 'HT';
    if (this.phase === 'full-time') return 'FT';
    const halfEnd = this.phase === 'first-half' ? HALF_MINUTES : 2 * HALF_MINUTES;
    return this.minute > halfEnd ? `${halfEnd}+${this.minute - halfEnd}'` : `${this.minute}'`;
  }

  private scoreLine(): string {
    return `${this.goals[0]}-${this.goals[1]}`;
  }

  private fullScoreLine(): string {
    return tallyLine(this.sides, this.goals);
  }
}

export const FOOTBALL: SportDefinition = {
  sportId: 1,
  shortestMatchSeconds: (2 * HALF_MINUTES + 3) * MINUTE_SECONDS + HALF_TIME_SECONDS,
  abandonChance: 0.005,
  abandonReason: 'Match abandoned: waterlogged pitch',
  createFixture({ rng, busyNames }) {
    const competition = rng.pick(FOOTBALL_COMPETITIONS);
    const [home, away] = pickTwoTeams(rng, competition, busyNames);
    const edge = 0.3 * rng.normal();
    const markets = footballMarkets(home.name, away.name);
    const match = new FootballMatch(
      rng,
      [home, away],
      [HOME_GOALS_PER_MATCH * Math.exp(edge), AWAY_GOALS_PER_MATCH * Math.exp(-edge)],
      markets,
    );
    return headToHeadFixture(
      competition.name,
      homeGroundTimeZone(competition, home),
      [home.name, away.name],
      markets.map((market) => market.spec),
      match,
    );
  },
};
