-- The clock of the ground an event is played at (an IANA zone such as 'Europe/London'), so a page
-- can give the venue's time beside the player's when they differ. NULL for events the feed
-- announced before it knew venues: the page then gives the player's time alone.
ALTER TABLE sport_events ADD COLUMN venue_time_zone text
  CHECK (length(venue_time_zone) BETWEEN 1 AND 64);
