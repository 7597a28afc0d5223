-- Posts a batch of two-leg transfers (each moves p_amounts[i] from p_from[i] to p_to[i]) in the
-- caller's transaction, deciding each exactly as ledger_post_transfer would if it were called
-- for them one after another, in the order given, with the same results and figures, but in a
-- fixed number of statements for the whole batch instead of about ten per transfer: one finds
-- each player account's cash and exposure pair, one locks and reads every player account the
-- batch touches with those pairs (in id order, as ledger_post_transfer locks them) and one the
-- other accounts (where backlay.single_writer = on, nothing is locked and one read does both),
-- one reads the keys already taken, one what is held for the moves that release a hold, and one
-- writes every transfer and its entries. The decisions in between run
-- on what those reads found, moved by each earlier posting of the batch.
-- A move's hold rule, when p_hold_accounts[i] is set, is ledger_post_transfer's: what is held
-- for p_references[i] on that account must cover or equal p_hold_minors[i].
-- Answers one row per move, `n` its place in the arrays (from 1), with ledger_post_transfer's
-- columns. Should another transaction take one of the batch's keys between the read and the
-- write (it shares no player lock with it), the whole statement fails as a serialization
-- failure and the caller's transaction rolls back: nothing of the batch is posted.
-- Its plans are made once per session, for lookups by key at any table size (the SET clauses
-- below): the embedded PGlite never runs ANALYZE, and a plan made while the ledger is small would
-- scan it whole; and a plan made again for every call, as for a batch's arrays the planner may
-- prefer, costs more than the lookups themselves.
-- The signature is new in this file; a change needs a migration dropping this one.

CREATE OR REPLACE FUNCTION ledger_post_moves(
  p_keys text[],
  p_codes text[],
  p_references text[],
  p_from uuid[],
  p_to uuid[],
  p_amounts bigint[],
  p_hold_accounts uuid[],
  p_hold_rules text[],
  p_hold_minors bigint[]
) RETURNS TABLE (
  n int,
  result text,
  accounts uuid[],
  transfer uuid,
  posted_at timestamptz,
  transfer_domain text,
  transfer_book text,
  short_account uuid,
  short_balance_minor bigint,
  held_minor bigint,
  figures jsonb
) LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan
SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off
AS $$
DECLARE
  v_count int := cardinality(p_keys);
  v_ids uuid[];
  -- Every account the batch names, with the player accounts' pairs: as read, then as moved.
  a_id uuid[] := '{}';
  a_domain text[] := '{}';
  a_book text[] := '{}';
  a_kind text[] := '{}';
  a_owner uuid[] := '{}';
  a_balance bigint[] := '{}';
  a_version bigint[] := '{}';
  -- Keys taken, before the batch or by its own earlier moves, and their transfers.
  k_key text[] := '{}';
  k_transfer uuid[] := '{}';
  -- What is held per hold account and reference: read, then moved by the batch.
  h_account uuid[] := '{}';
  h_reference text[] := '{}';
  h_held bigint[] := '{}';
  -- The results, by move.
  r_result text[] := array_fill(NULL::text, ARRAY[coalesce(cardinality(p_keys), 0)]);
  r_transfer uuid[] := array_fill(NULL::uuid, ARRAY[coalesce(cardinality(p_keys), 0)]);
  r_domain text[] := array_fill(NULL::text, ARRAY[coalesce(cardinality(p_keys), 0)]);
  r_book text[] := array_fill(NULL::text, ARRAY[coalesce(cardinality(p_keys), 0)]);
  r_short uuid[] := array_fill(NULL::uuid, ARRAY[coalesce(cardinality(p_keys), 0)]);
  r_short_balance bigint[] := array_fill(NULL::bigint, ARRAY[coalesce(cardinality(p_keys), 0)]);
  r_held bigint[] := array_fill(NULL::bigint, ARRAY[coalesce(cardinality(p_keys), 0)]);
  r_figures jsonb[] := array_fill(NULL::jsonb, ARRAY[coalesce(cardinality(p_keys), 0)]);
  r_posted timestamptz[] := array_fill(NULL::timestamptz, ARRAY[coalesce(cardinality(p_keys), 0)]);
  -- The transfers to write, and the move each one is.
  w_move int[] := '{}';
  w_ids uuid[] := '{}';
  w_written uuid[];
  w_at timestamptz[];
  row record;
  i int;
  j int;
  v_f int;
  v_t int;
  v_k int;
  v_h int;
  v_legs int[];
  v_owners uuid[];
  v_owner uuid;
  v_cash bigint;
  v_exposure bigint;
  v_version bigint;
  v_pair int;
  v_transfer uuid;
  v_held bigint;
  v_short int;
  v_figures jsonb[];
BEGIN
  IF v_count IS NULL OR v_count = 0 THEN
    RETURN;
  END IF;
  -- One transfer alone on the embedded database: ledger_post_transfer itself, which takes no
  -- locks there and measured cheaper than this function's reads for a single transfer.
  IF v_count = 1 AND current_setting('backlay.single_writer', true) = 'on' THEN
    RETURN QUERY SELECT 1, r.* FROM ledger_post_transfer(
      p_keys[1], p_codes[1], p_references[1], ARRAY[p_from[1], p_to[1]],
      ARRAY[-p_amounts[1], p_amounts[1]], p_hold_accounts[1], p_hold_rules[1], p_hold_minors[1]
    ) AS r;
    RETURN;
  END IF;
  -- Every account the batch names, with each player account's cash and exposure pair.
  v_ids := p_from || p_to || ledger_account_pairs(p_from || p_to);
  IF current_setting('backlay.single_writer', true) IS DISTINCT FROM 'on' THEN
    -- The player accounts locked in id order and read as the locks found them: by id alone, as
    -- a lock taken through the pair's join could skip a row another transaction had just
    -- updated (its recheck runs the join again). The system accounts (no cached balance) are
    -- never locked, as ledger_post_transfer leaves them.
    FOR row IN
      SELECT a.id, a.domain, a.book, a.kind, a.owner_id, a.balance_minor, a.version
      FROM ledger_accounts a WHERE a.id = ANY (v_ids) AND a.balance_minor IS NOT NULL
      ORDER BY a.id
      FOR NO KEY UPDATE
    LOOP
      a_id := a_id || row.id;
      a_domain := a_domain || row.domain;
      a_book := a_book || row.book;
      a_kind := a_kind || row.kind;
      a_owner := a_owner || row.owner_id;
      a_balance := a_balance || row.balance_minor;
      a_version := a_version || row.version;
    END LOOP;
    SELECT a_id || coalesce(array_agg(a.id), '{}'), a_domain || coalesce(array_agg(a.domain), '{}'),
      a_book || coalesce(array_agg(a.book), '{}'), a_kind || coalesce(array_agg(a.kind), '{}'),
      a_owner || coalesce(array_agg(a.owner_id), '{}'),
      a_balance || coalesce(array_agg(a.balance_minor), '{}'),
      a_version || coalesce(array_agg(NULL::bigint), '{}')
    INTO a_id, a_domain, a_book, a_kind, a_owner, a_balance, a_version
    FROM ledger_accounts a WHERE a.id = ANY (v_ids) AND a.balance_minor IS NULL;
  ELSE
    -- One transaction at a time: no locks, every account in one read.
    SELECT coalesce(array_agg(a.id), '{}'), coalesce(array_agg(a.domain), '{}'),
      coalesce(array_agg(a.book), '{}'), coalesce(array_agg(a.kind), '{}'),
      coalesce(array_agg(a.owner_id), '{}'), coalesce(array_agg(a.balance_minor), '{}'),
      coalesce(array_agg(a.version), '{}')
    INTO a_id, a_domain, a_book, a_kind, a_owner, a_balance, a_version
    FROM ledger_accounts a WHERE a.id = ANY (v_ids);
  END IF;

  SELECT coalesce(array_agg(t.idempotency_key), '{}'), coalesce(array_agg(t.id), '{}')
  INTO k_key, k_transfer
  FROM ledger_transfers t WHERE t.idempotency_key = ANY (p_keys);

  IF p_hold_accounts IS NOT NULL THEN
    SELECT coalesce(array_agg(h.account), '{}'), coalesce(array_agg(h.reference), '{}'),
      coalesce(array_agg(h.held), '{}')
    INTO h_account, h_reference, h_held
    FROM (
      SELECT DISTINCT u.account, u.reference,
        (SELECT coalesce(sum(e.amount_minor), 0) FROM ledger_entries e
         WHERE e.account_id = u.account AND e.reference = u.reference) AS held
      FROM unnest(p_hold_accounts, p_references) AS u (account, reference)
      WHERE u.account IS NOT NULL
    ) AS h;
  END IF;

  FOR i IN 1 .. v_count LOOP
    v_f := array_position(a_id, p_from[i]);
    v_t := array_position(a_id, p_to[i]);
    -- The scope answered, as ledger_post_transfer answers it: the least domain and book of the
    -- accounts found (the transfer's own when they agree).
    r_domain[i] := least(a_domain[v_f], a_domain[v_t]);
    r_book[i] := least(a_book[v_f], a_book[v_t]);
    IF v_f IS NULL OR v_t IS NULL OR p_from[i] = p_to[i] THEN
      r_result[i] := 'unknown_account';
      CONTINUE;
    ELSIF a_domain[v_f] <> a_domain[v_t] THEN
      r_result[i] := 'mixed_domains';
      CONTINUE;
    ELSIF a_book[v_f] <> a_book[v_t] THEN
      r_result[i] := 'mixed_books';
      CONTINUE;
    END IF;
    v_k := array_position(k_key, p_keys[i]);
    IF v_k IS NOT NULL THEN
      r_result[i] := 'exists';
      r_transfer[i] := k_transfer[v_k];
      CONTINUE;
    END IF;

    IF p_hold_accounts IS NOT NULL AND p_hold_accounts[i] IS NOT NULL THEN
      v_held := 0;
      FOR j IN 1 .. coalesce(cardinality(h_account), 0) LOOP
        IF h_account[j] = p_hold_accounts[i] AND h_reference[j] IS NOT DISTINCT FROM p_references[i]
        THEN
          v_held := h_held[j];
          EXIT;
        END IF;
      END LOOP;
      r_held[i] := v_held;
      IF (p_hold_rules[i] = 'covers' AND v_held < p_hold_minors[i])
        OR (p_hold_rules[i] = 'equals' AND v_held <> p_hold_minors[i])
      THEN
        r_result[i] := 'hold_mismatch';
        CONTINUE;
      END IF;
    END IF;

    -- Overdraft: ledger_post_transfer names the short account first in id order.
    v_short := NULL;
    IF a_balance[v_f] IS NOT NULL AND a_balance[v_f] - p_amounts[i] < 0 THEN
      v_short := v_f;
    END IF;
    IF a_balance[v_t] IS NOT NULL AND a_balance[v_t] + p_amounts[i] < 0
      AND (v_short IS NULL OR a_id[v_t] < a_id[v_short])
    THEN
      v_short := v_t;
    END IF;
    IF v_short IS NOT NULL THEN
      r_result[i] := 'insufficient_funds';
      r_short[i] := a_id[v_short];
      r_short_balance[i] := a_balance[v_short];
      CONTINUE;
    END IF;

    -- Posted: the accounts move (one version per entry, as the entry trigger counts them).
    v_transfer := gen_random_uuid();
    r_result[i] := 'ok';
    r_transfer[i] := v_transfer;
    w_move := w_move || i;
    w_ids := w_ids || v_transfer;
    k_key := k_key || p_keys[i];
    k_transfer := k_transfer || v_transfer;
    IF a_balance[v_f] IS NOT NULL THEN
      a_balance[v_f] := a_balance[v_f] - p_amounts[i];
      a_version[v_f] := a_version[v_f] + 1;
    END IF;
    IF a_balance[v_t] IS NOT NULL THEN
      a_balance[v_t] := a_balance[v_t] + p_amounts[i];
      a_version[v_t] := a_version[v_t] + 1;
    END IF;
    FOR j IN 1 .. coalesce(cardinality(h_account), 0) LOOP
      IF h_reference[j] IS NOT DISTINCT FROM p_references[i] THEN
        IF h_account[j] = p_from[i] THEN
          h_held[j] := h_held[j] - p_amounts[i];
        ELSIF h_account[j] = p_to[i] THEN
          h_held[j] := h_held[j] + p_amounts[i];
        END IF;
      END IF;
    END LOOP;

    -- The figures of each player whose cash or exposure moved, from / to order kept.
    v_legs := ARRAY[v_f, v_t];
    v_owners := '{}';
    v_figures := '{}';
    FOREACH v_k IN ARRAY v_legs LOOP
      CONTINUE WHEN a_kind[v_k] NOT IN ('player_cash', 'player_exposure');
      v_owner := a_owner[v_k];
      CONTINUE WHEN v_owner = ANY (v_owners);
      v_owners := v_owners || v_owner;
      v_cash := 0;
      v_exposure := 0;
      v_version := 0;
      FOR v_pair IN 1 .. cardinality(a_id) LOOP
        IF a_owner[v_pair] = v_owner AND a_domain[v_pair] = a_domain[v_k]
          AND a_book[v_pair] = a_book[v_k]
        THEN
          IF a_kind[v_pair] = 'player_cash' THEN
            v_cash := a_balance[v_pair];
            v_version := v_version + a_version[v_pair];
          ELSIF a_kind[v_pair] = 'player_exposure' THEN
            v_exposure := a_balance[v_pair];
            v_version := v_version + a_version[v_pair];
          END IF;
        END IF;
      END LOOP;
      v_figures := v_figures || jsonb_build_object(
        'owner', v_owner, 'cash', v_cash, 'exposure', v_exposure, 'version', v_version
      );
    END LOOP;
    IF cardinality(v_figures) > 0 THEN
      r_figures[i] := to_jsonb(v_figures);
    END IF;
  END LOOP;

  IF cardinality(w_move) > 0 THEN
    -- Every transfer and its entries in one statement, as the entry trigger requires.
    WITH t AS (
      INSERT INTO ledger_transfers (id, idempotency_key, domain, book, code, reference)
      SELECT w.id, p_keys[w.i], r_domain[w.i], r_book[w.i], p_codes[w.i], p_references[w.i]
      FROM unnest(w_ids, w_move) AS w (id, i)
      ON CONFLICT (idempotency_key) DO NOTHING
      RETURNING id, created_at
    ), e AS (
      INSERT INTO ledger_entries (transfer_id, account_id, amount_minor, reference)
      SELECT t.id, l.account, l.amount, p_references[w.i]
      FROM t
      JOIN unnest(w_ids, w_move) AS w (id, i) ON w.id = t.id
      CROSS JOIN LATERAL (
        VALUES (p_from[w.i], -p_amounts[w.i]), (p_to[w.i], p_amounts[w.i])
      ) AS l (account, amount)
    )
    SELECT array_agg(t.id), array_agg(t.created_at) INTO w_written, w_at FROM t;
    IF coalesce(cardinality(w_written), 0) <> cardinality(w_ids) THEN
      RAISE EXCEPTION 'a batch of ledger transfers met a key taken meanwhile'
        USING ERRCODE = 'serialization_failure';
    END IF;
    FOR j IN 1 .. cardinality(w_written) LOOP
      r_posted[w_move[array_position(w_ids, w_written[j])]] := w_at[j];
    END LOOP;
  END IF;

  RETURN QUERY
    SELECT m.i::int, r_result[m.i], ARRAY[p_from[m.i], p_to[m.i]], r_transfer[m.i],
      r_posted[m.i], r_domain[m.i], r_book[m.i], r_short[m.i], r_short_balance[m.i],
      r_held[m.i], r_figures[m.i]
    FROM generate_series(1, v_count) AS m (i);
END
$$;
