-- Locks the accounts among p_ids that keep a cached balance (the player accounts), together
-- with each player cash or exposure account's partner in its pair, in id order, as every
-- transfer locks them, so no two transactions wait on each other crosswise. System accounts
-- (no cached balance) are never locked. Callers: ledger_post_transfer, and lockAccounts
-- (wallet/ledger.ts) for work that moves money for several players in one transaction.
-- `ledger_account_pairs` gives the partners (ledger_post_moves reads them too), found by key
-- however stale the statistics: each account by id, and its partner by the whole identity
-- (domain, owner, kind, book). The kind test sits in the select list, never in a WHERE: there, a
-- plan made once per connection on a young database found the accounts by kind instead of by id,
-- reading every player account in the identity index for each transfer
-- (ledger-young-database.test.ts). The ids are found first and the rows locked by id alone:
-- locked through the pair's join itself, a row another transaction had just updated could be
-- skipped, as the lock's recheck runs the join again.

-- It has no planner settings of its own: it runs inside its callers' (ledger_lock_accounts's and
-- ledger_post_moves's), which rule out scans, and setting them again cost every batch on PGlite.
CREATE OR REPLACE FUNCTION ledger_account_pairs(p_ids uuid[]) RETURNS uuid[] LANGUAGE plpgsql STABLE
AS $$
BEGIN
  RETURN array_remove(ARRAY(
    SELECT CASE WHEN x.kind IN ('player_cash', 'player_exposure') THEN (
      SELECT pair.id FROM ledger_accounts pair
      WHERE pair.domain = x.domain AND pair.owner_id = x.owner_id AND pair.book = x.book
        AND pair.kind = CASE x.kind WHEN 'player_cash' THEN 'player_exposure' ELSE 'player_cash' END
    ) END
    FROM ledger_accounts x WHERE x.id = ANY (p_ids)
  ), NULL);
END
$$;

CREATE OR REPLACE FUNCTION ledger_lock_accounts(p_ids uuid[]) RETURNS void LANGUAGE plpgsql
SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off
AS $$
DECLARE
  v_ids uuid[] := p_ids || ledger_account_pairs(p_ids);
BEGIN
  PERFORM 1 FROM ledger_accounts
  WHERE id = ANY (v_ids) AND balance_minor IS NOT NULL
  ORDER BY id
  FOR NO KEY UPDATE;
END
$$;
