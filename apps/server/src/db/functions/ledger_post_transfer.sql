-- Posts one transfer in the caller's transaction, deciding everything under the locks of the
-- player accounts it touches: those rows are locked first, in id order (so two transfers never
-- wait on each other crosswise), and every later statement sees what committed before the lock
-- was granted. It guards balances against overdraft and double posting (the idempotency key)
-- under concurrency. The request's shape (two to eight legs summing to zero, distinct accounts,
-- valid key, code and reference) is checked by the caller; the ledger's triggers refuse anything
-- else. Like the entry trigger's, its queries are lookups by key, so their cached plans stay right.
-- The row locks are skipped where the session says it is the database's only writer
-- (backlay.single_writer = on): the embedded PGlite runs one transaction at a time, so the locks
-- would serialise nothing there and cost a tuple write per player account. On PostgreSQL
-- nothing sets it, and the locks stay.
-- `accounts` repeats p_accounts (the caller may pass them as `ledger_account_ids(…)`), and
-- `result` is one of:
--   'ok'                 posted as `transfer`, in `transfer_domain` and `transfer_book`
--   'exists'             the key is taken by `transfer` (the caller compares it with the request)
--   'unknown_account', 'mixed_domains', 'mixed_books'
--   'hold_mismatch'      what is held for p_reference on p_hold_account (`held_minor`) must
--                        cover (p_hold_rule 'covers') or equal ('equals') p_hold_minor
--   'insufficient_funds' `short_account` (holding `short_balance_minor`) would go below zero
-- When it posted, `figures` is a JSON array of the new figures of each player whose cash or
-- exposure moved: {"owner", "cash", "exposure", "version"}, where version is the sum of the
-- versions of those two accounts (it grows with every movement of either, and the pair is read
-- under their locks, so a greater version is always the later pair). The signature changed in
-- migration 0012; a further change needs another migration dropping this one.
-- Its plans find rows by key whatever the statistics say (the SET clauses): on a young database,
-- analyzed while the ledger held a handful of rows, plans made then scanned the whole of
-- ledger_accounts, ledger_transfers and ledger_entries for every posting, and PL/pgSQL kept them
-- for the connection's life (ledger-young-database.test.ts). PGlite never runs ANALYZE on its own.

CREATE OR REPLACE FUNCTION ledger_post_transfer(
  p_key text,
  p_code text,
  p_reference text,
  p_accounts uuid[],
  p_amounts bigint[],
  p_hold_account uuid,
  p_hold_rule text,
  p_hold_minor bigint,
  OUT result text,
  OUT accounts uuid[],
  OUT transfer uuid,
  OUT posted_at timestamptz,
  OUT transfer_domain text,
  OUT transfer_book text,
  OUT short_account uuid,
  OUT short_balance_minor bigint,
  OUT held_minor bigint,
  OUT figures jsonb
) LANGUAGE plpgsql
SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off
AS $$
DECLARE
  v_count int;
  v_mixed boolean;
  v_short boolean;
  v_owners uuid[];
  v_kinds text[];
  v_balances bigint[];
  v_versions bigint[];
  v_i int;
  v_j int;
  v_cash bigint;
  v_exposure bigint;
  v_version bigint;
  v_other_balance bigint;
  v_other_version bigint;
  v_figures jsonb[] := '{}';
BEGIN
  accounts := p_accounts;
  IF current_setting('backlay.single_writer', true) IS DISTINCT FROM 'on' THEN
    -- A player's cash and exposure are locked together even when only one of them moves, so
    -- the figures answered below are one consistent pair for their version.
    PERFORM ledger_lock_accounts(p_accounts);
  END IF;

  -- Everything else the decision needs, read once the locks are granted.
  SELECT count(*), min(domain), min(book),
    max(domain) <> min(domain) OR max(book) <> min(book),
    coalesce(bool_or(balance_minor + p_amounts[array_position(p_accounts, id)] < 0), false),
    (SELECT t.id FROM ledger_transfers t WHERE t.idempotency_key = p_key),
    -- The transfer's player cash and exposure accounts, as they will be once it posts.
    array_agg(owner_id) FILTER (WHERE kind IN ('player_cash', 'player_exposure')),
    array_agg(kind) FILTER (WHERE kind IN ('player_cash', 'player_exposure')),
    array_agg(balance_minor + p_amounts[array_position(p_accounts, id)])
      FILTER (WHERE kind IN ('player_cash', 'player_exposure')),
    array_agg(version + 1) FILTER (WHERE kind IN ('player_cash', 'player_exposure'))
  INTO v_count, transfer_domain, transfer_book, v_mixed, v_short, transfer,
    v_owners, v_kinds, v_balances, v_versions
  FROM ledger_accounts WHERE id = ANY (p_accounts);
  IF v_count <> cardinality(p_accounts) THEN
    result := 'unknown_account';
    RETURN;
  ELSIF v_mixed THEN
    SELECT CASE WHEN count(DISTINCT domain) > 1 THEN 'mixed_domains' ELSE 'mixed_books' END
    INTO result
    FROM ledger_accounts WHERE id = ANY (p_accounts);
    RETURN;
  ELSIF transfer IS NOT NULL THEN
    result := 'exists';
    RETURN;
  END IF;

  IF p_hold_account IS NOT NULL THEN
    SELECT coalesce(sum(amount_minor), 0) INTO held_minor
    FROM ledger_entries
    WHERE account_id = p_hold_account AND reference = p_reference;
    IF (p_hold_rule = 'covers' AND held_minor < p_hold_minor)
      OR (p_hold_rule = 'equals' AND held_minor <> p_hold_minor)
    THEN
      result := 'hold_mismatch';
      RETURN;
    END IF;
  END IF;

  IF v_short THEN
    SELECT id, balance_minor INTO short_account, short_balance_minor
    FROM ledger_accounts
    WHERE id = ANY (p_accounts)
      AND balance_minor + p_amounts[array_position(p_accounts, id)] < 0
    ORDER BY id
    LIMIT 1;
    result := 'insufficient_funds';
    RETURN;
  END IF;

  -- The transfer and its entries in one statement, as the entry trigger requires. A transaction
  -- holding the same key without sharing a player lock may commit meanwhile: the UNIQUE key
  -- makes this insert wait for it and then write nothing.
  WITH t AS (
    INSERT INTO ledger_transfers (idempotency_key, domain, book, code, reference)
    VALUES (p_key, transfer_domain, transfer_book, p_code, p_reference)
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING id, created_at
  ), e AS (
    INSERT INTO ledger_entries (transfer_id, account_id, amount_minor, reference)
    SELECT t.id, l.account_id, l.amount_minor, p_reference
    FROM t CROSS JOIN unnest(p_accounts, p_amounts) AS l (account_id, amount_minor)
  )
  SELECT t.id, t.created_at INTO transfer, posted_at FROM t;
  IF transfer IS NULL THEN
    SELECT t.id INTO transfer FROM ledger_transfers t WHERE t.idempotency_key = p_key;
    result := 'exists';
    RETURN;
  END IF;

  -- The new figures of every player whose cash or exposure moved: what the read above found
  -- under the locks, plus what this transfer moved (each entry counts one version, as the entry
  -- trigger counts it), with the pair's other account read when it did not move. No query after
  -- the insert: on the hot path (a hold or a release moves both accounts) this reads nothing.
  IF v_owners IS NOT NULL THEN
    FOR v_i IN 1 .. cardinality(v_owners) LOOP
      CONTINUE WHEN v_owners[v_i] = ANY (v_owners[1:v_i - 1]);
      v_cash := NULL;
      v_exposure := NULL;
      v_version := 0;
      FOR v_j IN v_i .. cardinality(v_owners) LOOP
        IF v_owners[v_j] = v_owners[v_i] THEN
          IF v_kinds[v_j] = 'player_cash' THEN
            v_cash := v_balances[v_j];
          ELSE
            v_exposure := v_balances[v_j];
          END IF;
          v_version := v_version + v_versions[v_j];
        END IF;
      END LOOP;
      IF v_cash IS NULL OR v_exposure IS NULL THEN
        SELECT a.balance_minor, a.version INTO v_other_balance, v_other_version
        FROM ledger_accounts a
        WHERE a.domain = transfer_domain AND a.owner_id = v_owners[v_i] AND a.book = transfer_book
          AND a.kind = CASE WHEN v_cash IS NULL THEN 'player_cash' ELSE 'player_exposure' END;
        IF v_cash IS NULL THEN
          v_cash := coalesce(v_other_balance, 0);
        ELSE
          v_exposure := coalesce(v_other_balance, 0);
        END IF;
        v_version := v_version + coalesce(v_other_version, 0);
      END IF;
      v_figures := v_figures || jsonb_build_object(
        'owner', v_owners[v_i], 'cash', v_cash, 'exposure', v_exposure, 'version', v_version
      );
    END LOOP;
    figures := to_jsonb(v_figures);
  END IF;
  result := 'ok';
END
$$;
