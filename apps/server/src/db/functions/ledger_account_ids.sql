-- The ids of one domain book's accounts of the given kinds, in that order, created when missing:
-- player kinds belong to p_owner, system kinds to the domain. Guards against a movement waiting
-- on another transaction's uncommitted account: a player's three accounts are created together,
-- so later movements find them all. Creation is insert-or-nothing in kind order, so it is safe
-- to race.
-- Its plans find rows by key whatever the statistics say (the SET clauses): on a young database,
-- analyzed while the ledger held a handful of rows, plans made then scanned the whole of
-- ledger_accounts, ledger_transfers and ledger_entries for every posting, and PL/pgSQL kept them
-- for the connection's life (ledger-young-database.test.ts). PGlite never runs ANALYZE on its own.

CREATE OR REPLACE FUNCTION ledger_account_ids(p_domain text, p_book text, p_owner uuid, p_kinds text[])
RETURNS uuid[] LANGUAGE plpgsql
SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off
AS $$
DECLARE
  v_ids uuid[];
  v_id uuid;
  v_kind text;
  v_create text[];
BEGIN
  FOR attempt IN 1..2 LOOP
    v_ids := '{}';
    FOREACH v_kind IN ARRAY p_kinds LOOP
      IF starts_with(v_kind, 'player_') THEN
        SELECT id INTO v_id FROM ledger_accounts
        WHERE domain = p_domain AND owner_id = p_owner AND kind = v_kind AND book = p_book;
      ELSE
        SELECT id INTO v_id FROM ledger_accounts
        WHERE domain = p_domain AND owner_id IS NULL AND kind = v_kind AND book = p_book;
      END IF;
      EXIT WHEN v_id IS NULL;
      v_ids := v_ids || v_id;
    END LOOP;
    IF cardinality(v_ids) = cardinality(p_kinds) OR attempt = 2 THEN
      EXIT;
    END IF;

    v_create := p_kinds;
    IF EXISTS (SELECT 1 FROM unnest(p_kinds) AS k WHERE starts_with(k, 'player_')) THEN
      v_create := v_create || ARRAY['player_cash', 'player_exposure', 'player_bonus'];
    END IF;
    INSERT INTO ledger_accounts (domain, owner_id, kind, book)
    SELECT p_domain, CASE WHEN starts_with(k, 'player_') THEN p_owner END, k, p_book
    FROM (SELECT DISTINCT unnest(v_create) AS k) AS kinds
    ORDER BY k
    ON CONFLICT DO NOTHING;
  END LOOP;
  IF cardinality(v_ids) <> cardinality(p_kinds) THEN
    RAISE EXCEPTION 'ledger accounts % of % were not created', p_kinds, p_domain;
  END IF;
  RETURN v_ids;
END
$$;
