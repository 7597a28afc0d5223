-- The built-in games studio (modules/house-games): a casino provider of Backlay's own, which
-- reaches Backlay's money only through the signed wallet callbacks, like any outside provider.
-- These are the studio's own records, its round log: enough to replay a disputed round (the
-- chain's seed, each round's hash and result, every bet and what became of it) and to finish
-- at start-up a round a restart cut off (pay what was decided, give back the rest).

-- A provably fair hash chain: the secret seed c(0), hashed `length` times into the terminating
-- hash c(length), published before the chain's first round. Round n plays c(length - n).
CREATE TABLE house_game_chains (
  id serial PRIMARY KEY,
  game_code text NOT NULL CHECK (game_code ~ '^[a-z0-9_]{1,64}$'),
  seed text NOT NULL CHECK (seed ~ '^[0-9a-f]{64}$'),
  terminating_hash text NOT NULL UNIQUE CHECK (terminating_hash ~ '^[0-9a-f]{64}$'),
  salt text NOT NULL CHECK (length(salt) <= 200),
  house_edge_bp integer NOT NULL CHECK (house_edge_bp BETWEEN 0 AND 1000),
  length integer NOT NULL CHECK (length > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Set when no more rounds are played from it (played out, or replaced after a change of
  -- the table's edge, salt or length).
  retired_at timestamptz
);
CREATE INDEX house_game_chains_current ON house_game_chains (game_code, id DESC)
  WHERE retired_at IS NULL;

-- A round: its place in its chain, its hash and crash point (fixed by the chain before play),
-- and its phase. BETTING → RUNNING → CRASHED → SETTLED (every bet paid or closed); a round a
-- restart cut off before its crash is VOIDED (every bet still in given back). A round is written
-- with its first bet; one nobody bet on is written once, SETTLED, when it crashes.
CREATE TABLE house_game_rounds (
  id text PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9._:-]{1,60}$'),
  game_code text NOT NULL,
  chain_id integer NOT NULL REFERENCES house_game_chains (id),
  number integer NOT NULL CHECK (number > 0),
  hash text NOT NULL CHECK (hash ~ '^[0-9a-f]{64}$'),
  crash_point_centi integer NOT NULL CHECK (crash_point_centi >= 100),
  status text NOT NULL CHECK (status IN ('BETTING', 'RUNNING', 'CRASHED', 'SETTLED', 'VOIDED')),
  betting_ends_at timestamptz NOT NULL,
  started_at timestamptz,
  crashed_at timestamptz,
  closed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (chain_id, number)
);
CREATE INDEX house_game_rounds_open ON house_game_rounds (game_code)
  WHERE status IN ('BETTING', 'RUNNING', 'CRASHED');
CREATE INDEX house_game_rounds_recent ON house_game_rounds (game_code, crashed_at DESC)
  WHERE crashed_at IS NOT NULL;

-- A bet, and what became of it (modules/house-games/round-log.ts has the table of moves):
-- PENDING (its debit is being sent) → PLACED (debited), REFUSED (the wallet refused it: nothing
-- moved) or REFUNDING (the debit's fate unknown: to be given back);
-- PLACED → WON (cashed out: the win to be credited), LOST (still in at the crash: a zero credit
-- to close it) or REFUNDING (cancelled by the player in the betting window, or its round cut
-- off by a restart before the crash);
-- WON → PAID, LOST → CLOSED and REFUNDING → REFUNDED once the wallet answered the callback.
-- A decision is written before its callback goes, so a restart finishes each bet the way it
-- was decided. Each bet is its own round at the wallet: the callbacks' round id is the bet's
-- id, `<studio round id>.<suffix>`, so one slot's cancel never touches the other's and the
-- studio's round id leads every one of them.
-- The player token is the launch URL's: the callbacks must carry it, so the studio keeps it, as
-- an outside provider would in its own database.
CREATE TABLE house_game_bets (
  id text PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9._:-]{1,80}$'),
  round_id text NOT NULL REFERENCES house_game_rounds (id),
  provider text NOT NULL,
  player_id text NOT NULL,
  player_token text NOT NULL,
  currency text NOT NULL,
  slot smallint NOT NULL CHECK (slot IN (1, 2)),
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  auto_cash_out_centi integer CHECK (auto_cash_out_centi >= 101),
  status text NOT NULL CHECK (status IN ('PENDING', 'PLACED', 'REFUSED', 'WON', 'LOST', 'PAID',
    'CLOSED', 'REFUNDING', 'REFUNDED')),
  cashed_out_centi integer CHECK (cashed_out_centi >= 100),
  cash_out_reason text CHECK (cash_out_reason IN ('MANUAL', 'AUTO', 'MAX_WIN')),
  win_minor bigint CHECK (win_minor >= 0),
  -- The wallet's refusal code of a REFUSED bet.
  refusal text,
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  closed_at timestamptz
);
-- Two slots per player per round: a slot is free again once its bet was refused or is being
-- (or was) given back.
CREATE UNIQUE INDEX house_game_bets_slot ON house_game_bets (round_id, provider, player_id, slot)
  WHERE status NOT IN ('REFUSED', 'REFUNDING', 'REFUNDED');
CREATE INDEX house_game_bets_round ON house_game_bets (round_id);
CREATE INDEX house_game_bets_unfinished ON house_game_bets (round_id)
  WHERE status IN ('PENDING', 'PLACED', 'WON', 'LOST', 'REFUNDING');
