-- Login costs two round trips: one check before the password is verified, one write after.
-- PGlite runs on the server's main thread, so each statement's parse and plan blocks every
-- other request; PL/pgSQL keeps its plans for the life of the connection.

-- The throttle only counts failed attempts and looks for a past success from the same
-- address; partial indexes keep a busy shared address's other rows out of both scans.
DROP INDEX login_attempts_account;
DROP INDEX login_attempts_ip;
CREATE INDEX login_attempts_failed_account ON login_attempts (domain, lower(user_name), created_at)
  WHERE result = 'Failed';
CREATE INDEX login_attempts_failed_ip ON login_attempts (ip, created_at) WHERE result = 'Failed';
CREATE INDEX login_attempts_known_address ON login_attempts (domain, lower(user_name), ip, created_at)
  WHERE result = 'Success';

-- The failed attempts within the window (per account and address, per address, per account,
-- each with its oldest), whether the address has logged in to the account before, and the
-- account itself: a row of nulls after known_address when there is no such user.
CREATE FUNCTION login_check(
  p_domain text,
  p_user_name text,
  p_ip text,
  p_failed_since timestamptz,
  p_known_since timestamptz
)
RETURNS TABLE (
  failed_account_ip int,
  failed_ip int,
  failed_account int,
  oldest_account_ip timestamptz,
  oldest_ip timestamptz,
  oldest_account timestamptz,
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
  SELECT t.*, u.id, u.domain, u.user_name, u.mobile, u.password_hash, u.status, u.is_demo,
         u.football, u.tennis, u.cricket, u.kabaddi, u.horse_racing, u.stakes, u.expires_at
  FROM (
    SELECT
      (count(*) FILTER (WHERE r.account AND r.ip_match))::int AS n_account_ip,
      (count(*) FILTER (WHERE r.ip_match))::int AS n_ip,
      (count(*) FILTER (WHERE r.account))::int AS n_account,
      min(r.created_at) FILTER (WHERE r.account AND r.ip_match) AS min_account_ip,
      min(r.created_at) FILTER (WHERE r.ip_match) AS min_ip,
      min(r.created_at) FILTER (WHERE r.account) AS min_account,
      EXISTS (
        SELECT 1 FROM login_attempts k
        WHERE k.domain = p_domain AND lower(k.user_name) = lower(p_user_name) AND k.ip = p_ip
          AND k.result = 'Success' AND k.created_at >= p_known_since
      ) AS known
    FROM (
      SELECT a.created_at,
             (a.domain = p_domain AND lower(a.user_name) = lower(p_user_name)) AS account,
             (a.ip = p_ip) AS ip_match
      FROM login_attempts a
      WHERE a.result = 'Failed' AND a.created_at >= p_failed_since
        AND ((a.domain = p_domain AND lower(a.user_name) = lower(p_user_name)) OR a.ip = p_ip)
    ) r
  ) t
  LEFT JOIN users u ON u.domain = p_domain AND lower(u.user_name) = lower(p_user_name);
END
$$;

-- A successful login's writes: the new session's refresh token and the attempt, together.
CREATE FUNCTION record_login_success(
  p_user_id uuid,
  p_family_id uuid,
  p_token_hash text,
  p_token_expires_at timestamptz,
  p_domain text,
  p_user_name text,
  p_ip text,
  p_browser text,
  p_at timestamptz
)
RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO refresh_tokens (user_id, family_id, token_hash, expires_at, created_at)
  VALUES (p_user_id, p_family_id, p_token_hash, p_token_expires_at, p_at);
  INSERT INTO login_attempts (domain, user_name, user_id, ip, browser, result, created_at)
  VALUES (p_domain, p_user_name, p_user_id, p_ip, p_browser, 'Success', p_at);
END
$$;
