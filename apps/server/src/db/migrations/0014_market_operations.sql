-- Operators' market operations (modules/exchange/market-operations.ts): suspending and resuming
-- a market by hand, settling or voiding it by hand, correcting a wrong settlement, and the
-- operator's view of a market's book.

-- Who holds a market suspended. The feed suspends and resumes markets as play goes (a goal, a
-- wicket); an operator suspends one for reasons of their own (a dispute, a suspicious pattern).
-- Each lifts only its own hold, and a market reopens only when neither holds it, so the feed's
-- next resume never reopens a market an operator suspended, and an operator's resume never
-- opens one the feed is holding while play moves (its prices would be stale).
-- `status` stays what every reader reads: SUSPENDED exactly when either holds an open market.
ALTER TABLE markets
  ADD COLUMN feed_suspended boolean NOT NULL DEFAULT false,
  ADD COLUMN operator_suspended boolean NOT NULL DEFAULT false;
-- Until now only the feed suspended markets.
UPDATE markets SET feed_suspended = true WHERE status = 'SUSPENDED';

-- Every settlement a market had, oldest first: its settlement (or void), then one row per
-- correction. Rows are only ever added: the market's current result is the newest row's.
CREATE TABLE market_settlement_runs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  market_id text NOT NULL REFERENCES markets (id),
  -- 1 for the first settlement, one more for each correction.
  seq int NOT NULL CHECK (seq > 0),
  kind text NOT NULL CHECK (kind IN ('settle', 'void', 'correction')),
  -- The result this run applied: the winner, or null for void.
  winner_runner_id int,
  -- Who settled: the feed, or an operator (by id and name as they were at the time).
  source text NOT NULL CHECK (source IN ('feed', 'operator')),
  operator_id uuid,
  operator_name text,
  reason text,
  at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (market_id, seq),
  CHECK ((source = 'operator') = (operator_name IS NOT NULL)),
  CHECK (kind <> 'settle' OR winner_runner_id IS NOT NULL),
  CHECK (kind <> 'void' OR winner_runner_id IS NULL),
  CHECK ((kind = 'correction') = (seq > 1))
);

-- Markets settled before this migration were settled by the feed.
INSERT INTO market_settlement_runs (market_id, seq, kind, winner_runner_id, source, at)
SELECT id, 1, CASE WHEN winner_runner_id IS NULL THEN 'void' ELSE 'settle' END,
  winner_runner_id, 'feed', coalesce(settled_at, now())
FROM markets WHERE status = 'SETTLED';

-- market_settlements keeps one row per player and market, the figures in force (what players'
-- profit and loss pages read). A correction first copies the figures it replaces here, under
-- the run that had applied them, then updates the row: no figure that was ever applied is lost,
-- and the ledger holds the reversing transfers themselves. A demo player's rows go with their
-- market_settlements row when the player is retired.
CREATE TABLE market_settlements_superseded (
  market_id text NOT NULL,
  owner_id uuid NOT NULL,
  -- The run whose figures these were (a later run replaced them).
  seq int NOT NULL CHECK (seq > 0),
  profit_minor bigint NOT NULL,
  commission_minor bigint NOT NULL CHECK (commission_minor >= 0),
  superseded_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (market_id, owner_id, seq),
  FOREIGN KEY (market_id, owner_id) REFERENCES market_settlements (market_id, owner_id)
    ON DELETE CASCADE
);

-- A market's fills, found without scanning every fill (settlement and the operator's book).
CREATE INDEX bet_fills_market ON bet_fills (market_id);
-- A market's real-money bets of players, newest first, without the market maker's many quotes
-- (the operator's book lists and counts them).
CREATE INDEX bets_market_players ON bets (market_id, id) WHERE book = 'real' AND NOT is_house;
-- A market's matched real-money volume: its matched back bets, players' and the market maker's
-- (every fill has one backer), without the unmatched quotes.
CREATE INDEX bets_market_matched_back ON bets (market_id) INCLUDE (matched_minor)
  WHERE book = 'real' AND side = 'BACK' AND matched_minor > 0;
