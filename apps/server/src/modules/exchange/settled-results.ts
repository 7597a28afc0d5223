/**
 * What a player's settled markets made them since a time, net of commission: the figures in
 * force of `market_settlements` (one row per player and market, corrections included), read
 * through its (owner, settled_at) index. A loss limit counts this.
 */
import type { Queryable } from '../../db/database';
import { toMinor } from '../wallet';

/** The player's net result from markets settled since `since`, in minor units: negative is a loss. */
export async function settledResultSince(
  db: Queryable,
  ownerId: string,
  since: Date,
): Promise<number> {
  const [row] = await db.query<{ result_minor: unknown }>(
    `SELECT coalesce(sum(profit_minor - commission_minor), 0) AS result_minor
     FROM market_settlements WHERE owner_id = $1 AND settled_at >= $2`,
    [ownerId, since],
  );
  return toMinor(row?.result_minor ?? 0);
}
