/**
 * Exact tennis win probabilities from each player's chance of winning a point on serve: the
 * textbook Markov chain (point → game → set → best-of-three match), solved by memoised
 * recursion with closed forms at deuce and at level tiebreak scores. Exact maths, rather than an
 * approximation, keeps the price honest at every score the simulator can reach.
 */
import { otherSide, type Side } from './head-to-head';

/** A tennis side is one player. */
export type Player = Side;
/** Each player's chance of winning a point on their own serve. */
export type ServeChances = readonly [number, number];

export interface TennisScore {
  setsWon: readonly [number, number];
  games: readonly [number, number];
  /** Points in the current game (or tiebreak), as counts: 3 is 40. */
  points: readonly [number, number];
  /** Who serves the current point. */
  server: Player;
  tiebreak: boolean;
  /** Who served the first point of the current tiebreak. */
  tiebreakFirstServer: Player;
}

/** A score that play moves on in place; pricing reads it as a TennisScore. */
export interface LiveTennisScore extends TennisScore {
  setsWon: [number, number];
  games: [number, number];
  points: [number, number];
}

export const SETS_TO_WIN = 2;

/** Love-all before the first point, player 0 to serve until the toss says otherwise. */
export function startingScore(): LiveTennisScore {
  return {
    setsWon: [0, 0],
    games: [0, 0],
    points: [0, 0],
    server: 0,
    tiebreak: false,
    tiebreakFirstServer: 0,
  };
}

/** Who serves the tiebreak point with this index (0-based): one point, then two each. */
export function tiebreakServer(pointIndex: number, firstServer: Player): Player {
  if (pointIndex === 0) return firstServer;
  return Math.floor((pointIndex - 1) / 2) % 2 === 0 ? otherSide(firstServer) : firstServer;
}

/** The server's chance of holding from this score, winning each point with `serveChance`. */
export function holdChance(
  serveChance: number,
  serverPoints: number,
  receiverPoints: number,
): number {
  if (serverPoints >= 4 && serverPoints - receiverPoints >= 2) return 1;
  if (receiverPoints >= 4 && receiverPoints - serverPoints >= 2) return 0;
  if (serverPoints >= 3 && receiverPoints >= 3) {
    const p = serveChance;
    const fromDeuce = (p * p) / (p * p + (1 - p) * (1 - p));
    if (serverPoints === receiverPoints) return fromDeuce;
    return serverPoints > receiverPoints ? p + (1 - p) * fromDeuce : p * fromDeuce;
  }
  return (
    serveChance * holdChance(serveChance, serverPoints + 1, receiverPoints) +
    (1 - serveChance) * holdChance(serveChance, serverPoints, receiverPoints + 1)
  );
}

/** Player 0's chance of winning a point served by `server`. */
function pointChance(serve: ServeChances, server: Player): number {
  return server === 0 ? serve[0] : 1 - serve[1];
}

/** Scores in a tiebreak or set never need more than this many points or games per side here. */
const MEMO_SIDE = 64;

/** Player 0's chance of winning a tiebreak (first to 7, by 2) from these points. */
export function tiebreakChance(
  serve: ServeChances,
  points: readonly [number, number],
  firstServer: Player,
): number {
  const memo = new Map<number, number>();
  const from = (mine: number, theirs: number): number => {
    if (mine >= 7 && mine - theirs >= 2) return 1;
    if (theirs >= 7 && theirs - mine >= 2) return 0;
    const pointIndex = mine + theirs;
    if (mine >= 6 && mine === theirs) {
      // From a level score each pair of points has one serve each: win both before losing both.
      const first = pointChance(serve, tiebreakServer(pointIndex, firstServer));
      const second = pointChance(serve, tiebreakServer(pointIndex + 1, firstServer));
      return (first * second) / (first * second + (1 - first) * (1 - second));
    }
    const key = mine * MEMO_SIDE + theirs;
    const known = memo.get(key);
    if (known !== undefined) return known;
    const p = pointChance(serve, tiebreakServer(pointIndex, firstServer));
    const chance = p * from(mine + 1, theirs) + (1 - p) * from(mine, theirs + 1);
    memo.set(key, chance);
    return chance;
  };
  return from(points[0], points[1]);
}

/**
 * Player 0's chance of winning a set from any games score, by who serves the next game.
 * Built once per pair of serve chances; every in-play price then only adds the current game.
 */
export class SetOdds {
  private readonly memo = new Map<number, number>();
  /** Player 0's chance of winning a game from 0-0, by server. */
  private readonly gameChances: readonly [number, number];
  private readonly tiebreakChances: readonly [number, number];
  /** A new set, averaged over who serves first: that hardly matters and keeps this small. */
  readonly freshSetChance: number;

  constructor(private readonly serve: ServeChances) {
    this.gameChances = [holdChance(serve[0], 0, 0), 1 - holdChance(serve[1], 0, 0)];
    this.tiebreakChances = [tiebreakChance(serve, [0, 0], 0), tiebreakChance(serve, [0, 0], 1)];
    this.freshSetChance = (this.fromGames(0, 0, 0) + this.fromGames(0, 0, 1)) / 2;
  }

  /** Player 0's chance of winning the set at `mine`-`theirs` games, `server` to serve next. */
  fromGames(mine: number, theirs: number, server: Player): number {
    if (mine === 7 || (mine >= 6 && mine - theirs >= 2)) return 1;
    if (theirs === 7 || (theirs >= 6 && theirs - mine >= 2)) return 0;
    if (mine === 6 && theirs === 6) return this.tiebreakChances[server];
    const key = (mine * MEMO_SIDE + theirs) * 2 + server;
    const known = this.memo.get(key);
    if (known !== undefined) return known;
    const game = this.gameChances[server];
    const next = otherSide(server);
    const chance =
      game * this.fromGames(mine + 1, theirs, next) +
      (1 - game) * this.fromGames(mine, theirs + 1, next);
    this.memo.set(key, chance);
    return chance;
  }

  /** Player 0's chance of winning the current set from the full score. */
  currentSetChance(score: TennisScore): number {
    if (score.tiebreak) return tiebreakChance(this.serve, score.points, score.tiebreakFirstServer);
    const { server, points, games } = score;
    const game =
      server === 0
        ? holdChance(this.serve[0], points[0], points[1])
        : 1 - holdChance(this.serve[1], points[1], points[0]);
    const next = otherSide(server);
    return (
      game * this.fromGames(games[0] + 1, games[1], next) +
      (1 - game) * this.fromGames(games[0], games[1] + 1, next)
    );
  }
}

/**
 * Every way the match can end, as sets won [player 0, player 1]: player 0's wins first, the most
 * one-sided first, then player 1's from the closest ('2-0', '2-1', '1-2', '0-2').
 */
export const FINAL_SET_SCORES: readonly (readonly [number, number])[] = [
  ...Array.from({ length: SETS_TO_WIN }, (_, lost) => [SETS_TO_WIN, lost] as const),
  ...Array.from({ length: SETS_TO_WIN }, (_, won) => [SETS_TO_WIN - 1 - won, SETS_TO_WIN] as const),
];

/** The index in FINAL_SET_SCORES of a finished match's sets won. */
export function finalSetScoreIndex(setsWon: readonly [number, number]): number {
  const index = FINAL_SET_SCORES.findIndex(
    ([mine, theirs]) => mine === setsWon[0] && theirs === setsWon[1],
  );
  if (index < 0) throw new RangeError(`${setsWon.join('-')} is not a final set score`);
  return index;
}

/**
 * The chance of each final set score (FINAL_SET_SCORES' order) from this score: the current set
 * at its own chance, every later set at a fresh set's. Set scores no longer reachable get exactly 0.
 */
export function finalSetScoreChances(odds: SetOdds, score: TennisScore): number[] {
  const chances = FINAL_SET_SCORES.map(() => 0);
  const walk = (mine: number, theirs: number, setChance: number, reach: number): void => {
    if (mine >= SETS_TO_WIN || theirs >= SETS_TO_WIN) {
      const index = finalSetScoreIndex([mine, theirs]);
      chances[index] = (chances[index] ?? 0) + reach;
      return;
    }
    walk(mine + 1, theirs, odds.freshSetChance, reach * setChance);
    walk(mine, theirs + 1, odds.freshSetChance, reach * (1 - setChance));
  };
  const [mySets, theirSets] = score.setsWon;
  const over = mySets >= SETS_TO_WIN || theirSets >= SETS_TO_WIN;
  walk(mySets, theirSets, over ? 0 : odds.currentSetChance(score), 1);
  return chances;
}

/** Player 0's chance of winning the match, from the chances of each final set score. */
export function playerZeroWinChance(setScoreChances: readonly number[]): number {
  return setScoreChances.reduce(
    (sum, p, index) => (FINAL_SET_SCORES[index]?.[0] === SETS_TO_WIN ? sum + p : sum),
    0,
  );
}

/** Player 0's chance of winning the best-of-three match from this score. */
export function matchChance(odds: SetOdds, score: TennisScore): number {
  return playerZeroWinChance(finalSetScoreChances(odds, score));
}
