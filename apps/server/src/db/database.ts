import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** Something SQL can run on: the database itself or an open transaction. */
export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Row[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /**
   * Tries to become the one holder of a named role among every process sharing the database
   * (a session advisory lock on its own connection): resolves with a release function, or null
   * when another process holds it. The embedded PGlite has one process, which always gets it.
   */
  tryExclusiveRole(key: number): Promise<(() => Promise<void>) | null>;
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl: string | null;
  /** Folder of the embedded database; `null` keeps it in memory (tests). */
  pgliteDir: string | null;
  /** Schema every connection works in; tests use a fresh one on a shared server. */
  schema?: string;
}

/** Opens PostgreSQL when a URL is given, otherwise the embedded PGlite. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.schema)
    : openPglite(options.pgliteDir, options.schema);
}

function assertSchemaName(schema: string): void {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`invalid schema name ${schema}`);
}

async function openPglite(dir: string | null, schema?: string): Promise<Database> {
  if (dir) fs.mkdirSync(path.dirname(dir), { recursive: true });
  const db = dir ? new PGlite(dir) : new PGlite();
  await db.waitReady;
  // PGlite runs one transaction at a time, so row locks would serialise nothing: the ledger
  // skips them where this is set (migration 0005).
  await db.exec('SET backlay.single_writer = on');
  if (schema) {
    assertSchemaName(schema);
    await db.exec(`CREATE SCHEMA IF NOT EXISTS ${schema}; SET search_path TO ${schema};`);
  }
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<Row>(sql: string, params: unknown[] = []) {
      return (await q.query<Row>(sql, params)).rows;
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  });
  return {
    kind: 'pglite',
    ...wrap(db),
    transaction: (work) => db.transaction((tx) => work(wrap(tx))),
    tryExclusiveRole: async () => async () => undefined,
    close: () => db.close(),
  };
}

const statementNames = new Map<string, string>();
/** Statement texts beyond this many run unnamed: a bound on what each connection keeps. */
const NAMED_STATEMENTS_MAX = 2_000;

/**
 * A name per statement text, so each connection parses and plans a statement once and then
 * only binds and executes it: planning the exchange's larger statements cost more database
 * time than running them.
 */
function statementName(sql: string): string | undefined {
  let name = statementNames.get(sql);
  if (!name && statementNames.size < NAMED_STATEMENTS_MAX) {
    name = `s${statementNames.size}`;
    statementNames.set(sql, name);
  }
  return name;
}

/** Runs `work` on one pooled client between BEGIN and COMMIT (ROLLBACK when it throws). */
async function inTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

async function openPostgres(url: string, schema?: string): Promise<Database> {
  if (schema) assertSchemaName(schema);
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  if (schema) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  const wrap = (q: pg.Pool | pg.PoolClient): Queryable => ({
    async query<Row>(sql: string, params: unknown[] = []) {
      const name = statementName(sql);
      return (await q.query({ text: sql, values: params, ...(name ? { name } : {}) }))
        .rows as Row[];
    },
    async exec(sql: string) {
      await q.query(sql);
    },
  });
  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(work) {
      return inTransaction(pool, (client) => work(wrap(client)));
    },
    async tryExclusiveRole(key) {
      const client = await pool.connect();
      try {
        const [row] = (
          await client.query<{ granted: boolean }>('SELECT pg_try_advisory_lock($1) AS granted', [
            key,
          ])
        ).rows;
        if (!row?.granted) {
          client.release();
          return null;
        }
      } catch (error) {
        client.release();
        throw error;
      }
      // The lock lives as long as this connection: it is kept out of the pool until released.
      return async () => {
        await client.query('SELECT pg_advisory_unlock($1)', [key]).catch(() => undefined);
        client.release();
      };
    },
    close: () => pool.end(),
  };
}
