-- Folds one ended demo player's play money out of the ledger. Guards the ledger's size: a flood
-- of demo logins must not grow it without bound, and a demo player whose account has ended and
-- whose bets are all settled has nothing left to show anyone. Their play-book transfers are
-- folded into one `demo_compaction` transfer that leaves every house and commission balance
-- exactly as it was (the money the player still had returns to the play house), and the
-- player's transfers, entries and accounts go. Only this function deletes ledger rows, only in
-- the play book, and only while it runs: it sets `backlay.compacting_play`, which the
-- append-only guards (ledger_append_only.sql, ledger_accounts_guard.sql) read.
-- Answers 'compacted', 'nothing' (no accounts), 'held' (money still held for bets: try again
-- once they settle) or 'shared' (a transfer also moved another player's money, which no movement
-- does today: left alone).

CREATE OR REPLACE FUNCTION ledger_compact_play_owner(p_domain text, p_owner uuid, p_key text)
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
