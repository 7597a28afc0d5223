-- The studio's card tables (modules/house-games/cards): Teen Patti, Andar Bahar and Dragon
-- Tiger. Their round log, enough to replay a disputed round: each round's server seed (kept
-- secret until the round ends, then revealed), the hash published before its betting, the cards
-- and the winner the seed gives (card-fairness.ts of the contract), and every bet with what
-- became of it. A restart finishes from here every round it cut off.

-- A round: BETTING (seed drawn, hash published) → DEALING (betting closed: the deck is fixed by
-- the seed, so a round cut off from here on is completed) → RESULT (winner written, every bet
-- decided) → SETTLED (every bet paid or closed). A round cut off while BETTING is VOIDED (every
-- bet given back). One row per round played, whether or not anyone bet.
CREATE TABLE card_rounds (
  id text PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9._:-]{1,60}$'),
  game_code text NOT NULL CHECK (game_code ~ '^[a-z0-9_]{1,64}$'),
  -- The table's round number: part of the shuffle's HMAC message.
  number integer NOT NULL CHECK (number > 0),
  seed text NOT NULL CHECK (seed ~ '^[0-9a-f]{64}$'),
  seed_hash text NOT NULL CHECK (seed_hash ~ '^[0-9a-f]{64}$'),
  status text NOT NULL CHECK (status IN ('BETTING', 'DEALING', 'RESULT', 'SETTLED', 'VOIDED')),
  betting_ends_at timestamptz NOT NULL,
  dealt_at timestamptz,
  -- The outcome, written when the round is decided: the cards in the order of reveal
  -- ([{position, side, card}]) and the winner.
  winner text CHECK (winner IN ('A', 'B', 'ANDAR', 'BAHAR', 'DRAGON', 'TIGER', 'TIE')),
  cards jsonb,
  -- When the seed was shown to players: until then the studio never sends it.
  revealed_at timestamptz,
  closed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (game_code, number)
);
CREATE INDEX card_rounds_open ON card_rounds (game_code)
  WHERE status IN ('BETTING', 'DEALING', 'RESULT');
CREATE INDEX card_rounds_recent ON card_rounds (game_code, number DESC)
  WHERE revealed_at IS NOT NULL;

-- A bet and what became of it, with the moves of house_game_bets (round-log.ts): PENDING →
-- PLACED | REFUSED | REFUNDING; PLACED → WON (a credit owed: a win, a push or a half-back,
-- `return_minor` > 0) | LOST (a zero credit closing it) | REFUNDING; WON → PAID, LOST → CLOSED,
-- REFUNDING → REFUNDED once the wallet answered. Each bet is its own round at the wallet, named
-- `<card round id>.<suffix>` (the console's round lookup finds them by the round's id).
CREATE TABLE card_bets (
  id text PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9._:-]{1,80}$'),
  round_id text NOT NULL REFERENCES card_rounds (id),
  provider text NOT NULL,
  player_id text NOT NULL,
  player_token text NOT NULL,
  currency text NOT NULL,
  bet_kind text NOT NULL CHECK (bet_kind IN ('A', 'B', 'ANDAR', 'BAHAR', 'DRAGON', 'TIGER', 'TIE')),
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  status text NOT NULL CHECK (status IN ('PENDING', 'PLACED', 'REFUSED', 'WON', 'LOST', 'PAID',
    'CLOSED', 'REFUNDING', 'REFUNDED')),
  -- How the rule table settled it, and what it returned (stake included).
  outcome text CHECK (outcome IN ('WON', 'PUSH', 'HALF_BACK', 'LOST')),
  return_minor bigint CHECK (return_minor >= 0),
  refusal text,
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  closed_at timestamptz
);
CREATE INDEX card_bets_round ON card_bets (round_id);
CREATE INDEX card_bets_unfinished ON card_bets (round_id)
  WHERE status IN ('PENDING', 'PLACED', 'WON', 'LOST', 'REFUNDING');
