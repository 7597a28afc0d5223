/**
 * A player's statement: the movements of their cash account, newest first, each with the
 * balance it left (contract `playerDetailSchema.statement`). Holds for bets are movements of
 * cash too (to exposure and back), so the balance is what the player could use.
 *
 * The balance after each movement is derived, not stored: the account's balance now (the cached
 * sum of its entries, which the entry trigger keeps) less every movement after it, read in one
 * statement so both come from one snapshot. Movements are in the order their transfers were
 * written (created_at, then id), so each row's balance is the next older row's plus its amount.
 */
import type { PlayerDetail } from '@backlay/contract/admin';
import { fromMinorUnits } from '@backlay/exchange/money';
import type { Queryable } from '../../db/database';
import { toMinor, type PlayerRef } from './ledger';

export type StatementLine = PlayerDetail['statement'][number];

/**
 * Parameters: $1 domain, $2 owner, $3 book, $4 how many movements. The account's entries are
 * one index range (ledger_entries_account_reference), each joined to its transfer by key.
 */
const STATEMENT = `
  WITH account AS (
    SELECT a.id, a.balance_minor FROM ledger_accounts a
    WHERE a.domain = $1 AND a.owner_id = $2::uuid AND a.kind = 'player_cash' AND a.book = $3
  ),
  moves AS (
    SELECT t.id, t.created_at, t.code, t.reference, e.amount_minor
    FROM account a
    JOIN ledger_entries e ON e.account_id = a.id
    JOIN ledger_transfers t ON t.id = e.transfer_id
    ORDER BY t.created_at DESC, t.id DESC
    LIMIT $4
  )
  SELECT m.id, m.created_at, m.code, m.reference, m.amount_minor,
    a.balance_minor - coalesce(sum(m.amount_minor) OVER (
      ORDER BY m.created_at DESC, m.id DESC ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING
    ), 0) AS balance_after_minor
  FROM moves m CROSS JOIN account a
  ORDER BY m.created_at DESC, m.id DESC`;

/** The latest movements of a player's cash account, newest first, with the balance after each. */
export async function playerStatement(
  db: Queryable,
  player: PlayerRef,
  limit: number,
): Promise<StatementLine[]> {
  const rows = await db.query<{
    id: string;
    created_at: Date;
    code: string;
    reference: string | null;
    amount_minor: unknown;
    balance_after_minor: unknown;
  }>(STATEMENT, [player.domain, player.ownerId, player.book, limit]);
  return rows.map((row) => ({
    transferId: row.id,
    at: row.created_at.toISOString(),
    code: row.code,
    reference: row.reference,
    amount: fromMinorUnits(toMinor(row.amount_minor)),
    balanceAfter: fromMinorUnits(toMinor(row.balance_after_minor)),
  }));
}
