-- What a player did to their account besides logging in (login attempts keep their own rows):
-- a password change, limits set, a time-out or self-exclusion, each with the address and browser
-- it came from, so the player's activity log can show where every change was made. Kept as long
-- as login attempts are (the account housekeeping deletes both after the same days).
CREATE TABLE account_activity (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  domain text NOT NULL,
  activity text NOT NULL
    CHECK (activity IN ('PASSWORD_CHANGED', 'LIMITS_CHANGED', 'TIME_OUT', 'SELF_EXCLUSION')),
  ip text NOT NULL,
  browser text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX account_activity_user ON account_activity (user_id, created_at DESC, id DESC);
CREATE INDEX account_activity_created ON account_activity (created_at);
