/**
 * T20 cricket, played a delivery at a time: a toss, two innings of up to 20 overs, a target, a
 * super over on a tie. Each match has its own pitch, which the play rolls with and the prices do
 * not know: match odds and the bookmaker market price the chase (cricket-odds.ts) from the exact
 * runs outlook (cricket-outlook.ts) and what the runs so far say about the pitch.
 *
 * Each side's fancy sessions are quoted as lines (line-book.ts): its runs after 6, 10, 15 and 20
 * overs, its total when the first wicket falls, each opener's runs and the fours and sixes of
 * its first six overs. They are priced from the same model (cricket-session-odds.ts) and each
 * settles on its number when that is final: its last ball bowled, the wicket fallen, the opener
 * out, or the innings over (an innings that ends early settles them all on where it ended).
 * While a ball is in play the bookmaker and the batting side's sessions are suspended ('Ball
 * running'), a wicket for longer.
 */
import { BALL_RUNNING_REASON } from '@backlay/contract/sports';
import { lineValue, parseThresholdKey, thresholdMarket, thresholdWinner } from '../line-book';
import { CRICKET_COMPETITIONS, type Team } from '../names';
import type { Random } from '../random';
import {
  BOOKMAKER_KEY,
  MATCH_ODDS_KEY,
  driftedStrength,
  matchOddsMarket,
  quietPlay,
  type DriftStep,
  type LineSession,
  type PlayOutcome,
  type Scoreboard,
  type SessionLines,
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
  settingWinChance,
  type BattingOutlook,
  type PitchBelief,
} from './cricket-odds';
import {
  OPENERS,
  POWERPLAY_BALLS,
  bowlLegal,
  bowlWide,
  newInnings,
  type Innings,
  type Opener,
} from './cricket-innings';
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
  firstWicketChance,
  openerRunsChance,
  powerplayBoundariesChance,
  runsByBallChance,
} from './cricket-session-odds';
import { battingOrder } from './cricket-squads';
import {
  SIDES,
  coinToss,
  headToHeadFixture,
  homeGroundTimeZone,
  otherSide,
  pickTwoTeams,
  teamNames,
  versus,
  type Side,
} from './head-to-head';

type Phase = 'not-started' | 'first-innings' | 'innings-break' | 'second-innings' | 'finished';

/** The runs sessions offered for each side, in overs, and in legal balls. */
const SESSION_OVERS = [6, 10, 15, 20] as const;
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
/**
 * Every ball closes the bookmaker and the fancy markets this long (simulated seconds), but never
 * for more than this share of the time until the next ball, so they are open between balls at
 * any pace.
 */
const BALL_RUNNING_SECONDS = 5;
const BALL_RUNNING_SHARE_OF_GAP = 1 / 3;
const INNINGS_BREAK_SUSPENSION_SECONDS = 20;
const SUPER_OVER_WICKETS = 2;
/** Super overs tied this many times in a row are settled on a boundary count (a coin here). */
const MAX_SUPER_OVERS = 5;

/** What a fancy session counts. */
type Measure =
  /** The side's runs when `balls` legal balls are bowled (or the innings ends). */
  | { kind: 'runs'; balls: number }
  /** The total when the first wicket falls (or the innings ends). */
  | { kind: 'first-wicket' }
  /** An opener's runs when he is out (or the innings ends). */
  | { kind: 'opener'; opener: Opener }
  /** Fours and sixes in the first six overs. */
  | { kind: 'powerplay-boundaries' };

interface Session extends LineSession {
  side: Side;
  measure: Measure;
  /** Its number, once decided. */
  settled: { number: number } | null;
}

/** A side's sessions, named after its code ('MI') or its openers. */
function sessionsOf(side: Side, code: string, order: readonly string[]): Session[] {
  const session = (key: string, name: string, measure: Measure): Session => ({
    key: `fancy:${key}:${code}`,
    name,
    side,
    measure,
    settled: null,
  });
  return [
    ...SESSION_OVERS.map((overs) =>
      session(`${overs}-over-runs`, `${overs} Over Runs ${code}`, {
        kind: 'runs',
        balls: overs * BALLS_PER_OVER,
      }),
    ),
    session('fall-of-1st-wkt', `Fall of 1st Wkt ${code}`, { kind: 'first-wicket' }),
    ...OPENERS.map((opener) =>
      session(`opener-${opener + 1}-runs`, `${order[opener] ?? `Opener ${opener + 1}`} Runs`, {
        kind: 'opener',
        opener,
      }),
    ),
    session('6-over-boundaries', `6 Over Boundaries ${code}`, { kind: 'powerplay-boundaries' }),
  ];
}

/** A session's number as the innings stands. */
function numberOf(measure: Measure, innings: Innings): number {
  switch (measure.kind) {
    case 'runs':
      return innings.runs;
    case 'first-wicket':
      return innings.firstWicketRuns ?? innings.runs;
    case 'opener':
      return innings.batterRuns[measure.opener] ?? 0;
    case 'powerplay-boundaries':
      return innings.powerplayBoundaries;
  }
}

/** Whether a session's number is final, the innings going on. */
function isFinal(measure: Measure, innings: Innings): boolean {
  switch (measure.kind) {
    case 'runs':
      return innings.balls >= measure.balls;
    case 'first-wicket':
      return innings.firstWicketRuns !== null;
    case 'opener':
      return innings.striker !== measure.opener && innings.nonStriker !== measure.opener;
    case 'powerplay-boundaries':
      return innings.balls >= POWERPLAY_BALLS;
  }
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

  readonly lines: SessionLines;
  private readonly sessionsByKey: ReadonlyMap<string, Session>;

  constructor(
    private readonly rng: Random,
    private readonly sides: readonly [Team, Team],
    /** Each side's batting order, openers first. */
    private readonly orders: readonly [readonly string[], readonly string[]],
    /** How much better side 0 is, in standard deviations of the ball model's edge. */
    private edge: number,
    /** How much better for batting the pitch is than usual, in standard deviations. */
    private readonly pitch: number,
    private readonly sessions: readonly Session[],
  ) {
    this.openingEdge = edge;
    this.sessionsByKey = new Map(sessions.map((session) => [session.key, session]));
    this.lines = {
      sessions: sessions.map(({ key, name }) => ({ key, name })),
      atLeastChance: (key, value) => this.atLeastChance(this.sessionAt(key), value),
      value: (key) => this.sessionNumber(this.sessionAt(key)),
    };
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
    this.innings.push(newInnings(battingFirst));
    this.phase = 'first-innings';
    return quietPlay(
      TOSS_TO_FIRST_BALL_SECONDS,
      `${this.sides[tossWinner].code} won the toss and chose to ${choseToBat ? 'bat' : 'bowl'}`,
    );
  }

  private startChase(): PlayOutcome {
    const first = this.inningsAt(0);
    this.innings.push(newInnings(otherSide(first.batting)));
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
    let suspension: Suspension = {
      reason: BALL_RUNNING_REASON,
      marketKeys: [BOOKMAKER_KEY, ...this.openSessionKeys(side)],
      seconds: BALL_RUNNING_SECONDS,
      maxShareOfNextPlay: BALL_RUNNING_SHARE_OF_GAP,
    };
    let gap = this.rng.int(MIN_BALL_GAP_SECONDS, MAX_BALL_GAP_SECONDS);

    if (this.rng.chance(model.wideChance)) {
      bowlWide(innings);
      gap = WIDE_GAP_SECONDS;
    } else {
      const odds = model.ballAt(innings.balls, innings.wickets);
      const wicket = this.rng.chance(odds.wicketChance);
      const runs = wicket ? 0 : (RUN_VALUES[this.rng.weighted(odds.runChances)] ?? 0);
      const dismissed = bowlLegal(innings, wicket ? { wicket } : { wicket, runs });
      if (dismissed !== null) {
        const batter = this.batterLine(innings, dismissed);
        commentary.push(
          `${oversLabel(innings.balls)} WICKET! ${batter} ${this.inningsLine(innings)}`,
        );
        suspension = {
          reason: 'Wicket',
          marketKeys: [MATCH_ODDS_KEY, BOOKMAKER_KEY, ...this.openSessionKeys(side)],
          seconds: WICKET_SUSPENSION_SECONDS,
        };
      } else if (runs === 4 || runs === 6) {
        const shot = runs === 6 ? 'SIX' : 'FOUR';
        commentary.push(`${oversLabel(innings.balls)} ${shot} ${this.inningsLine(innings)}`);
      }
      if (innings.balls % BALLS_PER_OVER === 0) gap += OVER_CHANGE_SECONDS;
    }

    const target = this.target();
    const inningsOver =
      innings.wickets >= ALL_OUT_WICKETS ||
      innings.balls >= INNINGS_BALLS ||
      (target !== null && innings.runs >= target);
    const sessionsDecided = this.closeSessions(innings, inningsOver, commentary);
    const decided = { decided: [], sessionsDecided };
    if (!inningsOver) return { nextPlayInSeconds: gap, commentary, suspension, ...decided };

    commentary.push(this.notOutLine(innings));
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
        ...decided,
      };
    }
    this.finishMatch(commentary);
    return { nextPlayInSeconds: null, commentary, suspension: null, ...decided };
  }

  /** Settles the batting side's sessions whose number is final (all of them once it is over). */
  private closeSessions(innings: Innings, inningsOver: boolean, commentary: string[]): string[] {
    const decided: string[] = [];
    for (const session of this.sessions) {
      if (session.settled !== null || session.side !== innings.batting) continue;
      if (!inningsOver && !isFinal(session.measure, innings)) continue;
      const number = numberOf(session.measure, innings);
      session.settled = { number };
      commentary.push(`${session.name}: ${number}`);
      decided.push(session.key);
    }
    return decided;
  }

  /** 'Arjun Nair 34': a batter of the innings and his runs. */
  private batterLine(innings: Innings, position: number): string {
    const name = this.orders[innings.batting][position] ?? `No. ${position + 1}`;
    return `${name} ${innings.batterRuns[position] ?? 0}`;
  }

  /** 'Not out: Arjun Nair 34, Rohan Mehta 12' at the end of an innings. */
  private notOutLine(innings: Innings): string {
    const atCrease =
      innings.wickets >= ALL_OUT_WICKETS
        ? [innings.nonStriker]
        : [innings.striker, innings.nonStriker];
    return `Not out: ${atCrease.map((position) => this.batterLine(innings, position)).join(', ')}`;
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
    const innings = newInnings(side);
    while (
      innings.balls < BALLS_PER_OVER &&
      innings.wickets < SUPER_OVER_WICKETS &&
      (target === null || innings.runs < target)
    ) {
      if (this.rng.chance(model.wideChance)) {
        bowlWide(innings);
        continue;
      }
      // A super over is all death bowling, to the best batters.
      const odds = model.ballAt(INNINGS_BALLS - BALLS_PER_OVER + innings.balls, innings.wickets);
      if (this.rng.chance(odds.wicketChance)) bowlLegal(innings, { wicket: true });
      else {
        const runs = RUN_VALUES[this.rng.weighted(odds.runChances)] ?? 0;
        bowlLegal(innings, { wicket: false, runs });
      }
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
    const threshold = parseThresholdKey(marketKey);
    if (threshold !== null) {
      const yes = this.atLeastChance(this.sessionAt(threshold.sessionKey), threshold.value);
      return [yes, 1 - yes];
    }
    const sideZero = this.sideZeroWinChance();
    return [sideZero, 1 - sideZero];
  }

  winner(marketKey: string): number | null {
    const threshold = parseThresholdKey(marketKey);
    if (threshold === null) return this.winnerSide;
    const number = this.sessionNumber(this.sessionAt(threshold.sessionKey));
    return thresholdWinner(number, threshold.value);
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

  private sessionAt(key: string): Session {
    const session = this.sessionsByKey.get(key);
    if (session === undefined) throw new RangeError(`No session ${key}`);
    return session;
  }

  /** A session's number: as settled, or as its innings stands; null when its side never batted. */
  private sessionNumber(session: Session): number | null {
    if (session.settled !== null) return session.settled.number;
    const innings = this.innings.find((candidate) => candidate.batting === session.side);
    return innings === undefined ? null : numberOf(session.measure, innings);
  }

  /** The chance a session's number ends at `value` or more. */
  private atLeastChance(session: Session, value: number): number {
    const innings =
      this.innings.find((candidate) => candidate.batting === session.side) ??
      newInnings(session.side);
    const number = session.settled?.number ?? numberOf(session.measure, innings);
    if (value <= number) return 1;
    if (session.settled !== null) return 0;
    const outlook = this.pricingOutlooks()[session.side];
    const belief = this.pitchBelief();
    const target = this.targetOf(session.side);
    const { measure } = session;
    switch (measure.kind) {
      case 'runs':
        return runsByBallChance(outlook, measure.balls, innings, value, belief, target);
      case 'first-wicket':
        return firstWicketChance(outlook, innings, value, belief, target);
      case 'opener': {
        const onStrike = innings.striker === measure.opener;
        return openerRunsChance(
          outlook,
          { runs: number, onStrike },
          innings,
          value,
          belief,
          target,
        );
      }
      case 'powerplay-boundaries':
        return powerplayBoundariesChance(outlook, innings, number, value, belief);
    }
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
      .filter((session) => session.side === side && session.settled === null)
      .map((session) => session.key);
  }

  private target(): number | null {
    const [first, second] = this.innings;
    return first !== undefined && second !== undefined ? first.runs + 1 : null;
  }

  /** The side's target once the other side's innings is over; null while it may bat first. */
  private targetOf(side: Side): number | null {
    const [first] = this.innings;
    if (first === undefined || first.batting === side) return null;
    return this.phase === 'first-innings' ? null : first.runs + 1;
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
    const firstOrder = battingOrder(sides[0], competition);
    const orders = [firstOrder, battingOrder(sides[1], competition, new Set(firstOrder))] as const;
    const sessions = SIDES.flatMap((side) => sessionsOf(side, sides[side].code, orders[side]));
    const match = new CricketMatch(rng, sides, orders, edge, pitch, sessions);
    const names = teamNames(sides);
    // Each session opens on its line for the match as priced now: 'No V' and 'Yes V + 1'.
    const lines = sessions.flatMap((session) => {
      const no = lineValue((value) => match.lines.atLeastChance(session.key, value), 1);
      return [thresholdMarket(session, no), thresholdMarket(session, no + 1)];
    });
    const markets: FeedMarketSpec[] = [
      matchOddsMarket([...names]),
      { key: BOOKMAKER_KEY, type: 'BOOKMAKER', name: 'Bookmaker', runners: [...names], line: null },
      ...lines,
    ];
    const venueTimeZone = homeGroundTimeZone(competition, sides[0]);
    return headToHeadFixture(competition.name, venueTimeZone, names, markets, match);
  },
};
