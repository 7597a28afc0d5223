-- Counts one use in every window of an abuse limit (p_keys, in the windows' order, each window
-- ending at p_expires[i] if it starts now, holding p_points[i]) in one step: each counter is
-- incremented under its row lock (a counter whose window ended starts again at 1), and when any
-- is over its points the use is given back from every window that had room, before the locks
-- are let go, so no other use ever sees a refused one counted where it had room. Answers each
-- window's count with the use counted and when its window ends (ms since 1970).

CREATE OR REPLACE FUNCTION rate_limit_take(
  p_keys text[],
  p_expires bigint[],
  p_points int[],
  p_now bigint
)
RETURNS TABLE (n int, points int, expire bigint) LANGUAGE plpgsql AS $$
DECLARE
  v_points int[] := '{}';
  v_expires bigint[] := '{}';
  v_point int;
  v_expire bigint;
  v_over boolean := false;
BEGIN
  FOR i IN 1 .. cardinality(p_keys) LOOP
    INSERT INTO rate_limits AS c (key, points, expire)
    VALUES (p_keys[i], 1, p_expires[i])
    ON CONFLICT (key) DO UPDATE SET
      points = CASE WHEN c.expire IS NULL OR c.expire <= p_now THEN 1 ELSE c.points + 1 END,
      expire = CASE WHEN c.expire IS NULL OR c.expire <= p_now THEN excluded.expire
        ELSE c.expire END
    RETURNING c.points, c.expire INTO v_point, v_expire;
    v_points := v_points || v_point;
    v_expires := v_expires || v_expire;
    v_over := v_over OR v_point > p_points[i];
  END LOOP;
  IF v_over THEN
    UPDATE rate_limits SET points = rate_limits.points - 1
    FROM unnest(p_keys, v_points, p_points) AS w (key, counted, allowed)
    WHERE rate_limits.key = w.key AND w.counted <= w.allowed;
  END IF;
  RETURN QUERY
    SELECT w.n::int, w.counted, w.expire
    FROM unnest(v_points, v_expires) WITH ORDINALITY AS w (counted, expire, n);
END
$$;
