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
  const db = await loadInMemoryPglite(file);
  if (db) return db;
  const fresh = new PGlite({ startParams: PGLITE_START_PARAMS });
  await fresh.waitReady;
  await saveInMemoryImage(fresh, file);
  return fresh;
}

/**
 * An in-memory database started from the image of a data folder saved in `file`, or null when
 * there is none or it cannot be read (damaged, or made by another build).
 */
export async function loadInMemoryPglite(file: string): Promise<PGlite | null> {
  const image = readImage(file);
  if (!image) return null;
  try {
    const db = new PGlite({ loadDataDir: image, startParams: PGLITE_START_PARAMS });
    await db.waitReady;
    return db;
  } catch {
    return null;
  }
}

/**
 * Saves the image of an in-memory database's data folder to `file`, whole or not at all (written
 * aside, then renamed into place). Checkpointed first, so a database started from it has no
 * log to replay. A failure loses only the saving: the next database makes the image again.
 */
export async function saveInMemoryImage(db: PGlite, file: string): Promise<void> {
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  try {
    await db.exec('CHECKPOINT');
    const image = await db.dumpDataDir('none');
    fs.writeFileSync(partial, Buffer.from(await image.arrayBuffer()));
    fs.renameSync(partial, file);
  } catch {
    fs.rmSync(partial, { force: true });
  }
}

let imageFile: string | undefined;

/** Where the image of a freshly initialised database of this PGlite version is kept. */
export function initdbImageFile(): string {
  // Found once per process: tests open hundreds of databases, the version never changes.
  imageFile ??= pgliteImageFile('initdb');
  return imageFile;
}

/**
 * A file in the system's temporary folder for an image of a data folder made by this version of
 * PGlite (another version may not read it): `backlay-pglite-<version>-<name>.tar`.
 */
export function pgliteImageFile(name: string): string {
  return path.join(os.tmpdir(), `backlay-pglite-${pgliteVersion()}-${name}.tar`);
}

function readImage(file: string): Blob | null {
  try {
    return new Blob([fs.readFileSync(file)]);
  } catch {
    return null;
  }
}

let version: string | undefined;

function pgliteVersion(): string {
  version ??= readPgliteVersion();
  return version;
}

function readPgliteVersion(): string {
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
