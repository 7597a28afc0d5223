-- Counts several uses of abuse limits in one call, each exactly as rate_limit_take counts it
-- alone, one after another in the order given: p_keys holds every use's window keys, a use's
-- keys side by side (in its windows' order) and p_uses[i] naming the use of p_keys[i]. One call
-- saves a round trip and a statement per use when many requests come at once.
-- Callers give the uses sorted by their first key (a stable sort, so one key's uses keep their
-- order): every call then locks counters in one order, and two calls sharing keys wait for each
-- other instead of deadlocking. Locks are held to the end of the call.
-- Answers each key's count with its use counted and when its window ends, `n` its place in
-- p_keys (from 1).

CREATE OR REPLACE FUNCTION rate_limit_take_uses(
  p_keys text[],
  p_uses int[],
  p_expires bigint[],
  p_points int[],
  p_now bigint
)
RETURNS TABLE (n int, points int, expire bigint) LANGUAGE plpgsql AS $$
DECLARE
  v_count int := coalesce(cardinality(p_keys), 0);
  v_from int := 1;
  v_to int;
BEGIN
  WHILE v_from <= v_count LOOP
    v_to := v_from;
    WHILE v_to < v_count AND p_uses[v_to + 1] = p_uses[v_from] LOOP
      v_to := v_to + 1;
    END LOOP;
    RETURN QUERY
      SELECT (v_from - 1 + t.n)::int, t.points, t.expire
      FROM rate_limit_take(
        p_keys[v_from:v_to], p_expires[v_from:v_to], p_points[v_from:v_to], p_now
      ) AS t;
    v_from := v_to + 1;
  END LOOP;
END
$$;
