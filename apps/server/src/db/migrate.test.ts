import { describe, expect, it } from 'vitest';
import { TEST_BACKENDS, testDatabase } from '../test-helper';
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
