-- Why the feed holds a market suspended, as players read it ('Ball running' while a cricket ball
-- is in play, 'Wicket', 'Goal'). Set when the feed suspends the market and cleared when the feed
-- lifts its hold; an operator's suspension from the back office gives none, so the column is
-- NULL whenever the feed does not hold the market.
ALTER TABLE markets ADD COLUMN suspended_reason text
  CHECK (length(suspended_reason) BETWEEN 1 AND 80);
ALTER TABLE markets ADD CONSTRAINT markets_suspended_reason_held
  CHECK (suspended_reason IS NULL OR feed_suspended);
