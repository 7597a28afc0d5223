/**
 * Tennis, best of three sets with a tiebreak at 6-6, played a point at a time. Each player has
 * one number, the chance of winning a point on serve; the same two numbers drive the points and
 * the exact chance of each final set score (tennis-odds.ts), which prices Set Betting and, summed,
 * match odds, so both prices always agree with the score and with each other.
 */
import { TENNIS_TOURS } from '../names';
import type { Random } from '../random';
import {
  MATCH_ODDS_KEY,
  driftedStrength,
  matchOddsMarket,
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
import { SIDES, coinToss, headToHeadFixture, otherSide, versus } from './head-to-head';
import {
  SETS_TO_WIN,
  SetOdds,
  finalSetScoreChances,
  finalSetScoreIndex,
  playerZeroWinChance,
  startingScore,
  tiebreakServer,
  type Player,
  type TennisScore,
} from './tennis-odds';
import { SET_BETTING_KEY, setBettingMarket } from './tennis-set-betting';

/** A tour player wins about 63% of points on serve. */
const AVERAGE_SERVE_CHANCE = 0.63;
const WARM_UP_SECONDS = 120;
const MIN_POINT_GAP_SECONDS = 20;
const MAX_POINT_GAP_SECONDS = 40;
const AFTER_GAME_SECONDS = 30;
const CHANGEOVER_SECONDS = 90;
const SET_BREAK_SECONDS = 120;
const BREAK_POINT_SUSPENSION_SECONDS = 10;
const BREAK_SUSPENSION_SECONDS = 15;
const SET_END_SUSPENSION_SECONDS = 25;
const POINT_NAMES = ['0', '15', '30', '40'] as const;
/** Serve chances stay where tour players' do. */
const SERVE_CHANCE_BOUNDS = { min: 0.5, max: 0.78 } as const;
/**
 * How much player 0's log-odds move per unit of one player's serve chance (measured on the
 * model); both serve chances drift, so a step's noise is shared between them.
 */
const LOG_ODDS_PER_SERVE_CHANCE = 22;

/** Set Betting moves with every point match odds does, so it closes whenever match odds does. */
function tennisSuspension(reason: string, seconds: number): Suspension {
  return { reason, seconds, marketKeys: [MATCH_ODDS_KEY, SET_BETTING_KEY] };
}

/** 'Alex de Minaur' → 'de Minaur': scoreboards show surnames. */
function surname(name: string): string {
  const words = name.split(' ');
  return words.length > 1 ? words.slice(1).join(' ') : name;
}

class TennisMatch implements SportMatch {
  private started = false;
  /** Set-level odds for the current serve chances; built again when asked for after a drift. */
  private setOdds: SetOdds | null = null;
  private over = false;
  private readonly completedSets: [number, number][] = [];
  private readonly score = startingScore();
  private readonly openingServeChances: readonly [number, number];

  constructor(
    private readonly rng: Random,
    private readonly players: readonly [string, string],
    private readonly serveChances: [number, number],
  ) {
    this.openingServeChances = [serveChances[0], serveChances[1]];
  }

  drift(step: DriftStep): void {
    const sd = step.logOddsSd / (LOG_ODDS_PER_SERVE_CHANCE * Math.SQRT2);
    for (const player of SIDES) {
      const current = this.serveChances[player];
      const opening = this.openingServeChances[player];
      const moved = driftedStrength(this.rng, current, opening, step.keep, sd);
      this.serveChances[player] = Math.min(
        SERVE_CHANCE_BOUNDS.max,
        Math.max(SERVE_CHANCE_BOUNDS.min, moved),
      );
    }
    this.setOdds = null;
  }

  play(): PlayOutcome {
    if (this.over) return quietPlay(null);
    if (!this.started) {
      this.started = true;
      this.score.server = coinToss(this.rng);
      return quietPlay(WARM_UP_SECONDS, `${this.players[this.score.server]} to serve`);
    }
    return this.playPoint();
  }

  private playPoint(): PlayOutcome {
    const score = this.score;
    const server = score.server;
    const receiver = otherSide(server);
    const pointWinner = this.rng.chance(this.serveChances[server]) ? server : receiver;
    score.points[pointWinner] += 1;
    const gap = this.rng.int(MIN_POINT_GAP_SECONDS, MAX_POINT_GAP_SECONDS);

    const won = score.points[pointWinner];
    const lost = score.points[otherSide(pointWinner)];
    if (won >= (score.tiebreak ? 7 : 4) && won - lost >= 2) return this.winGame(pointWinner, gap);

    if (score.tiebreak) {
      score.server = tiebreakServer(score.points[0] + score.points[1], score.tiebreakFirstServer);
      return quietPlay(gap);
    }
    const breakPoint =
      pointWinner === receiver &&
      score.points[receiver] >= 3 &&
      score.points[receiver] > score.points[server];
    if (!breakPoint) return quietPlay(gap);
    return playOutcome(
      gap,
      [`Break point ${surname(this.players[receiver])}`],
      tennisSuspension('Break point', BREAK_POINT_SUSPENSION_SECONDS),
    );
  }

  private winGame(winner: Player, gap: number): PlayOutcome {
    const score = this.score;
    const wasTiebreak = score.tiebreak;
    const broke = !wasTiebreak && winner !== score.server;
    score.games[winner] += 1;
    score.points = [0, 0];
    // After a tiebreak the player who received first in it serves the next set's first game.
    score.server = otherSide(wasTiebreak ? score.tiebreakFirstServer : score.server);
    score.tiebreak = false;

    const [mine, theirs] = winner === 0 ? score.games : [score.games[1], score.games[0]];
    const setOver = mine === 7 || (mine >= 6 && mine - theirs >= 2);
    const name = this.players[winner];
    if (setOver) {
      this.completedSets.push([score.games[0], score.games[1]]);
      score.setsWon[winner] += 1;
      score.games = [0, 0];
      if (score.setsWon[winner] >= SETS_TO_WIN) {
        this.over = true;
        return quietPlay(null, `Game, set and match ${name} ${this.setsLine()}`);
      }
      return playOutcome(
        gap + SET_BREAK_SECONDS,
        [`${name} wins set ${this.completedSets.length} ${mine}-${theirs}`],
        tennisSuspension('Set won', SET_END_SUSPENSION_SECONDS),
      );
    }

    const commentary: string[] = [];
    let suspension: Suspension | null = null;
    if (broke) {
      commentary.push(`Break of serve: ${name} (${score.games[0]}-${score.games[1]})`);
      suspension = tennisSuspension('Break of serve', BREAK_SUSPENSION_SECONDS);
    }
    if (score.games[0] === 6 && score.games[1] === 6) {
      score.tiebreak = true;
      score.tiebreakFirstServer = score.server;
      commentary.push('Tiebreak');
    }
    const changeover = (score.games[0] + score.games[1]) % 2 === 1;
    return playOutcome(
      gap + (changeover ? CHANGEOVER_SECONDS : AFTER_GAME_SECONDS),
      commentary,
      suspension,
    );
  }

  scoreboard(): Scoreboard {
    const [first, second] = this.players;
    if (!this.started) return { summary: versus(first, second), teams: this.teamLines() };
    const serving = (player: Player) => (!this.over && this.score.server === player ? '*' : '');
    const names = `${surname(first)}${serving(0)} v ${surname(second)}${serving(1)}`;
    const points = this.over ? '' : ` (${this.pointLabels().join('-')})`;
    return { summary: `${names} ${this.setsLine()}${points}`.trim(), teams: this.teamLines() };
  }

  probabilities(marketKey: string): number[] {
    const setScores = this.setScoreChances();
    switch (marketKey) {
      case SET_BETTING_KEY:
        return setScores;
      case MATCH_ODDS_KEY: {
        const chance = playerZeroWinChance(setScores);
        return [chance, 1 - chance];
      }
      default:
        throw new RangeError(`tennis has no market ${marketKey}`);
    }
  }

  winner(marketKey: string): number | null {
    switch (marketKey) {
      case SET_BETTING_KEY:
        return finalSetScoreIndex(this.score.setsWon);
      case MATCH_ODDS_KEY:
        return this.score.setsWon[0] >= SETS_TO_WIN ? 0 : 1;
      default:
        throw new RangeError(`tennis has no market ${marketKey}`);
    }
  }

  /** Each final set score's chance; before the toss, averaged over who serves first. */
  private setScoreChances(): number[] {
    if (this.started) return finalSetScoreChances(this.odds, this.score);
    const serving = (server: Player) =>
      finalSetScoreChances(this.odds, this.scoreWithServer(server));
    const second = serving(1);
    return serving(0).map((chance, index) => (chance + (second[index] ?? 0)) / 2);
  }

  private get odds(): SetOdds {
    this.setOdds ??= new SetOdds(this.serveChances);
    return this.setOdds;
  }

  private scoreWithServer(server: Player): TennisScore {
    return { ...this.score, server };
  }

  /** Completed sets, then the current set's games while it is being played: '6-4 3-2'. */
  private setsLine(): string {
    const sets = this.completedSets.map(([a, b]) => `${a}-${b}`);
    if (!this.over) sets.push(`${this.score.games[0]}-${this.score.games[1]}`);
    return sets.join(' ');
  }

  private pointLabels(): [string, string] {
    const [a, b] = this.score.points;
    if (this.score.tiebreak) return [String(a), String(b)];
    if (a >= 3 && b >= 3) {
      if (a === b) return ['40', '40'];
      return a > b ? ['AD', '40'] : ['40', 'AD'];
    }
    return [POINT_NAMES[a] ?? '40', POINT_NAMES[b] ?? '40'];
  }

  private teamLines(): { name: string; score: string }[] {
    const labels = this.pointLabels();
    return SIDES.map((player) => {
      const games = this.completedSets.map((set) => String(set[player]));
      if (this.started && !this.over) games.push(String(this.score.games[player]));
      const points = this.started && !this.over ? ` (${labels[player]})` : '';
      return { name: this.players[player], score: `${games.join(' ')}${points}` };
    });
  }
}

export const TENNIS: SportDefinition = {
  sportId: 2,
  /** Straight sets at six-love with every point on serve: about 50 points. */
  shortestMatchSeconds: 50 * MIN_POINT_GAP_SECONDS + 12 * AFTER_GAME_SECONDS,
  abandonChance: 0.01,
  abandonReason: 'Match abandoned: player retired',
  createFixture({ rng, busyNames }) {
    const tour = rng.pick(TENNIS_TOURS);
    const [first, second] = pickFreeNames(rng, tour.players, 2, busyNames);
    if (first === undefined || second === undefined)
      throw new RangeError('A tour needs two players');
    const edge = 0.035 * rng.normal();
    const match = new TennisMatch(
      rng,
      [first, second],
      [AVERAGE_SERVE_CHANCE + edge, AVERAGE_SERVE_CHANCE - edge],
    );
    // The tournament is drawn after the strengths: that order is what a seed's fixtures depend on.
    const tournament = rng.pick(tour.tournaments);
    return headToHeadFixture(
      tournament.name,
      tournament.timeZone,
      [first, second],
      [matchOddsMarket([first, second]), setBettingMarket()],
      match,
    );
  },
};
