-- Guards every posting, the verified insert path: one INSERT statement writes all the entries of
-- the transfers it names (one transfer's, or a batch's from ledger_post_moves), and after it each
-- of those transfers exists, has at least two entries, all from this statement (nothing is
-- appended to a posted transfer), all on existing accounts of the transfer's domain and book and
-- with its reference, summing to zero. Then the cached balances move, each account once by the
-- sum of its entries here, counting one more version per entry; the balance_minor >= 0 check
-- refuses any statement that would leave a player account overdrawn (a batch's postings were
-- each decided in order, so only the net per account is checked here).
-- So no code path and no instance can post an unbalanced or mixed transfer.
-- Every query here is a lookup by key, so its plan (made once per session, when the tables may
-- still be empty) stays right however large they grow; PGlite never runs ANALYZE on its own.
-- (A set-based version, joining the transition table, was measured: its plans slowed down as
-- the ledger grew, so the transfers are looked up one by one.) The accounts are checked and
-- moved by two statements for all of them, each finding them by `id = ANY` of an array built
-- here (the primary key's lookups, in id order, whatever the plan thinks of the join a set of
-- rows would need): a statement per account cost more than the rows it moved.
-- It has no planner settings of its own: it runs inside ledger_post_transfer's or
-- ledger_post_moves's (every posting comes through one of them), whose settings rule out scans.

CREATE OR REPLACE FUNCTION ledger_entries_post() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_transfers uuid[] := '{}';
  v_domains text[] := '{}';
  v_books text[] := '{}';
  v_posted bigint;
  v_domain text;
  v_book text;
  v_reference text;
  v_at int;
  v_other int;
  r record;
  -- Every account the entries name, in id order: the scope its transfers share, and its move.
  u_ids uuid[] := '{}';
  u_domains text[] := '{}';
  u_books text[] := '{}';
  u_totals bigint[] := '{}';
  u_entries bigint[] := '{}';
  u_first_transfers uuid[] := '{}';
  v_found int;
BEGIN
  -- Each transfer: one lookup by key, its entries counted and summed.
  FOR r IN
    SELECT transfer_id, count(*) AS entries, sum(amount_minor) AS total,
      count(DISTINCT coalesce(reference, '')) AS references_seen,
      bool_or(reference IS NULL) AS some_null, bool_and(reference IS NULL) AS all_null,
      min(reference) AS reference
    FROM new_entries GROUP BY transfer_id
  LOOP
    SELECT t.domain, t.book, t.reference,
      (SELECT count(*) FROM ledger_entries e WHERE e.transfer_id = t.id)
    INTO v_domain, v_book, v_reference, v_posted
    FROM ledger_transfers t WHERE t.id = r.transfer_id;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'ledger entries name an unknown transfer %', r.transfer_id
        USING ERRCODE = 'foreign_key_violation';
    END IF;
    IF r.references_seen <> 1 OR (r.some_null AND NOT r.all_null)
      OR r.reference IS DISTINCT FROM v_reference
    THEN
      RAISE EXCEPTION 'ledger transfer % has entries with another reference', r.transfer_id
        USING ERRCODE = 'check_violation';
    END IF;
    IF r.entries < 2 OR r.total <> 0 OR v_posted <> r.entries THEN
      RAISE EXCEPTION 'ledger transfer % does not balance', r.transfer_id
        USING ERRCODE = 'check_violation';
    END IF;
    v_transfers := v_transfers || r.transfer_id;
    v_domains := v_domains || v_domain;
    v_books := v_books || v_book;
  END LOOP;

  -- Each account: its entries must all be of transfers of its own domain and book; its cached
  -- balance, if it keeps one, moves once by their sum. An exception anywhere undoes the whole
  -- statement, balances included.
  FOR r IN
    SELECT account_id, array_agg(transfer_id) AS transfers, sum(amount_minor) AS total,
      count(*) AS entries
    FROM new_entries GROUP BY account_id ORDER BY account_id
  LOOP
    v_at := array_position(v_transfers, r.transfers[1]);
    v_domain := v_domains[v_at];
    v_book := v_books[v_at];
    FOR v_other IN 2 .. cardinality(r.transfers) LOOP
      v_at := array_position(v_transfers, r.transfers[v_other]);
      IF v_domains[v_at] <> v_domain OR v_books[v_at] <> v_book THEN
        RAISE EXCEPTION 'ledger transfer % mixes books or domains, or names an unknown account',
          r.transfers[v_other] USING ERRCODE = 'foreign_key_violation';
      END IF;
    END LOOP;
    u_ids := u_ids || r.account_id;
    u_domains := u_domains || v_domain;
    u_books := u_books || v_book;
    u_totals := u_totals || r.total;
    u_entries := u_entries || r.entries;
    u_first_transfers := u_first_transfers || r.transfers[1];
  END LOOP;

  -- Every account exists in its transfers' domain and book. Found by id: domain and book are
  -- compared with IS NOT DISTINCT FROM, which no index serves, so no plan (however stale the
  -- statistics it was made from) reads the identity index's every account of the domain
  -- instead of the primary key's one row.
  SELECT count(*) INTO v_found FROM ledger_accounts a
  WHERE a.id = ANY (u_ids) AND (a.domain, a.book) IS NOT DISTINCT FROM
    (u_domains[array_position(u_ids, a.id)], u_books[array_position(u_ids, a.id)]);
  IF v_found <> cardinality(u_ids) THEN
    FOR v_at IN 1 .. cardinality(u_ids) LOOP
      PERFORM 1 FROM ledger_accounts
      WHERE id = u_ids[v_at] AND (domain, book) IS NOT DISTINCT FROM (u_domains[v_at], u_books[v_at]);
      IF NOT FOUND THEN
        RAISE EXCEPTION 'ledger transfer % mixes books or domains, or names an unknown account',
          u_first_transfers[v_at] USING ERRCODE = 'foreign_key_violation';
      END IF;
    END LOOP;
  END IF;
  -- The cached balances move, in account id order (the order their locks were taken in), each
  -- counting one more version per entry; system accounts keep none.
  UPDATE ledger_accounts
  SET balance_minor = balance_minor + u_totals[array_position(u_ids, id)],
    version = version + u_entries[array_position(u_ids, id)]
  WHERE id = ANY (u_ids) AND balance_minor IS NOT NULL;
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
