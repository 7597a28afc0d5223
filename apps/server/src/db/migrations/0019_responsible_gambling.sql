-- Responsible gambling: a player's own deposit and loss limits, and their breaks (a time-out or
-- self-exclusion).

-- The account's side (written only through the account module's door): a break in force pauses
-- the player's login, sessions and calls until it ends; a player with a loss limit has their
-- bets checked against it (the flag spares everybody else the check).
ALTER TABLE users ADD COLUMN play_paused_until timestamptz;
ALTER TABLE users ADD COLUMN play_pause_kind text
  CHECK (play_pause_kind IN ('TIME_OUT', 'SELF_EXCLUSION'));
ALTER TABLE users ADD CONSTRAINT users_play_pause
  CHECK ((play_paused_until IS NULL) = (play_pause_kind IS NULL));
ALTER TABLE users ADD COLUMN loss_limited boolean NOT NULL DEFAULT false;
-- login_lookup answers the new columns too; a function's result type cannot change in place, so
-- the old definition goes here and db/functions/ creates the new one.
DROP FUNCTION IF EXISTS login_lookup(text, text, text, timestamptz);

-- Sign-up looks for a self-excluded account with the same mobile number on the brand.
CREATE INDEX users_self_excluded_mobile ON users (domain, mobile)
  WHERE play_pause_kind = 'SELF_EXCLUSION';

-- A player's limits: six rows once they set any (deposit and loss, per 24 hours, 7 days and
-- 30 days), locked together by every change and every deposit that counts against them. A raise
-- or a removal waits: `pending_from` says when it applies, `pending_amount_minor` what to (NULL:
-- no limit).
CREATE TABLE gambling_limits (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('DEPOSIT', 'LOSS')),
  time_window text NOT NULL CHECK (time_window IN ('day', 'week', 'month')),
  amount_minor bigint CHECK (amount_minor > 0),
  pending_amount_minor bigint CHECK (pending_amount_minor > 0),
  pending_from timestamptz,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, kind, time_window),
  CONSTRAINT gambling_limits_pending CHECK (pending_from IS NOT NULL OR pending_amount_minor IS NULL)
);

-- Every change a player made to a limit, as they made it: what from, what to, when it applies.
CREATE TABLE gambling_limit_changes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('DEPOSIT', 'LOSS')),
  time_window text NOT NULL CHECK (time_window IN ('day', 'week', 'month')),
  from_minor bigint,
  to_minor bigint,
  applies_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX gambling_limit_changes_user ON gambling_limit_changes (user_id, created_at DESC);

-- Every break a player took. The one in force is mirrored on the user row.
CREATE TABLE gambling_breaks (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('TIME_OUT', 'SELF_EXCLUSION')),
  period text NOT NULL,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  CONSTRAINT gambling_breaks_order CHECK (ends_at > starts_at)
);
CREATE INDEX gambling_breaks_user ON gambling_breaks (user_id, starts_at DESC);
