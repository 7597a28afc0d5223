import type { Queryable } from '../../db/database';
import { toMinor } from './ledger';

/** What an audit of the whole ledger found; every list is empty and the total zero when sound. */
export interface LedgerAudit {
  /** The sum of every entry ever posted. */
  totalMinor: number;
  /** Transfers whose entries do not sum to zero, or that have fewer than two. */
  unbalancedTransferIds: string[];
  /** Transfers with entries in another book, domain or reference than their own. */
  mixedTransferIds: string[];
  /** Player accounts whose cached balance differs from the sum of their entries. */
  mismatchedAccountIds: string[];
  /** Player accounts whose entries sum below zero. */
  overdrawnAccountIds: string[];
}

/** Re-derives the ledger's invariants from its entries alone (tests, operator checks). */
export async function auditLedger(db: Queryable): Promise<LedgerAudit> {
  const [total] = await db.query<{ total_minor: unknown }>(
    'SELECT coalesce(sum(amount_minor), 0) AS total_minor FROM ledger_entries',
  );
  const unbalanced = await db.query<{ id: string }>(
    `SELECT t.id FROM ledger_transfers t
     LEFT JOIN ledger_entries e ON e.transfer_id = t.id
     GROUP BY t.id
     HAVING count(e.account_id) < 2 OR coalesce(sum(e.amount_minor), 0) <> 0
     ORDER BY t.id`,
  );
  const mixed = await db.query<{ id: string }>(
    `SELECT t.id FROM ledger_transfers t
     JOIN ledger_entries e ON e.transfer_id = t.id
     JOIN ledger_accounts a ON a.id = e.account_id
     GROUP BY t.id, t.book, t.domain
     HAVING bool_or(
       a.book <> t.book OR a.domain <> t.domain OR e.reference IS DISTINCT FROM t.reference
     )
     ORDER BY t.id`,
  );
  const accounts = await db.query<{ id: string; cached: unknown; summed: unknown }>(
    `SELECT a.id, a.balance_minor AS cached, coalesce(s.summed, 0) AS summed
     FROM ledger_accounts a
     LEFT JOIN (
       SELECT account_id, sum(amount_minor) AS summed FROM ledger_entries GROUP BY account_id
     ) s ON s.account_id = a.id
     WHERE a.owner_id IS NOT NULL
     ORDER BY a.id`,
  );
  return {
    totalMinor: toMinor(total?.total_minor ?? 0),
    unbalancedTransferIds: unbalanced.map((row) => row.id),
    mixedTransferIds: mixed.map((row) => row.id),
    mismatchedAccountIds: accounts
      .filter((row) => toMinor(row.cached) !== toMinor(row.summed))
      .map((row) => row.id),
    overdrawnAccountIds: accounts.filter((row) => toMinor(row.summed) < 0).map((row) => row.id),
  };
}

/** The audit of a sound ledger, for comparison. */
export const SOUND_LEDGER: LedgerAudit = {
  totalMinor: 0,
  unbalancedTransferIds: [],
  mixedTransferIds: [],
  mismatchedAccountIds: [],
  overdrawnAccountIds: [],
};
