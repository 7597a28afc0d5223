import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './database';

/** The folder of numbered `.sql` migrations shipped with the server. */
export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Any number, the same in every instance, so concurrent starts migrate one at a time. */
const MIGRATION_LOCK_KEY = 7_262_001;

export interface Migration {
  id: string;
  sql: string;
}

/** Reads migrations in name order; names are `NNNN_what.sql`. */
export function readMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  return fs
    .readdirSync(dir)
    .filter((file) => /^\d{4}_[a-z0-9_]+\.sql$/.test(file))
    .sort()
    .map((file) => ({
      id: file.replace(/\.sql$/, ''),
      sql: fs.readFileSync(path.join(dir, file), 'utf8'),
    }));
}

/**
 * Applies the migrations not yet recorded, all in one transaction under an advisory lock:
 * two instances starting together on one PostgreSQL never apply one twice, and a failing
 * migration leaves the schema as it was. Returns the ids applied.
 */
export async function migrate(
  db: Database,
  migrations: Migration[] = readMigrations(),
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
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (id) VALUES ($1)', [migration.id]);
      applied.push(migration.id);
    }
    return applied;
  });
}
