-- A successful login's writes, together in one call: the new session's refresh token (with the
-- session generation the login read, so a login racing a password change is never honoured) and
-- the attempt. Guards the login path's cost, as login_lookup.sql does: one round trip, and plans
-- kept by PL/pgSQL for the life of the connection.

CREATE OR REPLACE FUNCTION record_login_success(
  p_user_id uuid,
  p_family_id uuid,
  p_token_hash text,
  p_token_expires_at timestamptz,
  p_domain text,
  p_user_name text,
  p_ip text,
  p_browser text,
  p_at timestamptz,
  p_generation integer
)
RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO refresh_tokens (user_id, family_id, token_hash, expires_at, created_at, generation)
  VALUES (p_user_id, p_family_id, p_token_hash, p_token_expires_at, p_at, p_generation);
  INSERT INTO login_attempts (domain, user_name, user_id, ip, browser, result, created_at)
  VALUES (p_domain, p_user_name, p_user_id, p_ip, p_browser, 'Success', p_at);
END
$$;
