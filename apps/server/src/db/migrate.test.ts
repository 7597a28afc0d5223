import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  migratedImageFile,
  migratedTestDatabase,
  TEST_BACKENDS,
  testDatabase,
} from '../test-helper';
import type { Database } from './database';
import { migrate, readMigrations } from './migrate';

describe.each(TEST_BACKENDS)('migrate on %s', (backend) => {
  it('applies every shipped migration once, in order, and records them', async () => {
    const db = await testDatabase(backend);
    const shipped = readMigrations().map((m) => m.id);
    expect(shipped[0]).toBe('0001_installation');

    expect(await migrate(db)).toEqual(shipped);
    expect(await migrate(db)).toEqual([]);

    const recorded = await db.query<{ id: string }>('SELECT id FROM schema_migrations ORDER BY id');
    expect(recorded.map((r) => r.id)).toEqual(shipped);
    const installations = await db.query('SELECT id FROM installation');
    expect(installations).toHaveLength(1);
  });

  it('never applies a migration twice when instances start together', async () => {
    const db = await testDatabase(backend);
    const migrations = [
      { id: '0001_counter', sql: 'CREATE TABLE counter (n int); INSERT INTO counter VALUES (1);' },
    ];
    const results = await Promise.all([
      migrate(db, migrations, []),
      migrate(db, migrations, []),
      migrate(db, migrations, []),
    ]);
    expect(results.flat()).toEqual(['0001_counter']);
    expect(await db.query('SELECT n FROM counter')).toEqual([{ n: 1 }]);
  });

  it('leaves the schema untouched when a migration fails', async () => {
    const db = await testDatabase(backend);
    const migrations = [
      { id: '0001_good', sql: 'CREATE TABLE good (id int);' },
      { id: '0002_bad', sql: 'CREATE TABLE bad (id int); SELECT no_such_function();' },
    ];
    await expect(migrate(db, migrations, [])).rejects.toThrow(/0002_bad\.sql: .*no_such_function/);
    const tables = await db.query<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.tables
       WHERE table_schema = current_schema() AND table_name IN ('good', 'bad', 'schema_migrations')`,
    );
    expect(tables).toEqual([]);
  });
});

/** What a schema is made of, and how many rows each of its tables holds. */
async function fingerprint(db: Database) {
  const tables = await db.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
     WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1`,
  );
  const rows: Record<string, number> = {};
  for (const { name } of tables) {
    const [count] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${name}"`);
    rows[name] = count?.n ?? -1;
  }
  return {
    rows,
    columns: await db.query(
      `SELECT table_name, column_name, data_type, column_default, is_nullable
       FROM information_schema.columns WHERE table_schema = current_schema() ORDER BY 1, 2`,
    ),
    indexes: await db.query(
      'SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() ORDER BY 1',
    ),
    constraints: await db.query(
      `SELECT conrelid::regclass::text AS on_table, conname, pg_get_constraintdef(oid) AS def
       FROM pg_constraint WHERE connamespace = current_schema()::regnamespace ORDER BY 1, 2`,
    ),
    functions: await db.query(
      `SELECT proname, md5(pg_get_functiondef(oid)) AS def FROM pg_proc
       WHERE pronamespace = current_schema()::regnamespace AND prokind IN ('f', 'p')
       ORDER BY 1, 2`,
    ),
    triggers: await db.query(
      `SELECT tgname, pg_get_triggerdef(oid) AS def FROM pg_trigger
       WHERE NOT tgisinternal ORDER BY 1, 2`,
    ),
    migrations: await db.query('SELECT id FROM schema_migrations ORDER BY id'),
  };
}

describe('a migrated PGlite test database, started from its saved image', () => {
  it('holds what migrating a fresh database gives, apart from every other', async () => {
    // The first makes the image (none is there), the second starts from it.
    fs.rmSync(migratedImageFile(), { force: true });
    const made = await migratedTestDatabase('pglite');
    expect(fs.statSync(migratedImageFile()).size).toBeGreaterThan(1_000_000);
    const loaded = await migratedTestDatabase('pglite');
    const fresh = await testDatabase('pglite');
    await migrate(fresh);

    const expected = await fingerprint(fresh);
    expect(expected.functions.length).toBeGreaterThan(10);
    expect(await fingerprint(made)).toEqual(expected);
    expect(await fingerprint(loaded)).toEqual(expected);
    expect(await migrate(loaded)).toEqual([]);

    await made.exec('CREATE TABLE only_here (n int)');
    const [elsewhere] = await loaded.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name = 'only_here'`,
    );
    expect(elsewhere?.n).toBe(0);
  });
});
