-- Fails the statement (and so its transaction) unless it wrote as many rows as it meant to: the
-- check of a write queued to travel with COMMIT, whose result nobody reads before it commits.

CREATE OR REPLACE FUNCTION expect_rows(p_written bigint, p_expected bigint, p_what text)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_written IS DISTINCT FROM p_expected THEN
    RAISE EXCEPTION '%: % rows written, % expected', p_what, p_written, p_expected;
  END IF;
END
$$;
