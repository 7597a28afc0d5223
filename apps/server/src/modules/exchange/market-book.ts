/**
 * A market's book as operators read it: for each runner, what the players together and the
 * market maker would make if it won (real money only), the newest real-money bets of players
 * with who placed them, and every settlement the market had.
 *
 * It stays fast on a market with many thousands of bets: the players' fills are read grouped in
 * the database, found from the players' bets (`bets_market_players`, without the market maker's
 * many quotes) and their fills by bet, and the bets shown come newest first from that index.
 */
import type { MarketBook } from '@backlay/contract/admin';
import { BOOK_BETS_SHOWN } from '@backlay/contract/admin';
import { fromMinorUnits } from '@backlay/exchange/money';
import { ifWinMinor, type MatchedBet } from '@backlay/exchange/position';
import type { Queryable } from '../../db/database';
import { ApiError } from '../../http/api-error';
import { toMinor } from '../wallet';
import { BET_COLUMNS, BET_SOURCES, toBet, type BetRow } from './bet-views';
import { readAdminMarket } from './market-operations';
import { findMarket } from './market-rows';
import { readSettlementRuns } from './settlement-runs';

/** Fills of one side, runner and price whose stakes leave the same remainder in whole rupees. */
export interface FillGroup {
  side: 'back' | 'lay';
  runnerId: number;
  priceTick: number;
  /** The stakes' remainder modulo 100 minor units (one rupee), the same for every fill. */
  oddMinor: number;
  /** The fills' stakes summed. */
  stakeMinor: number;
  fills: number;
}

/**
 * If-win P&L per runner (in `runnerIds` order) of fills given in groups, exactly what
 * `ifWinMinor` gives fill by fill. Winnings are floored per fill (money.ts); a stake of
 * 100·q + r paise wins q·(price − 1) rupees exactly plus floor(r × (price − 1)) paise, so a
 * group's whole rupees are one bet, and its remainders `fills` bets of `oddMinor` each.
 */
export function groupedIfWinMinor(
  runnerIds: readonly number[],
  groups: readonly FillGroup[],
): number[] {
  const total = runnerIds.map(() => 0);
  const add = (bet: MatchedBet, times: number) => {
    ifWinMinor(runnerIds, [bet]).forEach((value, i) => {
      total[i] = (total[i] ?? 0) + value * times;
    });
  };
  for (const group of groups) {
    const bet = { runnerId: group.runnerId, side: group.side, priceTick: group.priceTick };
    const wholeMinor = group.stakeMinor - group.oddMinor * group.fills;
    if (wholeMinor !== 0) add({ ...bet, stakeMinor: wholeMinor }, 1);
    if (group.oddMinor !== 0) add({ ...bet, stakeMinor: group.oddMinor }, group.fills);
  }
  return total;
}

interface FillGroupRow {
  side: 'BACK' | 'LAY';
  runner_id: number;
  price_tick: number;
  odd_minor: string;
  stake_minor: string;
  fills: string;
}

/**
 * The fills of the market's real-money players, each from the side its player's bet was on,
 * grouped for `groupedIfWinMinor`. A fill between two players is counted from both sides.
 */
const PLAYER_FILLS_SQL = `SELECT b.side, f.runner_id, f.price_tick, f.stake_minor % 100 AS odd_minor,
    sum(f.stake_minor) AS stake_minor, count(*) AS fills
  FROM bets b CROSS JOIN LATERAL (
    SELECT f.runner_id, f.price_tick, f.stake_minor FROM bet_fills f
    WHERE b.side = 'BACK' AND f.back_bet_id = b.id
    UNION ALL
    SELECT f.runner_id, f.price_tick, f.stake_minor FROM bet_fills f
    WHERE b.side = 'LAY' AND f.lay_bet_id = b.id) f
  WHERE b.market_id = $1 AND b.book = 'real' AND NOT b.is_house AND b.matched_minor > 0
  GROUP BY 1, 2, 3, 4`;

/** The market's real-money bets of players, newest first (ids grow with placement). */
const PLAYER_BETS_SQL = `SELECT ${BET_COLUMNS}, b.owner_id, b.domain,
    coalesce(u.user_name, '') AS user_name
  FROM ${BET_SOURCES} LEFT JOIN users u ON u.id = b.owner_id
  WHERE b.market_id = $1 AND b.book = 'real' AND NOT b.is_house
  ORDER BY b.id DESC LIMIT $2`;

const PLAYER_BET_COUNT_SQL = `SELECT count(*) AS n FROM bets
  WHERE market_id = $1 AND book = 'real' AND NOT is_house`;

/** A market's book for operators; NOT_FOUND for a market that does not exist. */
export async function marketBook(db: Queryable, marketId: string): Promise<MarketBook> {
  const [market, row, fillGroups, bets, count, settlements] = await Promise.all([
    findMarket(db, marketId),
    readAdminMarket(db, marketId),
    db.query<FillGroupRow>(PLAYER_FILLS_SQL, [marketId]),
    db.query<BetRow & { owner_id: string; domain: string; user_name: string }>(PLAYER_BETS_SQL, [
      marketId,
      BOOK_BETS_SHOWN,
    ]),
    db.query<{ n: string }>(PLAYER_BET_COUNT_SQL, [marketId]),
    readSettlementRuns(db, marketId),
  ]);
  if (!market || !row) throw new ApiError('NOT_FOUND', 'No such market.');
  const runnerIds = market.runners.map((runner) => runner.id);
  const players = groupedIfWinMinor(
    runnerIds,
    fillGroups.map((group) => ({
      side: group.side === 'BACK' ? 'back' : 'lay',
      runnerId: group.runner_id,
      priceTick: group.price_tick,
      oddMinor: toMinor(group.odd_minor),
      stakeMinor: toMinor(group.stake_minor),
      fills: toMinor(group.fills),
    })),
  );
  return {
    market: row,
    // Every fill is zero-sum between its backer and its layer, and in the real-money book
    // whoever is not a player is the market maker: the house makes what the players lose.
    runners: market.runners.map((runner, i) => ({
      runnerId: runner.id,
      name: runner.name,
      playersIfWin: fromMinorUnits(players[i] ?? 0),
      houseIfWin: fromMinorUnits(0 - (players[i] ?? 0)),
    })),
    bets: bets.map((bet) => {
      const view = toBet(bet);
      return {
        id: String(view.id),
        placedAt: view.placedAt,
        playerId: bet.owner_id,
        userName: bet.user_name,
        domain: bet.domain,
        runnerId: view.runnerId,
        side: view.side,
        price: view.price,
        stake: view.stake,
        matched: view.matchedStake,
        status: view.status,
      };
    }),
    betCount: Number(count[0]?.n ?? 0),
    settlements,
  };
}
