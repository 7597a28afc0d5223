/**
 * What a money movement on a market names: the market (its name, type and line) and its event,
 * for many markets in one query (a statement page names up to a hundred lines at once), and the
 * player's bets behind one such movement.
 */
import type { Bet } from '@backlay/contract/bets';
import type { Queryable } from '../../db/database';
import { BET_SELECT, toBet, type BetRow } from './bet-views';

export interface MarketLabel {
  id: string;
  name: string;
  type: string;
  /** A fancy session's line; null for other markets. */
  line: number | null;
  eventId: number;
  eventExternalId: string;
  eventName: string;
}

/** The markets among `ids` (other references are skipped), by id. */
export async function marketLabels(
  db: Queryable,
  ids: readonly string[],
): Promise<Map<string, MarketLabel>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.query<{
    id: string;
    name: string;
    type: string;
    line: string | null;
    event_id: string;
    event_external_id: string;
    event_name: string;
  }>(
    `SELECT m.id, m.name, m.type, m.line, m.event_id, e.external_id AS event_external_id,
       e.title AS event_name
     FROM markets m JOIN sport_events e ON e.id = m.event_id
     WHERE m.id = ANY ($1::text[])`,
    [unique],
  );
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        name: row.name,
        type: row.type,
        line: row.line === null ? null : Number(row.line),
        eventId: Number(row.event_id),
        eventExternalId: row.event_external_id,
        eventName: row.event_name,
      },
    ]),
  );
}

/** Bets one player shows per market in a movement's detail, at most: a long session is summed. */
export const BETS_SHOWN_PER_MARKET = 50;

/** A player's bets on one market, newest first, as the player's other views read them. */
export async function playerBetsOnMarket(
  db: Queryable,
  ownerId: string,
  marketId: string,
): Promise<Bet[]> {
  const rows = await db.query<BetRow>(
    `${BET_SELECT} WHERE b.owner_id = $1 AND b.market_id = $2
     ORDER BY b.placed_at DESC, b.id DESC LIMIT ${BETS_SHOWN_PER_MARKET}`,
    [ownerId, marketId],
  );
  return rows.map(toBet);
}
