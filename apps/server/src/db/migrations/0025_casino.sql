-- The casino: providers reached through a launch call and the seamless-wallet callbacks they
-- make (modules/casino). Money never lives here: every bet, win and refund is a wallet transfer
-- (casino_bet, casino_win, casino_refund); these tables say which provider, game, round and
-- callback it belonged to, and what each callback was answered.

-- Providers are configured, not coded: seeded from config/domains/casino-games.json on a
-- fresh install, then changed by owners in the console. A null base URL is the built-in
-- studio's same-origin path (/games/<code>/); a null test base URL is the built-in test
-- provider on test, localhost and preview hosts. Signing secrets are not here: they come from
-- CASINO_<CODE>_SECRET, or are generated once and kept in server_secrets.
CREATE TABLE casino_providers (
  code text PRIMARY KEY CHECK (code ~ '^[a-z][a-z0-9-]{1,30}$'),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  base_url text CHECK (length(base_url) <= 300),
  test_base_url text CHECK (length(test_base_url) <= 300),
  operator_id text NOT NULL CHECK (length(operator_id) BETWEEN 1 AND 64),
  currency text NOT NULL DEFAULT 'INR' CHECK (currency ~ '^[A-Z]{3}$'),
  enabled boolean NOT NULL DEFAULT true,
  version integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The catalogue every brand chooses from (seeded from the same file; the spec's gameId is the
-- number a launch request names).
CREATE TABLE casino_games (
  game_code text PRIMARY KEY CHECK (game_code ~ '^[a-z0-9_]{1,64}$'),
  game_id integer NOT NULL UNIQUE CHECK (game_id >= 0),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  provider text NOT NULL REFERENCES casino_providers (code),
  category text NOT NULL CHECK (length(category) BETWEEN 1 AND 30),
  image text NOT NULL,
  position integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A brand's casino switch, and the version its catalogue edits are made on. No row: on.
CREATE TABLE casino_brand_settings (
  domain text PRIMARY KEY,
  enabled boolean NOT NULL DEFAULT true,
  version integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Which games a brand offers, in which order. A game without a row is offered, after those
-- with one, in the catalogue's order.
CREATE TABLE casino_brand_games (
  domain text NOT NULL,
  game_code text NOT NULL REFERENCES casino_games (game_code),
  enabled boolean NOT NULL,
  position integer NOT NULL,
  PRIMARY KEY (domain, game_code)
);

-- A player's casino switch, set by an operator. No row: on.
CREATE TABLE casino_player_switches (
  player_id uuid PRIMARY KEY,
  domain text NOT NULL,
  enabled boolean NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- A launch: the player token a game URL carried (only its SHA-256 is kept), bound to the
-- player, the provider, the game (null: the provider's lobby) and the currency, until it
-- expires or the player's sessions end (their session generation moves on).
CREATE TABLE casino_launches (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  token_hash text NOT NULL UNIQUE,
  provider text NOT NULL REFERENCES casino_providers (code),
  domain text NOT NULL,
  player_id uuid NOT NULL,
  book text NOT NULL CHECK (book IN ('real', 'play')),
  game_code text REFERENCES casino_games (game_code),
  currency text NOT NULL,
  language text NOT NULL,
  session_generation integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX casino_launches_player ON casino_launches (player_id, created_at DESC);

-- A round, opened by its first debit. Its status moves only through the round's table of
-- allowed moves (modules/casino/rounds.ts), under its row lock. Amounts are minor units of the
-- player's book: what was staked, won, and given back by rollbacks.
CREATE TABLE casino_rounds (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  provider text NOT NULL REFERENCES casino_providers (code),
  round_id text NOT NULL,
  launch_id uuid NOT NULL REFERENCES casino_launches (id),
  domain text NOT NULL,
  player_id uuid NOT NULL,
  book text NOT NULL CHECK (book IN ('real', 'play')),
  game_code text NOT NULL REFERENCES casino_games (game_code),
  status text NOT NULL CHECK (status IN ('OPEN', 'SETTLED', 'VOIDED')),
  stake_minor bigint NOT NULL DEFAULT 0 CHECK (stake_minor >= 0),
  win_minor bigint NOT NULL DEFAULT 0 CHECK (win_minor >= 0),
  refund_minor bigint NOT NULL DEFAULT 0 CHECK (refund_minor >= 0 AND refund_minor <= stake_minor),
  created_at timestamptz NOT NULL DEFAULT now(),
  closed_at timestamptz,
  UNIQUE (provider, round_id)
);
CREATE INDEX casino_rounds_player ON casino_rounds (player_id, created_at DESC);
CREATE INDEX casino_rounds_figures ON casino_rounds (created_at, domain) WHERE book = 'real';

-- Every callback that moved money or was refused for a reason of its own, by the provider's
-- transaction id: what it asked (a digest of its content, to tell a repeat from a reuse) and
-- what it was answered, so a repeat is answered the same. A rollback of a debit never seen
-- leaves a row under that debit's id (kind 'debit', outcome TRANSACTION_ROLLED_BACK, no digest),
-- so the debit, should it come late, is refused.
CREATE TABLE casino_transactions (
  provider text NOT NULL,
  transaction_id text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('debit', 'credit', 'rollback')),
  round uuid REFERENCES casino_rounds (id),
  round_id text NOT NULL,
  reference_transaction_id text,
  amount_minor bigint NOT NULL DEFAULT 0 CHECK (amount_minor >= 0),
  digest text,
  outcome text NOT NULL,
  answer jsonb NOT NULL,
  -- A debit given back: the rollback's transaction id.
  rolled_back_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, transaction_id)
);
CREATE INDEX casino_transactions_round ON casino_transactions (round) WHERE round IS NOT NULL;

-- A player's casino play, as their loss limits count it (wallet's casinoResultSince): the
-- ledger entries of casino movements, whose references all start `casino:`. Partial, so a
-- player who never played finds nothing at once, however long their history.
CREATE INDEX ledger_entries_casino ON ledger_entries (account_id) INCLUDE (transfer_id, amount_minor)
  WHERE reference LIKE 'casino:%';
