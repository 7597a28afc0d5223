import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './database';
import { checkpointAsWalGrows, walSinceCheckpoint } from './pglite-wal';
import { newInMemoryPglite } from './pristine-pglite';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const MIB = 1024 * 1024;

/** Writes about `mib` MB of WAL: rows of 1 kB each, in one statement. */
async function writeWal(pg: PGlite, mib: number): Promise<void> {
  await pg.exec('CREATE TABLE IF NOT EXISTS filler (id serial PRIMARY KEY, body text)');
  await pg.query(`INSERT INTO filler (body) SELECT repeat('x', 1000) FROM generate_series(1, $1)`, [
    mib * 1000,
  ]);
}

async function redoLsn(pg: PGlite): Promise<string> {
  const { rows } = await pg.query<{ redo_lsn: string }>(
    'SELECT redo_lsn::text FROM pg_control_checkpoint()',
  );
  return rows[0]?.redo_lsn ?? '';
}

describe("the embedded database's write-ahead log", () => {
  it('makes its new segments without writing them full of zeros, in memory and on disk', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backlay-wal-'));
    dirs.push(dir);
    for (const pgliteDir of [null, path.join(dir, 'pglite')]) {
      const db = await openDatabase({ databaseUrl: null, pgliteDir });
      try {
        const [row] = await db.query<{ wal_init_zero: string }>('SHOW wal_init_zero');
        expect(row?.wal_init_zero).toBe('off');
      } finally {
        await db.close();
      }
    }
  });

  it('is never checkpointed by PGlite itself, so its WAL would grow without end', async () => {
    const pg = await newInMemoryPglite();
    try {
      const before = await redoLsn(pg);
      await writeWal(pg, 3);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await redoLsn(pg)).toBe(before);
      expect(await walSinceCheckpoint(pg)).toBeGreaterThan(3 * MIB);
    } finally {
      await pg.close();
    }
  });

  it('checkpoints once the WAL since the last checkpoint passes its size', async () => {
    const pg = await newInMemoryPglite();
    const stop = checkpointAsWalGrows(pg, { walBytes: 2 * MIB, everyMs: 10 });
    try {
      const before = await redoLsn(pg);
      await writeWal(pg, 1);
      await new Promise((resolve) => setTimeout(resolve, 100));
      // Under the size: no checkpoint yet.
      expect(await redoLsn(pg)).toBe(before);
      await writeWal(pg, 3);
      const deadline = Date.now() + 10_000;
      while ((await walSinceCheckpoint(pg)) >= 2 * MIB && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(await redoLsn(pg)).not.toBe(before);
      expect(await walSinceCheckpoint(pg)).toBeLessThan(2 * MIB);
      const { rows } = await pg.query<{ n: number }>('SELECT count(*)::int AS n FROM filler');
      expect(rows[0]?.n).toBe(4000);
    } finally {
      stop();
      await pg.close();
    }
  });
});
