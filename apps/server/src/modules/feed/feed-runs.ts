/**
 * The simulated feed's stored runs (table feed_runs): what resumes a run after a restart. Every
 * write names the process running the feed (`holder`) and changes nothing when another process
 * has claimed the runs since, so a process that lost the feed role finds out at its next write.
 */
import type { Queryable } from '../../db/database';
import type { FeedClock } from './feed-clock';
import type { SimulatorSnapshot } from './simulator';

export interface FeedRun {
  /** Prefixed to the run's event ids; also its key. */
  idPrefix: string;
  seed: number;
  pace: number;
  fixturesPerSport: number;
  /** The simulated time the run began at. */
  startMs: number;
  clock: FeedClock;
  /** Every update up to this simulated time has been applied; null before the first. */
  appliedUntilMs: number | null;
  /** The simulator's state at simulated time `atMs`. */
  snapshot: { atMs: number; state: SimulatorSnapshot } | null;
  /** Simulated time the run was replaced at (it is winding down); null for the current run. */
  retiredAtMs: number | null;
}

interface FeedRunRow {
  id_prefix: string;
  seed: string | number;
  pace: number;
  fixtures_per_sport: number;
  start_at: Date | string;
  clock_wall_at: Date | string;
  clock_feed_at: Date | string;
  time_scale: number;
  applied_until: Date | string | null;
  snapshot: SimulatorSnapshot | null;
  snapshot_at: Date | string | null;
  retired_at: Date | string | null;
}

const msOf = (value: Date | string): number => new Date(value).getTime();
const msOrNull = (value: Date | string | null): number | null =>
  value === null ? null : msOf(value);

function runFrom(row: FeedRunRow): FeedRun {
  return {
    idPrefix: row.id_prefix,
    seed: Number(row.seed),
    pace: Number(row.pace),
    fixturesPerSport: row.fixtures_per_sport,
    startMs: msOf(row.start_at),
    clock: {
      wallMs: msOf(row.clock_wall_at),
      feedMs: msOf(row.clock_feed_at),
      timeScale: row.time_scale,
    },
    appliedUntilMs: msOrNull(row.applied_until),
    snapshot:
      row.snapshot === null || row.snapshot_at === null
        ? null
        : { atMs: msOf(row.snapshot_at), state: row.snapshot },
    retiredAtMs: msOrNull(row.retired_at),
  };
}

/** Makes `holder` the process running every stored run; returns them, the current one first. */
export async function claimFeedRuns(db: Queryable, holder: string): Promise<FeedRun[]> {
  const rows = await db.query<FeedRunRow>('UPDATE feed_runs SET holder = $1 RETURNING *', [holder]);
  return rows
    .map(runFrom)
    .sort(
      (a, b) =>
        (a.retiredAtMs ?? Number.NEGATIVE_INFINITY) - (b.retiredAtMs ?? Number.NEGATIVE_INFINITY),
    );
}

/** Stores a new current run, held by `holder`. */
export async function insertFeedRun(db: Queryable, run: FeedRun, holder: string): Promise<void> {
  await db.query(
    `INSERT INTO feed_runs (id_prefix, seed, pace, fixtures_per_sport, start_at, clock_wall_at,
       clock_feed_at, time_scale, holder)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      run.idPrefix,
      run.seed,
      run.pace,
      run.fixturesPerSport,
      new Date(run.startMs),
      new Date(run.clock.wallMs),
      new Date(run.clock.feedMs),
      run.clock.timeScale,
      holder,
    ],
  );
}

/**
 * Records that every update up to `appliedUntilMs` has been applied, with the simulator's state
 * at that time when one is given. False when another process holds the run now.
 */
export async function saveFeedProgress(
  db: Queryable,
  progress: {
    idPrefix: string;
    holder: string;
    appliedUntilMs: number;
    snapshot: SimulatorSnapshot | null;
  },
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE feed_runs SET applied_until = $3,
       snapshot = coalesce($4::jsonb, snapshot),
       snapshot_at = CASE WHEN $4::jsonb IS NULL THEN snapshot_at ELSE $3 END
     WHERE id_prefix = $1 AND holder = $2 RETURNING id_prefix`,
    [
      progress.idPrefix,
      progress.holder,
      new Date(progress.appliedUntilMs),
      progress.snapshot === null ? null : JSON.stringify(progress.snapshot),
    ],
  );
  return rows.length > 0;
}

/** Stores a run's clock (re-anchored at a restart). False when another process holds it. */
export async function saveFeedClock(
  db: Queryable,
  idPrefix: string,
  holder: string,
  clock: FeedClock,
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE feed_runs SET clock_wall_at = $3, clock_feed_at = $4, time_scale = $5
     WHERE id_prefix = $1 AND holder = $2 RETURNING id_prefix`,
    [idPrefix, holder, new Date(clock.wallMs), new Date(clock.feedMs), clock.timeScale],
  );
  return rows.length > 0;
}

/** Marks the current run replaced at simulated time `atMs`: it winds down from now on. */
export async function retireFeedRun(
  db: Queryable,
  idPrefix: string,
  holder: string,
  atMs: number,
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE feed_runs SET retired_at = $3
     WHERE id_prefix = $1 AND holder = $2 AND retired_at IS NULL RETURNING id_prefix`,
    [idPrefix, holder, new Date(atMs)],
  );
  return rows.length > 0;
}

/** Forgets a run (wound down, or unable to resume). */
export async function deleteFeedRun(
  db: Queryable,
  idPrefix: string,
  holder: string,
): Promise<boolean> {
  const rows = await db.query(
    'DELETE FROM feed_runs WHERE id_prefix = $1 AND holder = $2 RETURNING id_prefix',
    [idPrefix, holder],
  );
  return rows.length > 0;
}
