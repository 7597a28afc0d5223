/**
 * A player's real-money rounds that closed with a result, in the order they closed, after a
 * cursor: what a casino bonus counts towards wagering (the stake less what rollbacks gave back,
 * by the game's category). Voided rounds gave their stakes back and count nothing.
 */
import type { Queryable } from '../../db/database';
import { toMinor } from '../wallet';

export interface ClosedRound {
  id: string;
  closedAt: Date;
  gameCode: string;
  /** The game's category in the catalogue (`slots`, `crash`, `live`…). */
  category: string;
  /** Staked less given back, in minor units. */
  stakeMinor: number;
}

/** Rounds of the player closed (SETTLED) after `after` (its close time and id), oldest first. */
export async function closedRoundsAfter(
  db: Queryable,
  playerId: string,
  after: { at: Date; id: string | null },
  limit = 1000,
): Promise<ClosedRound[]> {
  const rows = await db.query<{
    id: string;
    closed_at: Date;
    game_code: string;
    category: string | null;
    stake_minor: unknown;
  }>(
    `SELECT r.id, r.closed_at, r.game_code, g.category, r.stake_minor - r.refund_minor AS stake_minor
     FROM casino_rounds r
     LEFT JOIN casino_games g ON g.game_code = r.game_code
     WHERE r.player_id = $1 AND r.book = 'real' AND r.status = 'SETTLED'
       AND r.closed_at IS NOT NULL
       AND (r.closed_at, r.id) > ($2::timestamptz, coalesce($3::uuid, '00000000-0000-0000-0000-000000000000'::uuid))
     ORDER BY r.closed_at, r.id
     LIMIT $4`,
    [playerId, after.at, after.id, limit],
  );
  return rows.map((row) => ({
    id: row.id,
    closedAt: new Date(row.closed_at),
    gameCode: row.game_code,
    category: row.category ?? '',
    stakeMinor: toMinor(row.stake_minor),
  }));
}

/**
 * Each player's net casino result on a brand's real money between two times: wins and refunds
 * less stakes of the rounds that closed then (negative: a loss), for a casino lossback. Only
 * players with a round then; read through the rounds' figures index (created at most a day
 * before they closed: a longer round counts on no day).
 */
export async function casinoResultsBetween(
  db: Queryable,
  domain: string,
  start: Date,
  end: Date,
): Promise<{ ownerId: string; resultMinor: number }[]> {
  const rows = await db.query<{ owner_id: string; result_minor: unknown }>(
    `SELECT r.player_id AS owner_id,
       sum(r.win_minor + r.refund_minor - r.stake_minor) AS result_minor
     FROM casino_rounds r
     WHERE r.book = 'real' AND r.domain = $1 AND r.status <> 'OPEN'
       AND r.created_at >= $2::timestamptz - interval '1 day' AND r.created_at < $3
       AND r.closed_at >= $2 AND r.closed_at < $3
     GROUP BY r.player_id
     ORDER BY r.player_id`,
    [domain, start, end],
  );
  return rows.map((row) => ({ ownerId: row.owner_id, resultMinor: toMinor(row.result_minor) }));
}
