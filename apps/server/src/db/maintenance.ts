/**
 * Housekeeping PostgreSQL's autovacuum does on a server and the embedded PGlite never does:
 * without it, the rows the exchange updates all day (markets, bets, ledger balances) leave dead
 * versions behind and the planner works from the statistics of an empty database.
 */
import type { Database } from './database';

/** The tables that change most; VACUUM reclaims their dead rows, ANALYZE refreshes statistics. */
export const BUSY_TABLES = [
  'markets',
  'bets',
  'bet_fills',
  'market_settlements',
  'sport_events',
  'ledger_accounts',
  'ledger_transfers',
  'ledger_entries',
  // The casino's and the studio's: a round and each of its bets move through several states.
  'casino_launches',
  'casino_rounds',
  'casino_transactions',
  'house_game_rounds',
  'house_game_bets',
  'card_rounds',
  'card_bets',
  'player_bonuses',
  'bonus_wagering_counts',
] as const;

/** Vacuums and analyses the busy tables of an embedded database; a server does it itself. */
export async function maintainEmbeddedDatabase(db: Database): Promise<boolean> {
  if (db.kind !== 'pglite') return false;
  await db.exec(`VACUUM (ANALYZE) ${BUSY_TABLES.join(', ')}`);
  return true;
}
