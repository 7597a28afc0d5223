-- Guards the ledger's accounts: an account is never deleted and its identity never changes, and
-- a player's cached balance starts at zero and moves only with entries, so it always equals the
-- sum of the account's entries (the checks and locks of a transfer rely on it) and its version
-- counts those moves (announced figures are ordered by it). The entry trigger
-- (ledger_entries_post.sql) is their one writer, and the WHEN clause lets that trigger's updates
-- (trigger depth 1) through without a function call. An ended demo player's play-book
-- accounts may be deleted only while ledger_compact_play_owner runs (see ledger_append_only.sql).

CREATE OR REPLACE FUNCTION ledger_accounts_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.balance_minor := CASE WHEN NEW.owner_id IS NOT NULL THEN 0 END;
    NEW.version := 0;
    RETURN NEW;
  END IF;
  IF TG_OP = 'DELETE' AND current_setting('backlay.compacting_play', true) = 'on' THEN
    IF OLD.book = 'play' AND OLD.owner_id IS NOT NULL THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION 'ledger accounts change only through entries: % refused', TG_OP
    USING ERRCODE = 'restrict_violation';
END
$$;

-- Re-applied at every start, while transfers may be in flight: every transaction that writes
-- transfers or entries has locked ledger_accounts first (ledger_post_transfer locks its accounts
-- before it writes), so this waits for those to end and holds the next ones back, and replacing
-- the triggers below can never deadlock with a transfer. Held until the migration commits.
LOCK TABLE ledger_accounts IN EXCLUSIVE MODE;

CREATE OR REPLACE TRIGGER ledger_accounts_start_at_zero BEFORE INSERT ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_accounts_guard();
CREATE OR REPLACE TRIGGER ledger_accounts_no_delete BEFORE DELETE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_accounts_guard();
CREATE OR REPLACE TRIGGER ledger_accounts_fixed_identity
  BEFORE UPDATE OF id, domain, owner_id, kind, book, created_at ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_accounts_guard();
CREATE OR REPLACE TRIGGER ledger_accounts_balance_from_entries
  BEFORE UPDATE OF balance_minor, version ON ledger_accounts
  FOR EACH ROW WHEN (pg_trigger_depth() = 0) EXECUTE FUNCTION ledger_accounts_guard();
