import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_BACKENDS, testDatabase } from '../test-helper';
import type { Database, Queryable } from './database';
import { MIGRATIONS_DIR, migrate, readFunctions, readMigrations, type Migration } from './migrate';

/** Names a script creates: functions, and triggers as `table.trigger`. */
function created(sql: string): { functions: string[]; triggers: string[] } {
  const code = sql.replace(/--[^\n]*/g, '');
  const functions = [
    ...code.matchAll(/\bCREATE\s+(?:OR\s+REPLACE\s+)?FUNCTION\s+([a-z_][a-z0-9_]*)\s*\(/gi),
  ].map((m) => String(m[1]).toLowerCase());
  const triggers = [
    ...code.matchAll(
      /\bCREATE\s+(?:OR\s+REPLACE\s+)?(?:CONSTRAINT\s+)?TRIGGER\s+([a-z_][a-z0-9_]*)\s[\s\S]*?\sON\s+([a-z_][a-z0-9_]*)/gi,
    ),
  ].map((m) => `${String(m[2])}.${String(m[1])}`.toLowerCase());
  return { functions, triggers };
}

/** Every function and trigger of the connection's schema, with its definition. */
async function definitions(db: Queryable): Promise<{
  functions: { name: string; definition: string }[];
  triggers: { name: string; definition: string }[];
}> {
  const [row] = await db.query<{ schema: string }>('SELECT current_schema() AS schema');
  // Definitions name the schema, which differs between test databases.
  const local = (definition: string) => definition.replaceAll(`${String(row?.schema)}.`, '');
  const functions = await db.query<{ name: string; definition: string }>(
    `SELECT p.proname AS name,
       CASE WHEN p.prokind IN ('f', 'p') THEN pg_get_functiondef(p.oid) ELSE p.prokind::text END
         AS definition
     FROM pg_proc p WHERE p.pronamespace = current_schema()::regnamespace
     ORDER BY 1, 2`,
  );
  const triggers = await db.query<{ name: string; definition: string }>(
    `SELECT c.relname || '.' || t.tgname AS name, pg_get_triggerdef(t.oid) AS definition
     FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
     WHERE c.relnamespace = current_schema()::regnamespace AND NOT t.tgisinternal
     ORDER BY 1`,
  );
  return {
    functions: functions.map((f) => ({ name: f.name, definition: local(f.definition) })),
    triggers: triggers.map((t) => ({ name: t.name, definition: local(t.definition) })),
  };
}

/** Resolves once a session waits for a lock on a table of the connection's schema. */
async function untilSomeoneWaitsForALock(db: Queryable): Promise<void> {
  for (let attempt = 0; attempt < 500; attempt++) {
    const [row] = await db.query<{ waiting: boolean }>(
      `SELECT EXISTS (
         SELECT 1 FROM pg_locks l JOIN pg_class c ON c.oid = l.relation
         WHERE NOT l.granted AND c.relnamespace = current_schema()::regnamespace
       ) AS waiting`,
    );
    if (row?.waiting) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('nobody waited for a lock');
}

/**
 * The last commit whose migrations still defined the functions and triggers themselves: what
 * databases created before `db/functions/` were migrated with.
 */
const LEGACY_COMMIT = '4bd4d5eefa8c679aeb8501e22d385256ec5f8464';

/** The migrations as of LEGACY_COMMIT, or null where git or that commit is not at hand. */
function legacyMigrations(): Migration[] | null {
  const git = (...args: string[]) =>
    execFileSync('git', args, {
      cwd: MIGRATIONS_DIR,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      maxBuffer: 16 * 1024 * 1024,
    });
  try {
    const folder = path.relative(git('rev-parse', '--show-toplevel').trim(), MIGRATIONS_DIR);
    return git('ls-tree', '--full-tree', '--name-only', LEGACY_COMMIT, `${folder}/`)
      .split('\n')
      .filter((file) => file.endsWith('.sql'))
      .sort()
      .map((file) => ({
        id: path.basename(file, '.sql'),
        sql: git('show', `${LEGACY_COMMIT}:${file}`),
      }));
  } catch {
    return null;
  }
}

const LEGACY = legacyMigrations() ?? [];

describe('db/functions', () => {
  it('defines each function and trigger once, in one file, re-appliably', () => {
    const seen = new Map<string, string[]>();
    for (const file of readFunctions()) {
      const { functions, triggers } = created(file.sql);
      expect(functions.length, `${file.id}.sql defines no function`).toBeGreaterThan(0);
      for (const name of [
        ...functions.map((f) => `function ${f}`),
        ...triggers.map((t) => `trigger ${t}`),
      ])
        seen.set(name, [...(seen.get(name) ?? []), file.id]);
      // CREATE OR REPLACE only: the files are applied to databases that already hold them.
      expect(file.sql.replace(/--[^\n]*/g, ''), `${file.id}.sql`).not.toMatch(
        /\bCREATE\s+(?:CONSTRAINT\s+)?(?:FUNCTION|TRIGGER)\b/i,
      );
    }
    const repeated = [...seen].filter(([, files]) => files.length > 1);
    expect(repeated).toEqual([]);
  });

  it('leaves no function or trigger to the numbered migrations', () => {
    const inMigrations = readMigrations().flatMap((migration) => {
      const { functions, triggers } = created(migration.sql);
      return [...functions, ...triggers].map((name) => `${migration.id}: ${name}`);
    });
    expect(inMigrations).toEqual([]);
  });
});

describe.each(TEST_BACKENDS)('db/functions on %s', (backend) => {
  let fresh: Database;
  let freshDefinitions: Awaited<ReturnType<typeof definitions>>;
  beforeAll(async () => {
    fresh = await testDatabase(backend);
    await migrate(fresh);
    freshDefinitions = await definitions(fresh);
  });

  it('migrating again changes no function or trigger and fails nothing', async () => {
    expect(await migrate(fresh)).toEqual([]);
    expect(await definitions(fresh)).toEqual(freshDefinitions);
    // Instances starting together: one after the other, under the migration lock.
    expect(await Promise.all([migrate(fresh), migrate(fresh), migrate(fresh)])).toEqual([
      [],
      [],
      [],
    ]);
    expect(await definitions(fresh)).toEqual(freshDefinitions);
  });

  it('has exactly the functions and triggers that db/functions defines', () => {
    const files = readFunctions().map((file) => created(file.sql));
    expect(freshDefinitions.functions.map((f) => f.name)).toEqual(
      files.flatMap((f) => f.functions).sort(),
    );
    expect(freshDefinitions.triggers.map((t) => t.name)).toEqual(
      files.flatMap((f) => f.triggers).sort(),
    );
  });

  it('rolls the migrations back when a definition fails', async () => {
    const probe = { id: '9999_probe', sql: 'CREATE TABLE probe (id int);' };
    const broken = {
      id: 'zz_broken',
      sql: 'CREATE OR REPLACE FUNCTION zz_broken() RETURNS int AS $$ nope $$ LANGUAGE sql;',
    };
    await expect(
      migrate(fresh, [...readMigrations(), probe], [...readFunctions(), broken]),
    ).rejects.toThrow(/functions\/zz_broken\.sql/);
    const left = await fresh.query(
      `SELECT 1 FROM information_schema.tables
       WHERE table_schema = current_schema() AND table_name = 'probe'
       UNION ALL SELECT 1 FROM schema_migrations WHERE id = '9999_probe'`,
    );
    expect(left).toEqual([]);
    expect(await definitions(fresh)).toEqual(freshDefinitions);
  });

  // Only PostgreSQL runs transactions side by side (PGlite takes one at a time).
  if (backend === 'postgres') {
    it('waits for a transfer in flight instead of deadlocking with it', async () => {
      let migrating: Promise<string[]> | undefined;
      await fresh.transaction(async (tx) => {
        // The table locks ledger_post_transfer holds before its entry trigger runs: the player
        // accounts locked for update, the transfer and its entries written...
        await tx.query('SELECT 1 FROM ledger_accounts FOR NO KEY UPDATE');
        await tx.exec('LOCK TABLE ledger_transfers, ledger_entries IN ROW EXCLUSIVE MODE');
        migrating = migrate(fresh);
        await untilSomeoneWaitsForALock(fresh);
        // ...and the lock the trigger's balance update then takes.
        await tx.exec('LOCK TABLE ledger_accounts IN ROW EXCLUSIVE MODE');
      });
      expect(await migrating).toEqual([]);
    });
  }

  // Databases created before db/functions/ existed, migrated with the migrations of then up to a
  // point (the last one, or one before functions changed: the deferred trigger of 0003 and
  // login_check of 0004 are still there), then started with today's files.
  it.skipIf(LEGACY.length === 0).each(['0004_login_fast_path', '0011_account_housekeeping'])(
    'ends a database migrated by the old migrations up to %s like a fresh one',
    async (last) => {
      const old = LEGACY.slice(0, LEGACY.findIndex((m) => m.id === last) + 1);
      expect(old.at(-1)?.id).toBe(last);
      const db = await testDatabase(backend);
      await migrate(db, old, []);
      // What they left differs from today's (functions changed since): the start mends it.
      expect(await definitions(db)).not.toEqual(freshDefinitions);

      const shipped = readMigrations().map((m) => m.id);
      expect(await migrate(db)).toEqual(shipped.slice(old.length));
      expect(await definitions(db)).toEqual(freshDefinitions);
    },
  );
});
