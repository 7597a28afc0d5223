-- Counts several uses of abuse limits in one call, each exactly as rate_limit_take counts it
-- alone, one after another in the order given: p_keys holds every use's window keys, a use's
-- keys side by side (in its windows' order) and p_uses[i] naming the use of p_keys[i]. One call
-- saves a round trip and a statement per use when many requests come at once.
-- Callers give the uses sorted by their first key (a stable sort, so one key's uses keep their
-- order): every call then locks counters in one order, and two calls sharing keys wait for each
-- other instead of deadlocking. Locks are held to the end of the call.
-- Answers each key's count with its use counted and when its window ends, `n` its place in
-- p_keys (from 1).
-- Set-wise: one upsert counts every use of each key at once, locking the keys in the order of
-- their first use (the order counting them one by one locked them in), and tells each key's count
-- before this call (what it answered less the uses counted: 0 for a window that ended, as one by
-- one); the uses are then decided in order on those counts, in this function's memory, and only
-- when one was refused does a second statement set the counts right (a refused use is given back
-- from the windows that had room, so it spends none of them). Under every lock from the first
-- statement to the end, so no other call sees the counts in between.
-- A window that would end as it starts (never, from the limit rules) is counted one by one.

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
  -- Each distinct key, in the order of its first use: its uses here and its window if it starts.
  d_keys text[];
  d_uses int[];
  d_expires bigint[];
  -- As the upsert answered: each key, its count before this call and its window's end.
  c_keys text[];
  c_points int[];
  c_expires bigint[];
  -- Each entry of p_keys: its key's place in c_keys, and what its use counted.
  v_at int[] := array_fill(0, ARRAY[v_count]);
  v_counted int[] := array_fill(0, ARRAY[v_count]);
  v_from int := 1;
  v_to int;
  v_over boolean;
  v_refused boolean := false;
  v_key int;
BEGIN
  IF v_count = 0 THEN
    RETURN;
  END IF;
  IF p_now >= ANY (p_expires) THEN
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
    RETURN;
  END IF;

  SELECT array_agg(f.key ORDER BY f.first), array_agg(f.uses ORDER BY f.first),
    array_agg(p_expires[f.first] ORDER BY f.first)
  INTO d_keys, d_uses, d_expires
  FROM (
    SELECT u.key, min(u.i) AS first, count(*)::int AS uses
    FROM unnest(p_keys) WITH ORDINALITY AS u (key, i) GROUP BY u.key
  ) AS f;

  WITH counted AS (
    INSERT INTO rate_limits AS c (key, points, expire)
    SELECT d.key, d.uses, d.expire
    FROM unnest(d_keys, d_uses, d_expires) WITH ORDINALITY AS d (key, uses, expire, at)
    ORDER BY d.at
    ON CONFLICT (key) DO UPDATE SET
      points = CASE WHEN c.expire IS NULL OR c.expire <= p_now THEN excluded.points
        ELSE c.points + excluded.points END,
      expire = CASE WHEN c.expire IS NULL OR c.expire <= p_now THEN excluded.expire
        ELSE c.expire END
    RETURNING c.key, c.points, c.expire
  )
  SELECT array_agg(counted.key), array_agg(counted.points), array_agg(counted.expire)
  INTO c_keys, c_points, c_expires
  FROM counted;
  FOR i IN 1 .. cardinality(c_keys) LOOP
    c_points[i] := c_points[i] - d_uses[array_position(d_keys, c_keys[i])];
  END LOOP;

  -- Each use in order, as rate_limit_take would count it on the counts its predecessors left.
  WHILE v_from <= v_count LOOP
    v_to := v_from;
    WHILE v_to < v_count AND p_uses[v_to + 1] = p_uses[v_from] LOOP
      v_to := v_to + 1;
    END LOOP;
    v_over := false;
    FOR i IN v_from .. v_to LOOP
      v_key := array_position(c_keys, p_keys[i]);
      v_at[i] := v_key;
      c_points[v_key] := c_points[v_key] + 1;
      v_counted[i] := c_points[v_key];
      v_over := v_over OR v_counted[i] > p_points[i];
    END LOOP;
    IF v_over THEN
      v_refused := true;
      FOR i IN v_from .. v_to LOOP
        IF v_counted[i] <= p_points[i] THEN
          c_points[v_at[i]] := c_points[v_at[i]] - 1;
        END IF;
      END LOOP;
    END IF;
    v_from := v_to + 1;
  END LOOP;

  IF v_refused THEN
    -- Found by `key = ANY`: the primary key's lookups whatever the table's statistics say.
    UPDATE rate_limits SET points = c_points[array_position(c_keys, rate_limits.key::text)]
    WHERE rate_limits.key = ANY (c_keys);
  END IF;
  RETURN QUERY
    SELECT m.i::int, v_counted[m.i], c_expires[v_at[m.i]]
    FROM generate_series(1, v_count) AS m (i);
END
$$;
