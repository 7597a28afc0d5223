import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database, Queryable } from './database';

const DB_DIR = path.dirname(fileURLToPath(import.meta.url));

/** The folder of numbered `.sql` migrations shipped with the server: tables, indexes, data. */
export const MIGRATIONS_DIR = path.join(DB_DIR, 'migrations');

/**
 * The folder of the current definition of every SQL function and trigger, one file per function
 * (with the triggers that call it), each written to be applied again and again.
 */
export const FUNCTIONS_DIR = path.join(DB_DIR, 'functions');

/** Any number, the same in every instance, so concurrent starts migrate one at a time. */
const MIGRATION_LOCK_KEY = 7_262_001;

export interface Migration {
  id: string;
  sql: string;
}

/** Reads migrations in name order; names are `NNNN_what.sql`. */
export function readMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  return readSqlFiles(dir, /^\d{4}_[a-z0-9_]+\.sql$/);
}

/**
 * Reads the function definitions in name order; names are `function_name.sql`. The order is
 * only for repeatability: every trigger is in its function's file, and PL/pgSQL resolves what a
 * body calls when it runs, so no file depends on another having been applied before it.
 */
export function readFunctions(dir: string = FUNCTIONS_DIR): Migration[] {
  return readSqlFiles(dir, /^[a-z][a-z0-9_]*\.sql$/);
}

function readSqlFiles(dir: string, name: RegExp): Migration[] {
  return fs
    .readdirSync(dir)
    .filter((file) => name.test(file))
    .sort()
    .map((file) => ({
      id: file.replace(/\.sql$/, ''),
      sql: fs.readFileSync(path.join(dir, file), 'utf8'),
    }));
}

/**
 * Applies the migrations not yet recorded, then every function definition (each time, so the
 * database's functions and triggers are always the ones of `functions/`, on a fresh database and
 * an old one alike), all in one transaction under an advisory lock: two instances starting
 * together on one PostgreSQL never apply one twice, and a failing migration or definition leaves
 * the schema as it was. Returns the ids of the migrations applied.
 */
export async function migrate(
  db: Database,
  migrations: Migration[] = readMigrations(),
  functions: Migration[] = readFunctions(),
): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      id text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const done = new Set(
      (await tx.query<{ id: string }>('SELECT id FROM schema_migrations')).map((row) => row.id),
    );
    const applied: string[] = [];
    for (const migration of migrations) {
      if (done.has(migration.id)) continue;
      await execFile(tx, 'migrations', migration);
      await tx.query('INSERT INTO schema_migrations (id) VALUES ($1)', [migration.id]);
      applied.push(migration.id);
    }
    for (const definition of functions) await execFile(tx, 'functions', definition);
    return applied;
  });
}

/** Runs one file's script, naming the file in the error when it fails. */
async function execFile(tx: Queryable, folder: string, file: Migration): Promise<void> {
  try {
    await tx.exec(file.sql);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`${folder}/${file.id}.sql: ${message}`, { cause: error });
  }
}
