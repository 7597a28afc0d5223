-- Guards the ledger's history: nothing posted (a transfer or an entry) is ever changed or
-- removed, and no ledger table is truncated; a correction is a new transfer, so every balance
-- can be rebuilt and audited from the entries. The one exception folds an ended demo player out
-- of the ledger (ledger_compact_play_owner.sql): a row delete passes while the transaction-local
-- setting `backlay.compacting_play` is on, which only that function sets and clears, and only for
-- play-book rows; a real-book row is refused whatever the setting says.

CREATE OR REPLACE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND TG_LEVEL = 'ROW'
    AND current_setting('backlay.compacting_play', true) = 'on'
  THEN
    IF TG_TABLE_NAME = 'ledger_transfers' THEN
      IF OLD.book = 'play' THEN
        RETURN OLD;
      END IF;
    ELSIF (SELECT a.book FROM ledger_accounts a WHERE a.id = OLD.account_id) = 'play' THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION 'ledger is append-only: % on % refused', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END
$$;

-- Re-applied at every start, while transfers may be in flight: every transaction that writes
-- transfers or entries has locked ledger_accounts first (ledger_post_transfer locks its accounts
-- before it writes), so this waits for those to end and holds the next ones back, and replacing
-- the triggers below can never deadlock with a transfer. Held until the migration commits.
LOCK TABLE ledger_accounts IN EXCLUSIVE MODE;

CREATE OR REPLACE TRIGGER ledger_transfers_append_only BEFORE UPDATE OR DELETE ON ledger_transfers
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
CREATE OR REPLACE TRIGGER ledger_transfers_no_truncate BEFORE TRUNCATE ON ledger_transfers
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
CREATE OR REPLACE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
CREATE OR REPLACE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
CREATE OR REPLACE TRIGGER ledger_accounts_no_truncate BEFORE TRUNCATE ON ledger_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
