import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppConfig } from './app';
import { loadConfig } from './config';
import { openDatabase, type Database, type PgliteImage } from './db/database';
import { migrate, readFunctions, readMigrations } from './db/migrate';
import { pgliteImageFile } from './db/pristine-pglite';

export type Backend = 'pglite' | 'postgres';

/** The databases tests run against: always PGlite, and PostgreSQL when `DATABASE_URL` is set. */
export const TEST_BACKENDS: Backend[] = process.env.DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

/**
 * What a test file opened (databases, apps), undone in reverse order when the file ends (by
 * `test-setup.ts`, run for every file), so helpers may be called anywhere in a file.
 */
const disposals: (() => Promise<void>)[] = [];

/** Closes what the file's tests opened, newest first. */
export async function disposeTestResources(): Promise<void> {
  for (const dispose of disposals.splice(0).reverse()) await dispose();
}

/**
 * A fresh database: in-memory PGlite, or a new schema on the PostgreSQL server of
 * `DATABASE_URL` (the default when it is set), dropped when the file's tests end.
 */
export async function testDatabase(
  backend: Backend = process.env.DATABASE_URL ? 'postgres' : 'pglite',
  pgliteImage?: PgliteImage,
): Promise<Database> {
  const url = backend === 'postgres' ? process.env.DATABASE_URL || null : null;
  if (backend === 'postgres' && !url) throw new Error('DATABASE_URL is not set');
  const schema = url ? `test_${randomBytes(6).toString('hex')}` : undefined;
  const db = await openDatabase({
    databaseUrl: url,
    pgliteDir: null,
    ...(schema ? { schema } : {}),
    ...(pgliteImage ? { pgliteImage } : {}),
  });
  disposals.push(async () => {
    if (schema) await db.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await db.close();
  });
  return db;
}

/**
 * A fresh database with every migration applied, as `migrate` leaves it. A PGlite one starts
 * from the image of a database migrated once per set of migrations and functions (saved in the
 * system's temporary folder): loading it costs what opening a fresh one does, without the 0.3 to
 * 0.4 s of migrating it.
 */
export async function migratedTestDatabase(
  backend: Backend = process.env.DATABASE_URL ? 'postgres' : 'pglite',
): Promise<Database> {
  if (backend === 'postgres') {
    const db = await testDatabase(backend);
    await migrate(db);
    return db;
  }
  return testDatabase(backend, {
    file: migratedImageFile(),
    prepare: async (db) => {
      await migrate(db);
    },
  });
}

let migratedImage: string | undefined;

/** The migrated image's file, named by the migrations and functions it holds. */
export function migratedImageFile(): string {
  if (migratedImage) return migratedImage;
  const hash = createHash('sha256');
  for (const { id, sql } of [...readMigrations(), ...readFunctions()])
    hash.update(`${id}\0${sql}\0`);
  migratedImage = pgliteImageFile(`migrated-${hash.digest('hex').slice(0, 16)}`);
  // Images of earlier migrations are of no more use: one is kept, not one per edit.
  const folder = path.dirname(migratedImage);
  const prefix = path.basename(migratedImage).replace(/migrated-.*$/, 'migrated-');
  for (const file of fs.readdirSync(folder)) {
    if (file.startsWith(prefix) && file !== path.basename(migratedImage) && file.endsWith('.tar')) {
      fs.rmSync(path.join(folder, file), { force: true });
    }
  }
  return migratedImage;
}

/** The app's configuration for tests: the documented defaults, a fake client, no logs. */
export function testAppConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...loadConfig({}),
    webDistDir: fakeWebDist(),
    // No back-office build in server tests: its pages answer 503, its API is unaffected.
    adminDistDir: path.join(os.tmpdir(), 'backlay-no-admin-build'),
    logLevel: 'silent',
    // Stored images of each app go to a folder of their own.
    dataDir: path.join(os.tmpdir(), `backlay-test-data-${randomBytes(6).toString('hex')}`),
    // Counters on a shared Redis outlive a run: each app counts under a name of its own.
    limitKeyPrefix: `test-${randomBytes(6).toString('hex')}`,
    ...overrides,
  };
}

const MAIN = path.join(path.dirname(fileURLToPath(import.meta.url)), 'main.ts');

/** Starts the real server process (`main.ts`) and resolves with its origin once it listens. */
export function startServerProcess(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    // No simulated feed unless a test asks for one: it would add events to every test's data.
    env: { ...process.env, FEED: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const listening = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, listening, exited, output: () => output };
}

/** A stand-in for the built client, so page serving is testable without a Vite build. */
export function fakeWebDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backlay-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><title>Backlay test page</title></head><body></body></html>',
  );
  fs.writeFileSync(path.join(dir, 'assets', 'app-1a2b3c.js'), 'console.log(1);\n'.repeat(500));
  return dir;
}

/** Builds the whole app on a migrated test database, closed after the file's tests. */
export async function build(
  options: {
    backend?: Backend;
    config?: Partial<AppConfig>;
    now?: () => Date;
    sleep?: (ms: number) => Promise<void>;
  } = {},
): Promise<{ app: FastifyInstance; db: Database }> {
  const db = await migratedTestDatabase(options.backend);
  const app = await buildApp({
    config: testAppConfig(options.config),
    db,
    logger: false,
    ...(options.now ? { now: options.now } : {}),
    ...(options.sleep ? { sleep: options.sleep } : {}),
  });
  disposals.push(() => app.close());
  return { app, db };
}

/** Another instance of the app on `db`, as a second server behind a load balancer would be. */
export async function buildInstance(db: Database): Promise<FastifyInstance> {
  const app = await buildApp({ config: testAppConfig(), db, logger: false });
  disposals.push(() => app.close());
  return app;
}
