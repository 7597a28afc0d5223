-- The double-entry wallet ledger. Every money movement is one transfer (with an idempotency key
-- and a code saying why) whose entries, signed amounts in minor units, sum to zero. Transfers
-- and entries are append-only; a balance is the sum of an account's entries. Real money and
-- play money (demo accounts) are two books that never meet in one transfer.

CREATE TABLE ledger_accounts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  domain text NOT NULL CHECK (length(domain) BETWEEN 1 AND 253),
  -- The player's user id; no foreign key, users belong to the account module and demo users
  -- are deleted while their (play book) entries stay.
  owner_id uuid,
  kind text NOT NULL CHECK (
    kind IN (
      'player_cash',
      'player_exposure',
      'player_bonus',
      'house',
      'commission',
      'payment_clearing'
    )
  ),
  book text NOT NULL CHECK (book IN ('real', 'play')),
  -- The sum of the account's entries, kept by the entry trigger below and nothing else. Only
  -- player accounts carry it (it is the row the player's movements lock and check); house,
  -- commission and clearing accounts are shared by every player, so caching them would make
  -- one hot row serialise the whole domain: their balance is summed when read.
  balance_minor bigint CHECK (balance_minor >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ledger_accounts_owner CHECK (
    (owner_id IS NOT NULL) = (kind IN ('player_cash', 'player_exposure', 'player_bonus'))
  ),
  CONSTRAINT ledger_accounts_cached CHECK ((balance_minor IS NOT NULL) = (owner_id IS NOT NULL)),
  CONSTRAINT ledger_accounts_identity UNIQUE NULLS NOT DISTINCT (domain, owner_id, kind, book)
);

CREATE TABLE ledger_transfers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  idempotency_key text NOT NULL UNIQUE CHECK (length(idempotency_key) BETWEEN 1 AND 200),
  domain text NOT NULL,
  book text NOT NULL CHECK (book IN ('real', 'play')),
  code text NOT NULL CHECK (code ~ '^[a-z][a-z_]{0,39}$'),
  -- What the movement is about: a bet, a market, a payment.
  reference text CHECK (length(reference) BETWEEN 1 AND 200),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);

-- No foreign keys: the entry trigger already looks up every entry's transfer and account (and
-- checks they share one domain and book), nothing posted can be deleted, and four more lookups
-- per transfer would cost a noticeable share of its time. The transfer's reference is repeated
-- on its entries (the trigger checks it), so what a player holds for a bet or a market is one
-- index range, however busy the market.
CREATE TABLE ledger_entries (
  transfer_id uuid NOT NULL,
  account_id uuid NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor <> 0),
  reference text,
  PRIMARY KEY (transfer_id, account_id)
);
CREATE INDEX ledger_entries_account_reference ON ledger_entries (account_id, reference);

-- Append-only: nothing posted is ever changed or removed; a correction is a new transfer.
CREATE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger is append-only: % on % refused', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END
$$;

CREATE TRIGGER ledger_transfers_append_only BEFORE UPDATE OR DELETE ON ledger_transfers
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER ledger_transfers_no_truncate BEFORE TRUNCATE ON ledger_transfers
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();

-- Accounts are never deleted, their identity never changes, and a cached balance starts at
-- zero and moves only with entries: the entry trigger is its one writer, and the WHEN clause
-- lets that trigger's updates (trigger depth 1) through without a function call.
CREATE FUNCTION ledger_accounts_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.balance_minor := CASE WHEN NEW.owner_id IS NOT NULL THEN 0 END;
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'ledger accounts change only through entries: % refused', TG_OP
    USING ERRCODE = 'restrict_violation';
END
$$;

CREATE TRIGGER ledger_accounts_start_at_zero BEFORE INSERT ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_accounts_guard();
CREATE TRIGGER ledger_accounts_no_delete BEFORE DELETE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_accounts_guard();
CREATE TRIGGER ledger_accounts_fixed_identity
  BEFORE UPDATE OF id, domain, owner_id, kind, book, created_at ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_accounts_guard();
CREATE TRIGGER ledger_accounts_balance_from_entries BEFORE UPDATE OF balance_minor ON ledger_accounts
  FOR EACH ROW WHEN (pg_trigger_depth() = 0) EXECUTE FUNCTION ledger_accounts_guard();
CREATE TRIGGER ledger_accounts_no_truncate BEFORE TRUNCATE ON ledger_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();

-- The verified insert path: one INSERT statement writes all the entries of one transfer, and
-- after it the transfer exists, has at least two entries, all from this statement (nothing is
-- appended to a posted transfer), all on existing accounts of the transfer's domain and book and
-- with its reference, summing to zero. Then the cached balances move; the balance_minor >= 0
-- check refuses any movement that would overdraw a player account.
-- Every query here is a lookup by key, so its plan (made once per session, when the tables may
-- still be empty) stays right however large they grow; PGlite never runs ANALYZE on its own.
CREATE FUNCTION ledger_entries_post() RETURNS trigger LANGUAGE plpgsql AS $$
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

    UPDATE ledger_accounts SET balance_minor = balance_minor + r.amount_minor
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

CREATE TRIGGER ledger_entries_post AFTER INSERT ON ledger_entries
  REFERENCING NEW TABLE AS new_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_entries_post();

-- A transfer without entries is refused when its transaction commits.
-- (A count, not EXISTS: an EXISTS plan made while the table is small may scan it from the start
-- for the first match, and the newest transfer's entries are at its end.)
CREATE FUNCTION ledger_transfers_have_entries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT count(*) FROM ledger_entries WHERE transfer_id = NEW.id) = 0 THEN
    RAISE EXCEPTION 'ledger transfer % has no entries', NEW.id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END
$$;

CREATE CONSTRAINT TRIGGER ledger_transfers_have_entries AFTER INSERT ON ledger_transfers
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION ledger_transfers_have_entries();

-- The ids of one domain book's accounts of the given kinds, in that order, created when missing:
-- player kinds belong to p_owner, system kinds to the domain. A player's three accounts are
-- created together, so later movements find them all and never wait on another transaction's
-- uncommitted creation. Creation is insert-or-nothing in kind order, so it is safe to race.
CREATE FUNCTION ledger_account_ids(p_domain text, p_book text, p_owner uuid, p_kinds text[])
RETURNS uuid[] LANGUAGE plpgsql AS $$
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

-- Posts one transfer in the caller's transaction, deciding everything under the locks of the
-- player accounts it touches: those rows are locked first, in id order (so two transfers never
-- wait on each other crosswise), and every later statement sees what committed before the lock
-- was granted. The request's shape (two to eight legs summing to zero, distinct accounts, valid
-- key, code and reference) is checked by the caller; the triggers above refuse anything else.
-- Like the trigger's, its queries are lookups by key, so their cached plans stay right.
-- `accounts` repeats p_accounts (the caller may pass them as `ledger_account_ids(…)`), and
-- `result` is one of:
--   'ok'                 posted as `transfer`, in `transfer_domain` and `transfer_book`
--   'exists'             the key is taken by `transfer` (the caller compares it with the request)
--   'unknown_account', 'mixed_domains', 'mixed_books'
--   'hold_mismatch'      what is held for p_reference on p_hold_account (`held_minor`) must
--                        cover (p_hold_rule 'covers') or equal ('equals') p_hold_minor
--   'insufficient_funds' `short_account` (holding `short_balance_minor`) would go below zero
CREATE FUNCTION ledger_post_transfer(
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
  OUT held_minor bigint
) LANGUAGE plpgsql AS $$
DECLARE
  v_count int;
  v_mixed boolean;
  v_short boolean;
BEGIN
  accounts := p_accounts;
  PERFORM 1 FROM ledger_accounts
  WHERE id = ANY (p_accounts) AND balance_minor IS NOT NULL
  ORDER BY id
  FOR NO KEY UPDATE;

  -- Everything else the decision needs, read once the locks are granted.
  SELECT count(*), min(domain), min(book),
    max(domain) <> min(domain) OR max(book) <> min(book),
    coalesce(bool_or(balance_minor + p_amounts[array_position(p_accounts, id)] < 0), false),
    (SELECT t.id FROM ledger_transfers t WHERE t.idempotency_key = p_key)
  INTO v_count, transfer_domain, transfer_book, v_mixed, v_short, transfer
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
  result := 'ok';
END
$$;
