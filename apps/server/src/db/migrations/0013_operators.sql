-- The operator back office: operators (never players), their two-factor enrolment, sessions
-- and recovery codes, and the audit log of everything they do.

CREATE TABLE operators (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_name text NOT NULL,
  role text NOT NULL CHECK (role IN ('owner', 'brand_admin', 'finance', 'trader', 'support')),
  -- The brands the role covers; NULL: every brand (always so for an owner).
  brands text[] CHECK (brands IS NULL OR cardinality(brands) > 0),
  -- Both NULL until the operator completes an enrolment link.
  password_hash text,
  totp_secret_sealed text,
  -- The last TOTP time step that signed in: a code is good once, and never an older one.
  totp_last_step bigint NOT NULL DEFAULT 0,
  enrolled_at timestamptz,
  disabled boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_sign_in_at timestamptz,
  CHECK (role <> 'owner' OR brands IS NULL),
  CHECK ((enrolled_at IS NULL) = (password_hash IS NULL)),
  CHECK ((enrolled_at IS NULL) = (totp_secret_sealed IS NULL))
);
CREATE UNIQUE INDEX operators_user_name ON operators (lower(user_name));

-- A one-time link that sets an operator's password and TOTP secret. Only its hash is kept.
CREATE TABLE operator_enrolments (
  token_hash text PRIMARY KEY,
  operator_id uuid NOT NULL REFERENCES operators (id) ON DELETE CASCADE,
  totp_secret_sealed text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX operator_enrolments_operator ON operator_enrolments (operator_id);

CREATE TABLE operator_recovery_codes (
  operator_id uuid NOT NULL REFERENCES operators (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz,
  PRIMARY KEY (operator_id, code_hash)
);

CREATE TABLE operator_sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  operator_id uuid NOT NULL REFERENCES operators (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  ip text NOT NULL,
  browser text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX operator_sessions_operator ON operator_sessions (operator_id, created_at DESC);

-- Every operator action, append-only (db/functions/audit_log_append_only.sql): who, when,
-- from where, what, and the values before and after.
CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  operator_id uuid REFERENCES operators (id),
  operator_name text NOT NULL,
  ip text NOT NULL,
  action text NOT NULL,
  brand text,
  target_type text NOT NULL,
  target_id text NOT NULL,
  before jsonb,
  after jsonb
);
CREATE INDEX audit_log_operator ON audit_log (lower(operator_name), id DESC);
CREATE INDEX audit_log_action ON audit_log (action, id DESC);
CREATE INDEX audit_log_brand ON audit_log (brand, id DESC);
CREATE INDEX audit_log_target ON audit_log (target_id, id DESC);
