-- Moves a player's hold on a reference by p_delta: ledger_move_exposures (the one SQL form of the
-- re-hold rule, which `reHold` in packages/exchange works the delta out for) for a single player.
-- A bet placed alone posts through it (modules/wallet: moveExposure). Its result is
-- ledger_post_transfer's; the caller refuses a zero delta before calling. A change of the result
-- type needs a migration dropping this definition first.

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
  RETURN QUERY SELECT r.result, r.accounts, r.transfer, r.posted_at, r.transfer_domain,
    r.transfer_book, r.short_account, r.short_balance_minor, r.held_minor, r.figures
  FROM ledger_move_exposures(
    ARRAY[p_key], ARRAY[p_reference], ARRAY[p_cash], ARRAY[p_exposure], ARRAY[p_delta]
  ) AS r;
END
$$;
