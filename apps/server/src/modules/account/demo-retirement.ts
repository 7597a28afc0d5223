/**
 * Retires ended demo accounts: once a demo player's time is up and every market they bet on is
 * settled, their bets and play money leave the database (the ledger folds the play money into
 * one balanced transfer) and the account is deleted. A flood of demo logins therefore costs
 * storage for a day at most. A demo player with a bet on a market still open waits for it.
 */
import type { Database } from '../../db/database';
import { compactPlayMoney } from '../wallet';

/** How many ended demo accounts one run retires; the rest wait for the next run. */
const RETIRE_BATCH = 500;

export interface RetirementReport {
  retired: number;
  /** Ended, but still in an unsettled market. */
  waiting: number;
  /** Ended and settled, yet money is still held for them: left as they are, for a person. */
  stuck: string[];
}

/** Undoes a retirement whose ledger could not be folded. */
class NotFolded extends Error {}

export async function retireEndedDemoPlayers(db: Database, now: Date): Promise<RetirementReport> {
  const ended = await db.query<{ id: string; domain: string }>(
    `SELECT id, domain FROM users WHERE is_demo AND expires_at <= $1 ORDER BY expires_at LIMIT $2`,
    [now, RETIRE_BATCH],
  );
  const report: RetirementReport = { retired: 0, waiting: 0, stuck: [] };
  for (const player of ended) {
    const retire = db.transaction(async (tx) => {
      const [open] = await tx.query(
        `SELECT 1 FROM bets b JOIN markets m ON m.id = b.market_id
         WHERE b.owner_id = $1 AND m.status <> 'SETTLED' LIMIT 1`,
        [player.id],
      );
      if (open) return false;
      // Fills first: they name the player's bets (and their counterparties', which stay).
      await tx.query(
        `DELETE FROM bet_fills WHERE back_bet_id IN (SELECT id FROM bets WHERE owner_id = $1)
           OR lay_bet_id IN (SELECT id FROM bets WHERE owner_id = $1)`,
        [player.id],
      );
      await tx.query('DELETE FROM market_settlements WHERE owner_id = $1', [player.id]);
      await tx.query('DELETE FROM bets WHERE owner_id = $1', [player.id]);
      const outcome = await compactPlayMoney(tx, { domain: player.domain, ownerId: player.id });
      if (outcome === 'held' || outcome === 'shared') throw new NotFolded(outcome);
      await tx.query('DELETE FROM users WHERE id = $1', [player.id]);
      return true;
    });
    try {
      if (await retire) report.retired++;
      else report.waiting++;
    } catch (error) {
      if (!(error instanceof NotFolded)) throw error;
      report.stuck.push(player.id);
    }
  }
  return report;
}
