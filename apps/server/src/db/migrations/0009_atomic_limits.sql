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
DROP FUNCTION login_check(text, text, text, timestamptz, timestamptz);
DROP INDEX login_attempts_failed_account;
DROP INDEX login_attempts_failed_ip;

CREATE FUNCTION login_lookup(
  p_domain text,
  p_user_name text,
  p_ip text,
  p_known_since timestamptz
)
RETURNS TABLE (
  known_address boolean,
  id uuid,
  domain text,
  user_name text,
  mobile text,
  password_hash text,
  status text,
  is_demo boolean,
  football boolean,
  tennis boolean,
  cricket boolean,
  kabaddi boolean,
  horse_racing boolean,
  stakes jsonb,
  expires_at timestamptz
)
LANGUAGE plpgsql STABLE ROWS 1 AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  SELECT
    EXISTS (
      SELECT 1 FROM login_attempts k
      WHERE k.domain = p_domain AND lower(k.user_name) = lower(p_user_name) AND k.ip = p_ip
        AND k.result = 'Success' AND k.created_at >= p_known_since
    ),
    u.id, u.domain, u.user_name, u.mobile, u.password_hash, u.status, u.is_demo,
    u.football, u.tennis, u.cricket, u.kabaddi, u.horse_racing, u.stakes, u.expires_at
  FROM (SELECT 1) one
  LEFT JOIN users u ON u.domain = p_domain AND lower(u.user_name) = lower(p_user_name);
END
$$;
