/**
 * A player's recent bets as operators see them (contract `playerDetailSchema.bets`): the bet
 * with its market, event and runner, the price it asked and the one it got, what it staked and
 * matched, its status and its result.
 */
import type { PlayerDetail } from '@backlay/contract/admin';
import type { Queryable } from '../../db/database';
import { BET_SELECT, toBet, type BetRow } from './bet-views';

export type PlayerBet = PlayerDetail['bets'][number];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A player's latest bets, newest first (an index range: bets_by_owner). */
export async function playerRecentBets(
  db: Queryable,
  playerId: string,
  limit: number,
): Promise<PlayerBet[]> {
  if (!UUID.test(playerId)) return [];
  const rows = await db.query<BetRow>(
    `${BET_SELECT} WHERE b.owner_id = $1 ORDER BY b.placed_at DESC, b.id DESC LIMIT $2`,
    [playerId, limit],
  );
  return rows.map((row) => {
    const bet = toBet(row);
    return {
      id: String(bet.id),
      placedAt: bet.placedAt,
      marketId: bet.marketId,
      marketName: bet.marketName,
      marketType: bet.marketType,
      line: bet.line,
      resultRuns: bet.resultRuns,
      eventName: bet.eventName,
      runnerName: bet.runnerName,
      side: bet.side,
      price: bet.price,
      matchedPrice: bet.averagePrice,
      stake: bet.stake,
      matched: bet.matchedStake,
      status: bet.status,
      profit: bet.profitLoss,
    };
  });
}
