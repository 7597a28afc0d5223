-- A login's one read before the password is checked: the account, and whether the address is
-- one the player has logged in from (such an address is counted apart, so failures elsewhere
-- never lock the player out of it). Guards the login
-- path's cost: PGlite runs on the server's main thread, so each statement's parse and plan
-- blocks every other request, and PL/pgSQL keeps its plans for the life of the connection.
-- Failed logins are limited by the abuse-limit counters, reserved before the password is
-- checked, so they are not counted here. A row of nulls after known_address when there is no
-- such user.
-- Its plans find rows by key whatever the statistics say (the SET clauses): on a young database,
-- analyzed while it held a handful of players, the plan made then read every player for each
-- login, as long as the connection lived (login-young-database.test.ts).

CREATE OR REPLACE FUNCTION login_lookup(
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
  expires_at timestamptz,
  betting_locked boolean,
  max_stake_minor bigint,
  password_reset_required boolean,
  play_paused_until timestamptz,
  play_pause_kind text,
  loss_limited boolean,
  token_generation integer
)
LANGUAGE plpgsql STABLE ROWS 1
SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off
AS $$
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
    u.football, u.tennis, u.cricket, u.kabaddi, u.horse_racing, u.stakes, u.expires_at,
    u.betting_locked, u.max_stake_minor, u.password_reset_required, u.play_paused_until,
    u.play_pause_kind, u.loss_limited, u.token_generation
  FROM (SELECT 1) one
  LEFT JOIN users u ON u.domain = p_domain AND lower(u.user_name) = lower(p_user_name);
END
$$;
