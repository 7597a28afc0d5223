-- What each settled market counted towards each betting bonus (modules/bonus/wagering.ts), so a
-- correction of the market's result can take back exactly that count and a recount never counts
-- the market twice. Written by the settlement's count in one multi-row statement per market;
-- a correction to void deletes the rows of the bonuses whose count it took back. The key leads
-- with the market: a correction reads one market's rows, and a count's conflict check probes the
-- same key. No reference to markets: a count is the bonus module's record of what it added, kept
-- with the bonus.
CREATE TABLE bonus_wagering_counts (
  market_id text NOT NULL,
  bonus_id uuid NOT NULL REFERENCES player_bonuses (id),
  counted_minor bigint NOT NULL CHECK (counted_minor > 0),
  PRIMARY KEY (market_id, bonus_id)
);
