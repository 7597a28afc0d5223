-- Sports events, their markets and runners (written by the feed), and the exchange's bets and
-- fills. Money is in minor units; prices are tick indices of the exchange ladder (0 = 1.01,
-- 349 = 1000). Real-money and play-money (demo) bets never meet: every bet carries its book
-- and matching stays within one book.

CREATE TABLE sport_events (
  id bigint GENERATED ALWAYS AS IDENTITY (START WITH 31000001) PRIMARY KEY,
  external_id text NOT NULL UNIQUE CHECK (length(external_id) BETWEEN 1 AND 80),
  sport_id int NOT NULL CHECK (sport_id IN (1, 2, 3, 25, 26)),
  competition text NOT NULL,
  title text NOT NULL,
  participants text[] NOT NULL,
  start_at timestamptz NOT NULL,
  status text NOT NULL CHECK (status IN ('UPCOMING', 'IN_PLAY', 'FINISHED', 'CANCELLED')),
  -- The feed's latest score: { summary, teams: [{ name, score }], commentary: [] }.
  score jsonb,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sport_events_listing ON sport_events (sport_id, status, start_at);

CREATE SEQUENCE market_number START WITH 200000001;

CREATE TABLE markets (
  id text PRIMARY KEY DEFAULT ('1.' || nextval('market_number')),
  event_id bigint NOT NULL REFERENCES sport_events (id),
  -- The feed's name of the market within its event ('match_odds', 'fancy:...').
  market_key text NOT NULL,
  type text NOT NULL CHECK (type IN ('MATCH_ODDS', 'BOOKMAKER', 'FANCY')),
  name text NOT NULL,
  status text NOT NULL CHECK (status IN ('OPEN', 'SUSPENDED', 'CLOSED', 'SETTLED')),
  in_play boolean NOT NULL DEFAULT false,
  bet_delay_seconds int NOT NULL DEFAULT 0 CHECK (bet_delay_seconds BETWEEN 0 AND 30),
  line numeric,
  -- Bets are matched at once or not at all: nothing rests (bookmaker and fancy markets).
  fill_or_kill boolean NOT NULL DEFAULT false,
  sort_order int NOT NULL DEFAULT 0,
  -- Counts suspensions: an in-play bet waits out its delay and is refused when this moved.
  suspensions int NOT NULL DEFAULT 0,
  -- The feed's fair probabilities per runner (in runner order), quoted around by the market maker.
  fair_probabilities double precision[],
  -- Set when settled: the winner, or null for a void market.
  winner_runner_id int,
  settled_at timestamptz,
  UNIQUE (event_id, market_key)
);
CREATE INDEX markets_open ON markets (status) WHERE status IN ('OPEN', 'SUSPENDED');

CREATE TABLE market_runners (
  market_id text NOT NULL REFERENCES markets (id),
  runner_id int NOT NULL CHECK (runner_id > 0),
  name text NOT NULL,
  sort_order int NOT NULL,
  PRIMARY KEY (market_id, runner_id)
);

CREATE TABLE bets (
  id bigint GENERATED ALWAYS AS IDENTITY (START WITH 5000001) PRIMARY KEY,
  market_id text NOT NULL REFERENCES markets (id),
  runner_id int NOT NULL,
  domain text NOT NULL,
  book text NOT NULL CHECK (book IN ('real', 'play')),
  owner_id uuid NOT NULL,
  -- The market maker's quotes: real orders of a house owner, left out of player listings.
  is_house boolean NOT NULL DEFAULT false,
  side text NOT NULL CHECK (side IN ('BACK', 'LAY')),
  price_tick smallint NOT NULL CHECK (price_tick BETWEEN 0 AND 349),
  stake_minor bigint NOT NULL CHECK (stake_minor > 0),
  matched_minor bigint NOT NULL DEFAULT 0 CHECK (matched_minor >= 0),
  -- Taken off the book unmatched: cancelled by the player, killed, or lapsed.
  cancelled_minor bigint NOT NULL DEFAULT 0 CHECK (cancelled_minor >= 0),
  lapsed boolean NOT NULL DEFAULT false,
  -- Sum over fills of stake × price in hundredths, for the average matched price.
  matched_value bigint NOT NULL DEFAULT 0,
  keep_in_play boolean NOT NULL DEFAULT false,
  idempotency_key text,
  placed_at timestamptz NOT NULL DEFAULT now(),
  -- The bet's own result once its market settled (before commission).
  profit_minor bigint,
  settled_at timestamptz,
  CHECK (matched_minor + cancelled_minor <= stake_minor),
  UNIQUE (owner_id, idempotency_key)
);
-- The book: what still rests, per runner and side, in price-time order.
CREATE INDEX bets_resting ON bets (market_id, book, runner_id, side, price_tick, id)
  WHERE matched_minor + cancelled_minor < stake_minor;
CREATE INDEX bets_by_owner ON bets (owner_id, placed_at DESC);
CREATE INDEX bets_by_market_owner ON bets (market_id, owner_id);

CREATE TABLE bet_fills (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  market_id text NOT NULL,
  runner_id int NOT NULL,
  back_bet_id bigint NOT NULL REFERENCES bets (id),
  lay_bet_id bigint NOT NULL REFERENCES bets (id),
  price_tick smallint NOT NULL,
  stake_minor bigint NOT NULL CHECK (stake_minor > 0),
  matched_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX bet_fills_back ON bet_fills (back_bet_id);
CREATE INDEX bet_fills_lay ON bet_fills (lay_bet_id);

-- One row per player and settled market: what the market made or lost them.
CREATE TABLE market_settlements (
  market_id text NOT NULL REFERENCES markets (id),
  owner_id uuid NOT NULL,
  domain text NOT NULL,
  book text NOT NULL,
  is_house boolean NOT NULL DEFAULT false,
  profit_minor bigint NOT NULL,
  commission_minor bigint NOT NULL CHECK (commission_minor >= 0),
  settled_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (market_id, owner_id)
);
CREATE INDEX market_settlements_by_owner ON market_settlements (owner_id, settled_at DESC);
