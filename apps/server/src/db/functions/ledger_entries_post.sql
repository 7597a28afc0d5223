-- Guards every posting, the verified insert path: one INSERT statement writes all the entries of
-- one transfer, and after it the transfer exists, has at least two entries, all from this
-- statement (nothing is appended to a posted transfer), all on existing accounts of the
-- transfer's domain and book and with its reference, summing to zero. Then the cached balances
-- move, each counting one more version; the balance_minor >= 0 check refuses any movement that
-- would overdraw a player account.
-- So no code path and no instance can post an unbalanced or mixed transfer.
-- Every query here is a lookup by key, so its plan (made once per session, when the tables may
-- still be empty) stays right however large they grow; PGlite never runs ANALYZE on its own.
-- (A set-based version, joining the transition table, was measured: its plans slowed down as
-- the ledger grew, so the per-entry loop stays.)

CREATE OR REPLACE FUNCTION ledger_entries_post() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_transfer uuid;
  v_entries bigint := 0;
  v_total numeric := 0;
  v_posted bigint;
  v_domain text;
  v_book text;
  v_reference text;
  r record;
BEGIN
  -- One entry per account and transfer (the primary key), so each account moves once here. An
  -- exception anywhere undoes the whole statement, balances included.
  FOR r IN SELECT transfer_id, account_id, amount_minor, reference FROM new_entries LOOP
    IF v_transfer IS NULL THEN
      v_transfer := r.transfer_id;
      SELECT t.domain, t.book, t.reference,
        (SELECT count(*) FROM ledger_entries e WHERE e.transfer_id = t.id)
      INTO v_domain, v_book, v_reference, v_posted
      FROM ledger_transfers t WHERE t.id = v_transfer;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'ledger entries name an unknown transfer %', v_transfer
          USING ERRCODE = 'foreign_key_violation';
      END IF;
    ELSIF r.transfer_id <> v_transfer THEN
      RAISE EXCEPTION 'ledger entries of several transfers in one statement'
        USING ERRCODE = 'check_violation';
    END IF;
    IF r.reference IS DISTINCT FROM v_reference THEN
      RAISE EXCEPTION 'ledger transfer % has entries with another reference', v_transfer
        USING ERRCODE = 'check_violation';
    END IF;
    v_entries := v_entries + 1;
    v_total := v_total + r.amount_minor;

    UPDATE ledger_accounts
    SET balance_minor = balance_minor + r.amount_minor, version = version + 1
    WHERE id = r.account_id AND domain = v_domain AND book = v_book
      AND balance_minor IS NOT NULL;
    IF NOT FOUND THEN
      PERFORM 1 FROM ledger_accounts
      WHERE id = r.account_id AND domain = v_domain AND book = v_book;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'ledger transfer % mixes books or domains, or names an unknown account',
          v_transfer USING ERRCODE = 'foreign_key_violation';
      END IF;
    END IF;
  END LOOP;

  IF v_transfer IS NOT NULL AND (v_entries < 2 OR v_total <> 0 OR v_posted <> v_entries) THEN
    RAISE EXCEPTION 'ledger transfer % does not balance', v_transfer
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

CREATE OR REPLACE TRIGGER ledger_entries_post AFTER INSERT ON ledger_entries
  REFERENCING NEW TABLE AS new_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_entries_post();
