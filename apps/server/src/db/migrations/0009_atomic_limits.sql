-- Counters of the abuse limits when they live in PostgreSQL (no Redis configured): one row per
-- limit window and key, incremented atomically by an upsert. `expire` is when the window ends,
-- in milliseconds since 1970; ended rows are deleted by the server's housekeeping.
-- Unlogged: a count is worth no write-ahead log or flush on the hot path of every bet, and a
-- crash that empties the table only gives everyone a fresh window.
CREATE UNLOGGED TABLE rate_limits (
  key varchar(255) PRIMARY KEY,
  points integer NOT NULL DEFAULT 0,
  expire bigint
);
CREATE INDEX rate_limits_expire ON rate_limits (expire);

-- Failed logins are now limited by those counters, reserved before the password is checked,
-- so a burst of parallel guesses cannot all pass a check that counts the attempts already
-- recorded. The login needs only the account and whether the address is one the player has
-- logged in from (such an address is never locked out).
DROP FUNCTION IF EXISTS login_check(text, text, text, timestamptz, timestamptz);
DROP INDEX login_attempts_failed_account;
DROP INDEX login_attempts_failed_ip;

-- The new lookup, login_lookup, is defined in db/functions/.
