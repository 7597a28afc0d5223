-- Moves a player's hold on a reference by p_delta, the one SQL form of the re-hold rule
-- (`reHold` in packages/exchange works the delta out): a positive delta holds that much more
-- out of cash (bet_hold), a negative one releases that much back (bet_release), never more than
-- is held for the reference. A bet placed alone and a batch of bets both post through it
-- (modules/wallet: moveExposure and exposureMovesStatement). Its result is ledger_post_transfer's;
-- the caller refuses a zero delta before calling. A change of the result type needs a migration
-- dropping this definition first.

CREATE OR REPLACE FUNCTION ledger_move_exposure(
  p_key text,
  p_reference text,
  p_cash uuid,
  p_exposure uuid,
  p_delta bigint
) RETURNS TABLE (
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
  RETURN QUERY SELECT * FROM ledger_post_transfer(
    p_key,
    CASE WHEN p_delta > 0 THEN 'bet_hold' ELSE 'bet_release' END,
    p_reference,
    CASE WHEN p_delta > 0 THEN ARRAY[p_cash, p_exposure] ELSE ARRAY[p_exposure, p_cash] END,
    ARRAY[-abs(p_delta), abs(p_delta)]::bigint[],
    CASE WHEN p_delta > 0 THEN NULL::uuid ELSE p_exposure END,
    CASE WHEN p_delta > 0 THEN NULL ELSE 'covers' END,
    CASE WHEN p_delta > 0 THEN NULL ELSE abs(p_delta) END
  );
END
$$;
