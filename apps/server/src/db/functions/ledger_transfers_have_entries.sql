-- Guards against a transfer without entries: it is refused at the end of the INSERT statement
-- that writes it. A transfer and its entries are written by one statement (ledger_post_transfer's),
-- so a transfer whose entries would follow in a later statement is refused at once; checking per
-- statement rather than by a deferred trigger at commit costs fewer writes and trigger events.
-- (Databases migrated before 0005 had a deferred constraint trigger of this name, which cannot be
-- replaced in place: migration 0005 drops it.)

CREATE OR REPLACE FUNCTION ledger_transfers_have_entries() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_missing uuid;
BEGIN
  -- A count per new transfer, not NOT EXISTS: an anti-join plan made while the tables are small
  -- could scan ledger_entries whole; this stays a lookup by key.
  SELECT t.id INTO v_missing FROM new_transfers t
  WHERE (SELECT count(*) FROM ledger_entries e WHERE e.transfer_id = t.id) = 0
  LIMIT 1;
  IF v_missing IS NOT NULL THEN
    RAISE EXCEPTION 'ledger transfer % has no entries', v_missing
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END
$$;

-- Re-applied at every start, while transfers may be in flight: every transaction that writes
-- transfers or entries has locked ledger_accounts first (ledger_post_transfer locks its accounts
-- before it writes), so this waits for those to end and holds the next ones back, and replacing
-- the triggers below can never deadlock with a transfer. Held until the migration commits.
LOCK TABLE ledger_accounts IN EXCLUSIVE MODE;

CREATE OR REPLACE TRIGGER ledger_transfers_have_entries AFTER INSERT ON ledger_transfers
  REFERENCING NEW TABLE AS new_transfers
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_transfers_have_entries();
