/**
 * T20 cricket, played a delivery at a time: a toss, two innings of up to 20 overs, a target, a
 * super over on a tie. Each match has its own pitch, which the play rolls with and the prices do
 * not know: match odds and the bookmaker market price the chase (cricket-odds.ts) from the exact
 * runs outlook (cricket-outlook.ts) and what the runs so far say about the pitch. Each fancy
 * session ('6 Over Runs MI') prices the same way and settles on the runs its side has scored
 * when the session's last ball is bowled or the innings ends, so its result can always be read
 * off the scoreboard.
 */
import { CRICKET_COMPETITIONS, type Team } from '../names';
import type { Random } from '../random';
import {
  BOOKMAKER_KEY,
  MATCH_ODDS_KEY,
  driftedStrength,
  matchOddsMarket,
  quietPlay,
  type DriftStep,
  type MarketDecision,
  type PlayOutcome,
  type Scoreboard,
  type SportDefinition,
  type SportMatch,
  type Suspension,
} from '../sport-match';
import type { FeedMarketSpec } from '../types';
import {
  PITCH_PRIOR,
  battingOutlook,
  chaseWinChance,
  pitchBelief,
  sessionOverChance,
  settingWinChance,
  type BattingOutlook,
  type InningsScore,
  type PitchBelief,
} from './cricket-odds';
import {
  ALL_OUT_WICKETS,
  BALLS_PER_OVER,
  INNINGS_BALLS,
  RUN_VALUES,
  ballModel,
  oversLabel,
  type BallModel,
} from './cricket-outlook';
import {
  SIDES,
  coinToss,
  headToHeadFixture,
  otherSide,
  pickTwoTeams,
  teamNames,
  versus,
  type Side,
} from './head-to-head';

type Phase = 'not-started' | 'first-innings' | 'innings-break' | 'second-innings' | 'finished';

/** The fancy sessions offered for each side, in overs, and in legal balls. */
const SESSION_OVERS = [6, 10] as const;
const SESSION_BALLS = SESSION_OVERS.map((overs) => overs * BALLS_PER_OVER);
/** How far apart two T20 sides usually are, in standard deviations of the ball model's edge. */
const EDGE_SPREAD = 0.7;
/**
 * What a unit of edge moves side 0's log-odds by before the toss (measured on the model): a drift
 * step of so many log-odds moves the edge by that over this.
 */
const LOG_ODDS_PER_EDGE = 0.79;
const TOSS_TO_FIRST_BALL_SECONDS = 60;
const MIN_BALL_GAP_SECONDS = 30;
const MAX_BALL_GAP_SECONDS = 45;
const WIDE_GAP_SECONDS = 25;
const OVER_CHANGE_SECONDS = 45;
const INNINGS_BREAK_SECONDS = 10 * 60;
const WICKET_SUSPENSION_SECONDS = 15;
const INNINGS_BREAK_SUSPENSION_SECONDS = 20;
const SUPER_OVER_WICKETS = 2;
/** Super overs tied this many times in a row are settled on a boundary count (a coin here). */
const MAX_SUPER_OVERS = 5;

interface Innings {
  batting: Side;
  runs: number;
  wickets: number;
  /** Legal balls bowled. */
  balls: number;
}

interface Session {
  key: string;
  name: string;
  side: Side;
  /** Legal balls in the session: 36 for six overs. */
  balls: number;
  line: number;
  decided: boolean;
}

/** Both sides' outlooks on the usual pitch, when side 0 is `edge` better than side 1. */
function buildOutlooks(edge: number): [BattingOutlook, BattingOutlook] {
  return [battingOutlook(edge, SESSION_BALLS), battingOutlook(-edge, SESSION_BALLS)];
}

class CricketMatch implements SportMatch {
  private phase: Phase = 'not-started';
  private readonly innings: Innings[] = [];
  private winnerSide: Side | null = null;
  private resultText = '';
  private readonly openingEdge: number;
  /** What prices are made from, built again only when asked for after a drift. */
  private outlooks: [BattingOutlook, BattingOutlook] | null = null;
  /** What play rolls with: each side's batting on this match's pitch. */
  private playModels: [BallModel, BallModel] | null = null;

  constructor(
    private readonly rng: Random,
    private readonly sides: readonly [Team, Team],
    /** How much better side 0 is, in standard deviations of the ball model's edge. */
    private edge: number,
    /** How much better for batting the pitch is than usual, in standard deviations. */
    private readonly pitch: number,
    private readonly sessions: readonly Session[],
  ) {
    this.openingEdge = edge;
  }

  drift(step: DriftStep): void {
    const sd = step.logOddsSd / LOG_ODDS_PER_EDGE;
    this.edge = driftedStrength(this.rng, this.edge, this.openingEdge, step.keep, sd);
    this.outlooks = null;
    this.playModels = null;
  }

  play(): PlayOutcome {
    switch (this.phase) {
      case 'not-started':
        return this.toss();
      case 'innings-break':
        return this.startChase();
      case 'finished':
        return quietPlay(null);
      default:
        return this.bowl();
    }
  }

  private toss(): PlayOutcome {
    const tossWinner = coinToss(this.rng);
    const choseToBat = this.rng.chance(0.4);
    const battingFirst = choseToBat ? tossWinner : otherSide(tossWinner);
    this.innings.push({ batting: battingFirst, runs: 0, wickets: 0, balls: 0 });
    this.phase = 'first-innings';
    return quietPlay(
      TOSS_TO_FIRST_BALL_SECONDS,
      `${this.sides[tossWinner].code} won the toss and chose to ${choseToBat ? 'bat' : 'bowl'}`,
    );
  }

  private startChase(): PlayOutcome {
    const first = this.inningsAt(0);
    this.innings.push({ batting: otherSide(first.batting), runs: 0, wickets: 0, balls: 0 });
    this.phase = 'second-innings';
    return quietPlay(
      this.rng.int(MIN_BALL_GAP_SECONDS, MAX_BALL_GAP_SECONDS),
      `${this.sides[otherSide(first.batting)].code} begin the chase of ${first.runs + 1}`,
    );
  }

  private bowl(): PlayOutcome {
    const innings = this.inningsAt(this.innings.length - 1);
    const side = innings.batting;
    const model = this.playModel(side);
    const commentary: string[] = [];
    let suspension: Suspension | null = null;
    let gap = this.rng.int(MIN_BALL_GAP_SECONDS, MAX_BALL_GAP_SECONDS);

    if (this.rng.chance(model.wideChance)) {
      innings.runs += 1;
      gap = WIDE_GAP_SECONDS;
    } else {
      const odds = model.ballAt(innings.balls, innings.wickets);
      innings.balls += 1;
      if (this.rng.chance(odds.wicketChance)) {
        innings.wickets += 1;
        commentary.push(`${oversLabel(innings.balls)} WICKET! ${this.inningsLine(innings)}`);
        suspension = {
          reason: 'Wicket',
          marketKeys: [MATCH_ODDS_KEY, BOOKMAKER_KEY, ...this.openSessionKeys(side)],
          seconds: WICKET_SUSPENSION_SECONDS,
        };
      } else {
        const runs = RUN_VALUES[this.rng.weighted(odds.runChances)] ?? 0;
        innings.runs += runs;
        if (runs === 4 || runs === 6) {
          const shot = runs === 6 ? 'SIX' : 'FOUR';
          commentary.push(`${oversLabel(innings.balls)} ${shot} ${this.inningsLine(innings)}`);
        }
      }
      if (innings.balls % BALLS_PER_OVER === 0) gap += OVER_CHANGE_SECONDS;
    }

    const target = this.target();
    const inningsOver =
      innings.wickets >= ALL_OUT_WICKETS ||
      innings.balls >= INNINGS_BALLS ||
      (target !== null && innings.runs >= target);
    const decided = this.closeSessions(innings, inningsOver, commentary);
    if (!inningsOver) return { nextPlayInSeconds: gap, commentary, suspension, decided };

    if (this.phase === 'first-innings') {
      this.phase = 'innings-break';
      commentary.push(
        `Innings break: ${this.inningsLine(innings)}. ${this.sides[otherSide(side)].code} need ${innings.runs + 1} to win`,
      );
      return {
        nextPlayInSeconds: INNINGS_BREAK_SECONDS,
        commentary,
        suspension: {
          reason: 'Innings break',
          marketKeys: [MATCH_ODDS_KEY, BOOKMAKER_KEY],
          seconds: INNINGS_BREAK_SUSPENSION_SECONDS,
        },
        decided,
      };
    }
    this.finishMatch(commentary);
    return { nextPlayInSeconds: null, commentary, suspension: null, decided };
  }

  /** Settles the batting side's sessions that are complete (all of them once the innings ends). */
  private closeSessions(
    innings: Innings,
    inningsOver: boolean,
    commentary: string[],
  ): MarketDecision[] {
    const decisions: MarketDecision[] = [];
    for (const session of this.sessions) {
      if (session.decided || session.side !== innings.batting) continue;
      if (!inningsOver && innings.balls < session.balls) continue;
      session.decided = true;
      const yes = innings.runs > session.line;
      commentary.push(
        `${session.name}: ${innings.runs} (line ${session.line}) ${yes ? 'Yes' : 'No'}`,
      );
      decisions.push({ marketKey: session.key, winner: yes ? 0 : 1 });
    }
    return decisions;
  }

  private finishMatch(commentary: string[]): void {
    const first = this.inningsAt(0);
    const second = this.inningsAt(1);
    let winner: Side;
    if (second.runs > first.runs) {
      winner = second.batting;
      this.resultText = `${this.sides[winner].code} won by ${ALL_OUT_WICKETS - second.wickets} wickets`;
    } else if (second.runs < first.runs) {
      winner = first.batting;
      this.resultText = `${this.sides[winner].code} won by ${first.runs - second.runs} runs`;
    } else {
      commentary.push('Match tied: Super Over');
      winner = this.playSuperOvers(second.batting, commentary);
      this.resultText = `${this.sides[winner].code} won the Super Over`;
    }
    this.winnerSide = winner;
    this.phase = 'finished';
    commentary.push(this.resultText);
  }

  /** Plays super overs until one is won; the side that batted second bats first. */
  private playSuperOvers(firstToBat: Side, commentary: string[]): Side {
    let batting = firstToBat;
    for (let round = 0; round < MAX_SUPER_OVERS; round++) {
      const set = this.playSuperOverInnings(batting, null);
      const chase = this.playSuperOverInnings(otherSide(batting), set.runs + 1);
      const setLine = `${this.sides[batting].code} ${set.runs}/${set.wickets}`;
      const chaseLine = `${this.sides[otherSide(batting)].code} ${chase.runs}/${chase.wickets}`;
      commentary.push(`Super Over: ${setLine}, ${chaseLine}`);
      if (chase.runs > set.runs) return otherSide(batting);
      if (chase.runs < set.runs) return batting;
      // The side that batted second in a tied super over bats first in the next.
      batting = otherSide(batting);
    }
    return coinToss(this.rng);
  }

  private playSuperOverInnings(side: Side, target: number | null): Innings {
    const model = this.playModel(side);
    const innings: Innings = { batting: side, runs: 0, wickets: 0, balls: 0 };
    while (
      innings.balls < BALLS_PER_OVER &&
      innings.wickets < SUPER_OVER_WICKETS &&
      (target === null || innings.runs < target)
    ) {
      if (this.rng.chance(model.wideChance)) {
        innings.runs += 1;
        continue;
      }
      // A super over is all death bowling, to the best batters.
      const odds = model.ballAt(INNINGS_BALLS - BALLS_PER_OVER + innings.balls, innings.wickets);
      innings.balls += 1;
      if (this.rng.chance(odds.wicketChance)) innings.wickets += 1;
      else innings.runs += RUN_VALUES[this.rng.weighted(odds.runChances)] ?? 0;
    }
    return innings;
  }

  scoreboard(): Scoreboard {
    const [first, second] = this.innings;
    let summary: string;
    if (first === undefined) summary = versus(this.sides[0].code, this.sides[1].code);
    else if (second === undefined) {
      summary = `${this.inningsLine(first, true)} v ${this.sides[otherSide(first.batting)].code}`;
    } else {
      summary = `${this.inningsLine(second, true)} v ${this.inningsLine(first)}`;
      if (this.phase === 'finished') summary += ` - ${this.resultText}`;
    }
    const target = this.target();
    const teams = SIDES.map((side) => {
      const innings = this.innings.find((candidate) => candidate.batting === side);
      let score = 'Yet to bat';
      if (innings !== undefined) {
        score = `${innings.runs}/${innings.wickets} (${oversLabel(innings.balls)})`;
        if (innings === second && target !== null && this.phase !== 'finished') {
          score += `, target ${target}`;
        }
      }
      return { name: this.sides[side].name, score };
    });
    return { summary, teams };
  }

  probabilities(marketKey: string): number[] {
    const session = this.sessions.find((candidate) => candidate.key === marketKey);
    if (session !== undefined) {
      const yes = this.sessionYesChance(session);
      return [yes, 1 - yes];
    }
    const sideZero = this.sideZeroWinChance();
    return [sideZero, 1 - sideZero];
  }

  winner(marketKey: string): number | null {
    const session = this.sessions.find((candidate) => candidate.key === marketKey);
    if (session === undefined) return this.winnerSide;
    const innings = this.innings.find((candidate) => candidate.batting === session.side);
    if (innings === undefined) return null;
    return innings.runs > session.line ? 0 : 1;
  }

  private sideZeroWinChance(): number {
    const [first, second] = this.innings;
    if (this.phase === 'finished') return this.winnerSide === 0 ? 1 : 0;
    const outlooks = this.pricingOutlooks();
    if (first === undefined) {
      // Before the toss either side may bat first.
      const fresh = { runs: 0, wickets: 0, balls: 0 };
      const sideZeroFirst = settingWinChance(outlooks[0], fresh, outlooks[1], PITCH_PRIOR);
      const sideOneFirst = settingWinChance(outlooks[1], fresh, outlooks[0], PITCH_PRIOR);
      return (sideZeroFirst + 1 - sideOneFirst) / 2;
    }
    const belief = this.pitchBelief();
    if (second === undefined) {
      const setter = first.batting;
      const setterWins = settingWinChance(
        outlooks[setter],
        first,
        outlooks[otherSide(setter)],
        belief,
      );
      return setter === 0 ? setterWins : 1 - setterWins;
    }
    const chaseWins = chaseWinChance(outlooks[second.batting], second, first.runs + 1, belief);
    return second.batting === 0 ? chaseWins : 1 - chaseWins;
  }

  /** What the runs of the innings so far say about the pitch. */
  private pitchBelief(): PitchBelief {
    const outlooks = this.pricingOutlooks();
    return pitchBelief(
      this.innings.map((innings) => ({ outlook: outlooks[innings.batting], score: innings })),
    );
  }

  private sessionYesChance(session: Session): number {
    const fresh: InningsScore = { runs: 0, wickets: 0, balls: 0 };
    const innings = this.innings.find((candidate) => candidate.batting === session.side) ?? fresh;
    return sessionOverChance(
      this.pricingOutlooks()[session.side],
      session.balls,
      innings,
      session.line,
      this.pitchBelief(),
    );
  }

  private pricingOutlooks(): [BattingOutlook, BattingOutlook] {
    this.outlooks ??= buildOutlooks(this.edge);
    return this.outlooks;
  }

  private playModel(side: Side): BallModel {
    this.playModels ??= [ballModel(this.edge, this.pitch), ballModel(-this.edge, this.pitch)];
    return this.playModels[side];
  }

  private openSessionKeys(side: Side): string[] {
    return this.sessions
      .filter((session) => session.side === side && !session.decided)
      .map((session) => session.key);
  }

  private target(): number | null {
    const [first, second] = this.innings;
    return first !== undefined && second !== undefined ? first.runs + 1 : null;
  }

  private inningsAt(index: number): Innings {
    const innings = this.innings[index];
    if (innings === undefined) throw new RangeError(`Innings ${index + 1} has not started`);
    return innings;
  }

  /** 'MI 152/4', with the overs when asked: 'MI 152/4 (17.2)'. */
  private inningsLine(innings: Innings, withOvers = false): string {
    const line = `${this.sides[innings.batting].code} ${innings.runs}/${innings.wickets}`;
    return withOvers ? `${line} (${oversLabel(innings.balls)})` : line;
  }
}

export const CRICKET: SportDefinition = {
  sportId: 3,
  /** Two quick innings: a side bowled out cheaply and a short chase. */
  shortestMatchSeconds: 90 * 60,
  abandonChance: 0.02,
  abandonReason: 'Match abandoned: rain',
  createFixture({ rng, busyNames }) {
    const competition = rng.pick(CRICKET_COMPETITIONS);
    const sides = pickTwoTeams(rng, competition, busyNames);
    const edge = EDGE_SPREAD * rng.normal();
    const pitch = rng.normal();
    const outlooks = buildOutlooks(edge);
    const sessions: Session[] = SIDES.flatMap((side) =>
      SESSION_OVERS.map((overs) => {
        const balls = overs * BALLS_PER_OVER;
        const expected = outlooks[side].sessions.get(balls)?.outlook.mean(0, 0) ?? 0;
        const code = sides[side].code;
        return {
          key: `fancy:${overs}-over-runs:${code}`,
          name: `${overs} Over Runs ${code}`,
          side,
          balls,
          line: Math.floor(expected) + 0.5,
          decided: false,
        };
      }),
    );
    const names = teamNames(sides);
    const markets: FeedMarketSpec[] = [
      matchOddsMarket([...names]),
      { key: BOOKMAKER_KEY, type: 'BOOKMAKER', name: 'Bookmaker', runners: [...names], line: null },
      ...sessions.map((session): FeedMarketSpec => ({
        key: session.key,
        type: 'FANCY',
        name: session.name,
        runners: ['Yes', 'No'],
        line: session.line,
      })),
    ];
    return headToHeadFixture(
      competition.name,
      names,
      markets,
      new CricketMatch(rng, sides, edge, pitch, sessions),
    );
  },
};
