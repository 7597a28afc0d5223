-- The wallet announces a player's new balance and exposure after each commit, without reading
-- them again (modules/wallet/balance-notices.ts). So that a reader can tell newer figures from
-- older ones, whatever order they arrive in, every player account counts the movements it took:
-- the entry trigger adds one to `version` with each change of `balance_minor`, and the player's
-- version is the sum over their cash and exposure accounts (db/functions/ledger_post_transfer.sql
-- answers it with the figures).
ALTER TABLE ledger_accounts ADD COLUMN version bigint NOT NULL DEFAULT 0;

-- ledger_post_transfer answers one more column (the figures); a function's result type cannot
-- change in place, so the old definition goes here and db/functions/ creates the new one.
DROP FUNCTION IF EXISTS ledger_post_transfer(text, text, text, uuid[], bigint[], uuid, text, bigint);
