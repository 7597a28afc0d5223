import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_START_PARAMS } from './pglite-wal';

/**
 * A new in-memory embedded database. PGlite's initdb takes over a second, where loading the
 * data folder of one just initialised takes under half a second; tests open hundreds of these,
 * so the first process to need one saves that image to the system's temporary folder (one file
 * per PGlite version, renamed into place whole) and every later one starts from it. The image
 * is nothing but initdb's output, so a database started from it is the same as a fresh one.
 */
export async function newInMemoryPglite(): Promise<PGlite> {
  const file = initdbImageFile();
  const image = readImage(file);
  if (image) {
    try {
      const db = new PGlite({ loadDataDir: image, startParams: PGLITE_START_PARAMS });
      await db.waitReady;
      return db;
    } catch {
      // A damaged image, or one this build cannot read: made again below.
    }
  }
  const db = new PGlite({ startParams: PGLITE_START_PARAMS });
  await db.waitReady;
  await saveImage(db, file);
  return db;
}

let imageFile: string | undefined;

/** Where the image of a freshly initialised database of this PGlite version is kept. */
export function initdbImageFile(): string {
  // Found once per process: tests open hundreds of databases, the version never changes.
  imageFile ??= path.join(os.tmpdir(), `backlay-pglite-${pgliteVersion()}-initdb.tar`);
  return imageFile;
}

function readImage(file: string): Blob | null {
  try {
    return new Blob([fs.readFileSync(file)]);
  } catch {
    return null;
  }
}

async function saveImage(db: PGlite, file: string): Promise<void> {
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  try {
    const image = await db.dumpDataDir('none');
    fs.writeFileSync(partial, Buffer.from(await image.arrayBuffer()));
    fs.renameSync(partial, file);
  } catch {
    // Only a saving lost: the next database makes the image again.
    fs.rmSync(partial, { force: true });
  }
}

function pgliteVersion(): string {
  const require = createRequire(import.meta.url);
  let dir = path.dirname(require.resolve('@electric-sql/pglite'));
  while (!fs.existsSync(path.join(dir, 'package.json')) && dir !== path.dirname(dir)) {
    dir = path.dirname(dir);
  }
  const { version } = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
    version?: string;
  };
  return version ?? 'unknown';
}
