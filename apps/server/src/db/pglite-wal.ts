import { PGlite } from '@electric-sql/pglite';

/**
 * The write-ahead log of the embedded database. PGlite runs PostgreSQL as one single-user
 * backend, which has no checkpointer: nothing ever checkpoints while it runs, so its WAL is
 * never recycled and grows by 16 MB segments without end (about 5 KB a bet on the exchange:
 * gigabytes a day on disk, or in memory for an in-memory database), and a restart after a crash
 * replays all of it. Each new segment was also written full of zeros first, which in memory grew
 * the file an eighth at a time, copying it each time: a stall of 100 to 200 ms every 16 MB.
 *
 * So segments are made without their zeros (wal_init_zero = off: PGlite runs with fsync off, so
 * the zeros bought nothing), and `checkpointAsWalGrows` checkpoints once the WAL since the last
 * checkpoint passes CHECKPOINT_WAL_BYTES, after which PostgreSQL recycles the old segments.
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'wal_init_zero=off'];

/** WAL written since the last checkpoint that makes the next one due. */
export const CHECKPOINT_WAL_BYTES = 64 * 1024 * 1024;
/** How often the WAL's size is looked at (one cheap query). */
const CHECK_EVERY_MS = 10_000;

const WAL_SINCE_CHECKPOINT = `SELECT (pg_current_wal_insert_lsn() - redo_lsn)::bigint AS bytes
  FROM pg_control_checkpoint()`;

/** Bytes of WAL written since the last checkpoint began. */
export async function walSinceCheckpoint(pg: Pick<PGlite, 'query'>): Promise<number> {
  const { rows } = await pg.query<{ bytes: string | number }>(WAL_SINCE_CHECKPOINT);
  return Number(rows[0]?.bytes ?? 0);
}

/**
 * Checkpoints `pg` whenever its WAL since the last checkpoint has passed `walBytes` (checked
 * every `everyMs`; the queries wait for the transaction running, like any other). A checkpoint
 * after 11 MB of bets took 28 ms in memory. Returns what stops it; the timer never keeps the
 * process alive, and a failed look (a closing database) is left for the next.
 */
export function checkpointAsWalGrows(
  pg: Pick<PGlite, 'query' | 'exec'>,
  { walBytes = CHECKPOINT_WAL_BYTES, everyMs = CHECK_EVERY_MS } = {},
): () => void {
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    walSinceCheckpoint(pg)
      .then(async (bytes) => {
        if (bytes >= walBytes) await pg.exec('CHECKPOINT');
      })
      .catch(() => undefined)
      .finally(() => {
        busy = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
