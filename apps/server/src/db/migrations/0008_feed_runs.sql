-- The simulated feed's runs, so that a restart (or another instance taking the feed over)
-- resumes every event where it was instead of starting again. The simulator is deterministic:
-- its seed, start and pace rebuild a run, and the simulated time up to which its updates were
-- applied says where to go on from. A snapshot of the simulator, saved every few simulated
-- minutes, spares replaying the run from its start. One run is current; a run replaced because an
-- operator asked for another seed or pace winds down (retired_at set): it plays the events it has
-- open to their results and adds no new ones, then its row is deleted.

CREATE TABLE feed_runs (
  -- Prefixed to the external ids of the run's events: 'sim<seed>-<start in base 36>-'.
  id_prefix text PRIMARY KEY CHECK (length(id_prefix) BETWEEN 1 AND 40),
  seed bigint NOT NULL,
  pace double precision NOT NULL CHECK (pace > 0),
  fixtures_per_sport int NOT NULL CHECK (fixtures_per_sport > 0),
  -- The simulated time the run began at.
  start_at timestamptz NOT NULL,
  -- The feed's clock: at wall time clock_wall_at it read clock_feed_at, and it runs time_scale
  -- times faster than the wall clock.
  clock_wall_at timestamptz NOT NULL,
  clock_feed_at timestamptz NOT NULL,
  time_scale int NOT NULL CHECK (time_scale >= 1),
  -- Every update up to this simulated time has been applied; null before the first.
  applied_until timestamptz,
  -- The simulator's state at snapshot_at (simulated time, never after applied_until).
  snapshot jsonb,
  snapshot_at timestamptz,
  -- The process running the run: one that lost the feed role finds its progress refused.
  holder uuid,
  -- Simulated time the run was replaced at; null for the current run.
  retired_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((snapshot IS NULL) = (snapshot_at IS NULL))
);
-- At most one current run.
CREATE UNIQUE INDEX feed_runs_current ON feed_runs ((retired_at IS NULL)) WHERE retired_at IS NULL;
