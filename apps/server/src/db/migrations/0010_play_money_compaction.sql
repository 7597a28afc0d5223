-- Ended demo players leave the ledger. Play money is the demo book: it never meets real money,
-- and a demo player whose account has ended and whose bets are all settled has nothing left to
-- show anyone. Keeping their rows for ever would let a flood of demo logins grow the ledger
-- without bound, so their play-book transfers are folded into one `demo_compaction` transfer
-- that leaves every house and commission balance exactly as it was (the money the player still
-- had returns to the play house), and the player's transfers, entries and accounts go.
--
-- Only this function deletes ledger rows, only in the play book, and only while it runs: the
-- append-only guards below let a delete through when the transaction-local setting
-- `backlay.compacting_play` is on, which this function sets and clears. Real money is never
-- touched: a real-book row is refused whatever the setting says.

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

CREATE OR REPLACE FUNCTION ledger_accounts_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.balance_minor := CASE WHEN NEW.owner_id IS NOT NULL THEN 0 END;
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

-- Folds one demo player's play money out of the ledger. Answers 'compacted', 'nothing' (no
-- accounts), 'held' (money still held for bets: try again once they settle) or 'shared' (a
-- transfer also moved another player's money, which no movement does today: left alone).
CREATE FUNCTION ledger_compact_play_owner(p_domain text, p_owner uuid, p_key text)
RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  v_accounts uuid[];
  v_held bigint;
  v_left bigint;
  v_transfers uuid[];
  v_house uuid;
  v_ids uuid[];
  v_amounts bigint[];
  v_posted record;
BEGIN
  PERFORM 1 FROM ledger_accounts
  WHERE domain = p_domain AND book = 'play' AND owner_id = p_owner
  ORDER BY id FOR UPDATE;
  SELECT array_agg(id ORDER BY id),
    coalesce(sum(balance_minor) FILTER (WHERE kind = 'player_exposure'), 0),
    coalesce(sum(balance_minor), 0)
  INTO v_accounts, v_held, v_left
  FROM ledger_accounts WHERE domain = p_domain AND book = 'play' AND owner_id = p_owner;
  IF v_accounts IS NULL THEN
    RETURN 'nothing';
  END IF;
  IF v_held <> 0 THEN
    RETURN 'held';
  END IF;

  SELECT array_agg(DISTINCT transfer_id) INTO v_transfers
  FROM ledger_entries WHERE account_id = ANY (v_accounts);
  v_transfers := coalesce(v_transfers, '{}');
  IF EXISTS (
    SELECT 1 FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
    WHERE e.transfer_id = ANY (v_transfers) AND a.owner_id IS NOT NULL AND a.owner_id <> p_owner
  ) THEN
    RETURN 'shared';
  END IF;

  -- What the folded transfers moved in every other account, plus what the player still had
  -- going back to the house: these sum to zero, and post as one transfer.
  v_house := (ledger_account_ids(p_domain, 'play', NULL, ARRAY['house']))[1];
  SELECT coalesce(array_agg(account_id ORDER BY account_id), '{}'),
    coalesce(array_agg(amount ORDER BY account_id), '{}')
  INTO v_ids, v_amounts
  FROM (
    SELECT account_id, sum(amount) AS amount FROM (
      SELECT e.account_id, e.amount_minor AS amount FROM ledger_entries e
      WHERE e.transfer_id = ANY (v_transfers) AND e.account_id <> ALL (v_accounts)
      UNION ALL
      SELECT v_house, v_left
    ) moved
    GROUP BY account_id
    HAVING sum(amount) <> 0
  ) net;
  IF cardinality(v_ids) > 0 THEN
    SELECT * INTO v_posted FROM ledger_post_transfer(
      p_key, 'demo_compaction', 'demo:' || p_owner, v_ids, v_amounts, NULL, NULL, NULL
    );
    IF v_posted.result <> 'ok' THEN
      RAISE EXCEPTION 'play money of % could not be folded: %', p_owner, v_posted.result;
    END IF;
  END IF;

  PERFORM set_config('backlay.compacting_play', 'on', true);
  DELETE FROM ledger_entries WHERE transfer_id = ANY (v_transfers);
  DELETE FROM ledger_transfers WHERE id = ANY (v_transfers);
  DELETE FROM ledger_accounts WHERE id = ANY (v_accounts);
  PERFORM set_config('backlay.compacting_play', 'off', true);
  RETURN 'compacted';
END
$$;
