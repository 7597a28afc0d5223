-- Operators' player operations (the back office): a betting lock and a stake limit of the
-- player's own, a forced password change, notes, and the indexes of the player search. A login
-- lock is the existing status 'disabled'.

-- A constant default adds a column without rewriting the table.
ALTER TABLE users
  ADD COLUMN betting_locked boolean NOT NULL DEFAULT false,
  -- The most one bet may stake, on top of the brand's limits; null: the brand's limits only.
  ADD COLUMN max_stake_minor bigint CHECK (max_stake_minor > 0),
  -- Login is refused until the password is changed.
  ADD COLUMN password_reset_required boolean NOT NULL DEFAULT false;

-- login_lookup answers the new columns too; a function's result type cannot change in place, so
-- the old definition goes here and db/functions/ creates the new one.
DROP FUNCTION IF EXISTS login_lookup(text, text, text, timestamptz);

-- Operators' notes on a player: append-only (db/functions/player_notes_append_only.sql); they
-- go only with the player (an ended demo account, an abandoned sign-up). The operator is named
-- as they were when they wrote the note, so the note reads the same after they are renamed or
-- removed; operators belong to the admin module, so there is no foreign key to them.
CREATE TABLE player_notes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  player_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  operator_id uuid,
  operator_name text NOT NULL CHECK (length(operator_name) BETWEEN 1 AND 100),
  text text NOT NULL CHECK (length(text) BETWEEN 1 AND 2000),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX player_notes_player ON player_notes (player_id, id);

-- The player search (modules/account/player-search.ts), newest first by (created_at, id) with a
-- keyset cursor, brand by brand: the newest players of a brand and demo kind, and the matches of
-- a user-name prefix (text_pattern_ops: a byte-wise prefix range, whatever the database's
-- collation) or of a mobile number's start within a brand. The prefix indexes carry what the
-- search filters and sorts the matches by, so they are picked from the index alone (an index-only
-- scan) and only a page of rows is read from the table; user_name is carried for that too, as
-- the planner reads an expression's column from the index only when the column itself is there.
CREATE INDEX users_domain_newest ON users (domain, is_demo, created_at, id);
CREATE INDEX users_domain_name_prefix
  ON users (domain, lower(user_name) text_pattern_ops, is_demo) INCLUDE (created_at, id, user_name);
CREATE INDEX users_domain_mobile_prefix
  ON users (domain, mobile text_pattern_ops, is_demo) INCLUDE (created_at, id)
  WHERE mobile IS NOT NULL;
