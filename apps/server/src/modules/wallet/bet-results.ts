/**
 * What a player's bets won or lost over a time: the sum, over the settlements (and their
 * corrections) made since then, of what they moved on the player's cash and exposure together,
 * which is the bet's profit less commission. Holds and releases move money between the two
 * accounts and add nothing. A loss limit counts this.
 */
import type { Queryable } from '../../db/database';
import { assertScope, toMinor, type PlayerRef, type TransferCode } from './ledger';

const RESULT_CODES: readonly TransferCode[] = [
  'bet_settle_win',
  'bet_settle_loss',
  'bet_settle_void',
  'bet_settle_reversal',
  'commission',
];

/** The player's net result from settled bets since `since`, in minor units: negative is a loss. */
export async function playerBetResultSince(
  db: Queryable,
  player: PlayerRef,
  since: Date,
): Promise<number> {
  assertScope(player.domain, player.book, player.ownerId);
  const [row] = await db.query<{ result_minor: unknown }>(
    `SELECT coalesce(sum(e.amount_minor), 0) AS result_minor
     FROM ledger_accounts a
     JOIN ledger_entries e ON e.account_id = a.id
     JOIN ledger_transfers t ON t.id = e.transfer_id
     WHERE a.domain = $1 AND a.owner_id = $2 AND a.book = $3
       AND a.kind IN ('player_cash', 'player_exposure')
       AND t.created_at >= $4 AND t.code = ANY($5::text[])`,
    [player.domain, player.ownerId, player.book, since, RESULT_CODES],
  );
  return toMinor(row?.result_minor ?? 0);
}
