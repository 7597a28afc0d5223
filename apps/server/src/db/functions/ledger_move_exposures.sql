-- Moves several players' holds at once, each by its delta: the one SQL form of the re-hold rule
-- (`reHold` in packages/exchange works the delta out). A positive delta holds that much more out
-- of cash (bet_hold), a negative one releases that much back (bet_release), never more than is
-- held for its reference. Posted together by ledger_post_moves: the batch path of bets
-- (modules/wallet: exposureMovesStatement), and, one at a time, ledger_move_exposure's. Rows are
-- ledger_post_moves's, `n` the move's place in the arrays. The caller refuses a zero delta.
-- (PL/pgSQL, not SQL: its body names a function defined by a later file.)

CREATE OR REPLACE FUNCTION ledger_move_exposures(
  p_keys text[],
  p_references text[],
  p_cash uuid[],
  p_exposure uuid[],
  p_deltas bigint[]
) RETURNS TABLE (
  n int,
  result text,
  accounts uuid[],
  transfer uuid,
  posted_at timestamptz,
  transfer_domain text,
  transfer_book text,
  short_account uuid,
  short_balance_minor bigint,
  held_minor bigint,
  figures jsonb
) LANGUAGE plpgsql AS $$
BEGIN
  RETURN QUERY SELECT * FROM ledger_post_moves(
    p_keys,
    ARRAY(SELECT CASE WHEN d > 0 THEN 'bet_hold' ELSE 'bet_release' END
      FROM unnest(p_deltas) WITH ORDINALITY AS m (d, i) ORDER BY i),
    p_references,
    ARRAY(SELECT CASE WHEN m.d > 0 THEN m.cash ELSE m.exposure END
      FROM unnest(p_deltas, p_cash, p_exposure) WITH ORDINALITY AS m (d, cash, exposure, i)
      ORDER BY i),
    ARRAY(SELECT CASE WHEN m.d > 0 THEN m.exposure ELSE m.cash END
      FROM unnest(p_deltas, p_cash, p_exposure) WITH ORDINALITY AS m (d, cash, exposure, i)
      ORDER BY i),
    ARRAY(SELECT abs(d) FROM unnest(p_deltas) WITH ORDINALITY AS m (d, i) ORDER BY i),
    ARRAY(SELECT CASE WHEN m.d > 0 THEN NULL ELSE m.exposure END
      FROM unnest(p_deltas, p_exposure) WITH ORDINALITY AS m (d, exposure, i) ORDER BY i),
    ARRAY(SELECT CASE WHEN d > 0 THEN NULL ELSE 'covers' END
      FROM unnest(p_deltas) WITH ORDINALITY AS m (d, i) ORDER BY i),
    ARRAY(SELECT CASE WHEN d > 0 THEN NULL ELSE abs(d) END
      FROM unnest(p_deltas) WITH ORDINALITY AS m (d, i) ORDER BY i)
  );
END
$$;
