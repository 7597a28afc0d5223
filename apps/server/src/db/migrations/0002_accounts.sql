-- Player accounts, sessions and their security records. Every player belongs to one domain.

CREATE TABLE server_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  domain text NOT NULL,
  user_name text NOT NULL,
  mobile text,
  password_hash text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending_verification', 'active', 'disabled')),
  is_demo boolean NOT NULL DEFAULT false,
  football boolean NOT NULL DEFAULT true,
  tennis boolean NOT NULL DEFAULT true,
  cricket boolean NOT NULL DEFAULT true,
  kabaddi boolean NOT NULL DEFAULT true,
  horse_racing boolean NOT NULL DEFAULT true,
  stakes jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Demo accounts end; their play money goes with them.
  expires_at timestamptz,
  CHECK (is_demo = (expires_at IS NOT NULL))
);
CREATE UNIQUE INDEX users_domain_user_name ON users (domain, lower(user_name));
CREATE INDEX users_demo_expiry ON users (expires_at) WHERE is_demo;

CREATE TABLE refresh_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- Every rotation of one login shares a family; reuse of a rotated token revokes it whole.
  family_id uuid NOT NULL,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  rotated_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX refresh_tokens_family ON refresh_tokens (family_id);
CREATE INDEX refresh_tokens_user ON refresh_tokens (user_id);

CREATE TABLE login_attempts (
  id bigserial PRIMARY KEY,
  domain text NOT NULL,
  user_name text NOT NULL,
  user_id uuid REFERENCES users (id) ON DELETE CASCADE,
  ip text NOT NULL,
  browser text NOT NULL,
  result text NOT NULL CHECK (result IN ('Success', 'Failed', 'Blocked')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_attempts_account ON login_attempts (domain, lower(user_name), created_at);
CREATE INDEX login_attempts_ip ON login_attempts (ip, created_at);
CREATE INDEX login_attempts_user ON login_attempts (user_id, created_at DESC);

CREATE TABLE verification_codes (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  sent_at timestamptz NOT NULL,
  send_count integer NOT NULL DEFAULT 1,
  failed_checks integer NOT NULL DEFAULT 0
);

-- Messages that would go to players' phones while no SMS provider is configured.
CREATE TABLE sms_outbox (
  id bigserial PRIMARY KEY,
  domain text NOT NULL,
  mobile text NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Operators' sites that may hand a player over with an authorization code (RFC 6749 §4.1).
CREATE TABLE oauth_clients (
  client_id text PRIMARY KEY,
  domain text NOT NULL,
  secret_hash text NOT NULL,
  redirect_uris text[] NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE oauth_codes (
  code_hash text PRIMARY KEY,
  client_id text NOT NULL REFERENCES oauth_clients (client_id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  redirect_uri text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
