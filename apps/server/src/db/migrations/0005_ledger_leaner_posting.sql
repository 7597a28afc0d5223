-- Leaner posting: fewer writes and trigger events per transfer, the same invariants (see
-- 0003_ledger.sql).
--
-- 1. "A transfer without entries is refused" is checked at the end of the INSERT statement that
--    writes the transfer, not by a deferred trigger at commit: a transfer and its entries are
--    written by one statement (ledger_post_transfer's), so the rule is the same, only stricter
--    (a transfer whose entries would follow in a later statement is now refused at once).
-- 2. ledger_post_transfer skips its row locks where the session says it is the database's only
--    writer (backlay.single_writer = on): the embedded PGlite runs one transaction at a time, so
--    the locks would serialise nothing there and cost a tuple write per player account. On
--    PostgreSQL nothing sets it, and the locks stay.
-- (A set-based rewrite of the entry trigger was measured too: its joins over the transition
-- table got plans that slowed down as the ledger grew, so the per-entry loop of 0003 stays.)

-- The functions and triggers are defined in db/functions/. Databases migrated before this
-- change hold a deferred constraint trigger of the name the statement trigger takes, which
-- CREATE OR REPLACE TRIGGER cannot replace: it goes here.
DROP TRIGGER IF EXISTS ledger_transfers_have_entries ON ledger_transfers;
