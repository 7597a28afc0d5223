-- A provider that pays each bet of a shared round as a wallet round of its own names them
-- `<its round id>.<bet>` (the built-in studio does): the console's round lookup finds them all by
-- the shared id, as a prefix, through this index (text_pattern_ops serves LIKE 'prefix%' in any
-- collation).
CREATE INDEX casino_rounds_round_id_prefix ON casino_rounds (round_id text_pattern_ops);
