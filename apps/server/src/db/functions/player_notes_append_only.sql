-- Operators' notes on a player are a record: a note is never edited or removed (a correction is
-- a new note), and the table is never truncated. A note goes only with its player, when the
-- account itself is deleted (an ended demo account, an abandoned sign-up): the delete that
-- cascades from users runs after the player's row is gone, and only then is it let through.

CREATE OR REPLACE FUNCTION player_notes_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND TG_LEVEL = 'ROW'
    AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = OLD.player_id)
  THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'player notes are append-only: % refused', TG_OP
    USING ERRCODE = 'restrict_violation';
END
$$;

CREATE OR REPLACE TRIGGER player_notes_append_only BEFORE UPDATE OR DELETE ON player_notes
  FOR EACH ROW EXECUTE FUNCTION player_notes_append_only();
CREATE OR REPLACE TRIGGER player_notes_no_truncate BEFORE TRUNCATE ON player_notes
  FOR EACH STATEMENT EXECUTE FUNCTION player_notes_append_only();
