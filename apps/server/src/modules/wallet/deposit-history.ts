/**
 * A player's credited deposits as the ledger has them (the `deposit` transfers into their cash),
 * whichever way they were paid: what a deposit bonus is earned on. A bonus is never among them:
 * bonuses move by their own codes, so they never count as deposits.
 */
import type { Queryable } from '../../db/database';
import { toMinor } from './ledger';

export interface CreditedDeposit {
  /** The deposit's ledger transfer: what a bonus earned on it names. */
  transferId: string;
  amountMinor: number;
  at: Date;
}

/** The player's credited real-money deposits, oldest first (at most `limit`). */
export async function creditedDeposits(
  db: Queryable,
  player: { domain: string; ownerId: string },
  limit = 500,
): Promise<CreditedDeposit[]> {
  const rows = await db.query<{ id: string; amount_minor: unknown; created_at: Date }>(
    `SELECT t.id, e.amount_minor, t.created_at
     FROM ledger_accounts a
     JOIN ledger_entries e ON e.account_id = a.id
     JOIN ledger_transfers t ON t.id = e.transfer_id AND t.code = 'deposit'
     WHERE a.domain = $1 AND a.owner_id = $2 AND a.book = 'real' AND a.kind = 'player_cash'
     ORDER BY e.seq
     LIMIT $3`,
    [player.domain, player.ownerId, limit],
  );
  return rows.map((row) => ({
    transferId: row.id,
    amountMinor: toMinor(row.amount_minor),
    at: new Date(row.created_at),
  }));
}
