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

/**
 * Each real-money player's net result, net of commission, from markets of `domain` settled in
 * [from, to): the same figures a loss limit counts, for a whole brand at once (the daily
 * lossback). Players who broke even are left out.
 */
export async function settledResultsBetween(
  db: Queryable,
  domain: string,
  from: Date,
  to: Date,
): Promise<{ ownerId: string; resultMinor: number }[]> {
  const rows = await db.query<{ owner_id: string; result_minor: unknown }>(
    `SELECT owner_id, sum(profit_minor - commission_minor) AS result_minor
     FROM market_settlements
     WHERE domain = $1 AND book = 'real' AND NOT is_house AND settled_at >= $2 AND settled_at < $3
     GROUP BY owner_id
     HAVING sum(profit_minor - commission_minor) <> 0`,
    [domain, from, to],
  );
  return rows.map((row) => ({ ownerId: row.owner_id, resultMinor: toMinor(row.result_minor) }));
}
