import fs from 'node:fs';
import path from 'node:path';
import { PGlite, type Transaction as PGliteTransaction } from '@electric-sql/pglite';
import pg from 'pg';
import { runAfterCommit } from './after-commit';
import { pgliteStatements } from './pglite-statements';
import { checkpointAsWalGrows, PGLITE_START_PARAMS } from './pglite-wal';
import { loadInMemoryPglite, newInMemoryPglite, saveInMemoryImage } from './pristine-pglite';
import {
  inPostgresTransaction,
  KEY_LOOKUP_SCRIPT,
  type SendStatement,
} from './postgres-transaction';

/** Something SQL can run on: the database itself or an open transaction. */
export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Row[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * Runs `effect` once what was written here is committed: at once on the database itself
   * (each of its statements commits alone), after COMMIT in a transaction, and never when the
   * transaction rolls back. Effects must not throw; one that does is logged and the others run.
   */
  afterCommit(effect: () => void): void;
  /**
   * The same object for a database and every transaction on it: the key of state kept per
   * database (the wallet's balance listeners), so two databases in one process never mix.
   */
  readonly origin: object;
}

/** An open transaction. */
export interface Transaction extends Queryable {
  /**
   * Queues a last statement to run just before COMMIT, sent in the same write as COMMIT on
   * PostgreSQL (one round trip for both). Its result is not read: a statement whose outcome
   * decides anything is run with `query`. When it fails, the transaction rolls back and fails
   * with its error.
   */
  queryAtCommit(sql: string, params: unknown[]): void;
  /**
   * `queryAtCommit` for a last statement whose rows the caller needs (what a group of writes
   * decided): they come once the transaction committed, in COMMIT's round trip. The promise
   * rejects when the transaction did not commit; left unread, it raises nothing.
   */
  readAtCommit<Row = Record<string, unknown>>(sql: string, params: unknown[]): Promise<Row[]>;
}

/** A statement queued to travel with COMMIT, and who waits for its rows. */
export interface AtCommit {
  sql: string;
  params: unknown[];
  rows?: { resolve: (rows: unknown[]) => void; reject: (error: unknown) => void };
}

/** Queues a statement whose rows are read after COMMIT (`Transaction.readAtCommit`). */
export function queueRead<Row>(queue: AtCommit[], sql: string, params: unknown[]): Promise<Row[]> {
  let rows: AtCommit['rows'];
  const read = new Promise<Row[]>((resolve, reject) => {
    rows = { resolve: (found) => resolve(found as Row[]), reject };
  });
  // A transaction that fails is reported by `transaction` itself: an unread rejection is no news.
  read.catch(() => undefined);
  queue.push({ sql, params, ...(rows ? { rows } : {}) });
  return read;
}

/** Settles every queued read: with its rows once committed, or with the failure. */
export function settleReads(
  queue: readonly AtCommit[],
  outcome: { rows: (i: number) => unknown[] } | { error: unknown },
): void {
  queue.forEach((statement, i) => {
    if (!statement.rows) return;
    if ('error' in outcome) statement.rows.reject(outcome.error);
    else statement.rows.resolve(outcome.rows(i));
  });
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
  transaction<T>(work: (tx: Transaction) => Promise<T>, options?: TransactionOptions): Promise<T>;
  close(): Promise<void>;
}

export interface TransactionOptions {
  /**
   * Every statement of the transaction is a lookup by key (a hot path): PostgreSQL plans each
   * once per connection for any values (generic plans), where choosing a plan for every
   * execution cost more than running it, and never as a scan of a whole table, so a plan made
   * while a table was small stays right as it grows. The same on PGlite, whose statements
   * with parameters are prepared once (pglite-statements.ts).
   */
  lookupsByKey?: boolean;
}

export interface DatabaseOptions {
  databaseUrl: string | null;
  /** Folder of the embedded database; `null` keeps it in memory (tests). */
  pgliteDir: string | null;
  /** Schema every connection works in; tests use a fresh one on a shared server. */
  schema?: string;
  /**
   * An in-memory PGlite starts from the image of a data folder saved in this file; where there
   * is none (or it cannot be read), a fresh database is prepared and its image saved there.
   * Tests start from a migrated database this way: loading it costs less than migrating.
   */
  pgliteImage?: PgliteImage;
}

/** A saved data folder to start an in-memory PGlite from, and how to make it. */
export interface PgliteImage {
  file: string;
  prepare(db: Database): Promise<void>;
}

/** Opens PostgreSQL when a URL is given, otherwise the embedded PGlite. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.schema)
    : openPglite(options.pgliteDir, options.schema, options.pgliteImage);
}

function assertSchemaName(schema: string): void {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`invalid schema name ${schema}`);
}

async function openPglite(
  dir: string | null,
  schema?: string,
  image?: PgliteImage,
): Promise<Database> {
  if (dir) fs.mkdirSync(path.dirname(dir), { recursive: true });
  const fromImage = !dir && image ? await loadInMemoryPglite(image.file) : null;
  const db = dir
    ? new PGlite(dir, { startParams: PGLITE_START_PARAMS })
    : (fromImage ?? (await newInMemoryPglite()));
  await db.waitReady;
  const stopCheckpoints = checkpointAsWalGrows(db);
  // PGlite runs one transaction at a time, so row locks would serialise nothing: the ledger
  // skips them where this is set (db/functions/ledger_post_transfer.sql).
  await db.exec('SET backlay.single_writer = on');
  if (schema) {
    assertSchemaName(schema);
    await db.exec(`CREATE SCHEMA IF NOT EXISTS ${schema}; SET search_path TO ${schema};`);
  }
  const origin = {};
  const statements = pgliteStatements(db);
  const wrap = (
    q: Pick<PGlite, 'exec'>,
    afterCommit: Queryable['afterCommit'],
    tx: PGliteTransaction | null,
  ): Queryable => ({
    async query<Row>(sql: string, params: unknown[] = []) {
      return statements.query<Row>(sql, params, tx);
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
    afterCommit,
    origin,
  });
  const database: Database = {
    kind: 'pglite',
    ...wrap(db, runAfterCommit, null),
    async transaction(work, options) {
      const effects: (() => void)[] = [];
      const atCommit: AtCommit[] = [];
      const read: unknown[][] = [];
      let result;
      try {
        result = await db.transaction(async (tx) => {
          if (options?.lookupsByKey) await tx.exec(KEY_LOOKUP_SCRIPT);
          const done = await work({
            ...wrap(tx, (effect) => effects.push(effect), tx),
            queryAtCommit: (sql, params) => atCommit.push({ sql, params }),
            readAtCommit: (sql, params) => queueRead(atCommit, sql, params),
          });
          for (const statement of atCommit) {
            read.push(await statements.query(statement.sql, statement.params, tx));
          }
          return done;
        });
      } catch (error) {
        settleReads(atCommit, { error });
        throw error;
      }
      settleReads(atCommit, { rows: (i) => read[i] ?? [] });
      effects.forEach(runAfterCommit);
      return result;
    },
    tryExclusiveRole: async () => async () => undefined,
    close: () => {
      stopCheckpoints();
      return db.close();
    },
  };
  if (!dir && image && !fromImage) {
    try {
      await image.prepare(database);
    } catch (error) {
      await database.close();
      throw error;
    }
    await saveInMemoryImage(db, image.file);
  }
  return database;
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

function namedQuery(sql: string, params: unknown[]): pg.QueryConfig {
  const name = statementName(sql);
  return { text: sql, values: params, ...(name ? { name } : {}) };
}

/** One statement on a client, named when it has parameters; `null` parameters: a script. */
const sendStatement: SendStatement = (client, sql, params) =>
  params === null ? client.query(sql) : client.query(namedQuery(sql, params));

async function openPostgres(url: string, schema?: string): Promise<Database> {
  if (schema) assertSchemaName(schema);
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // Statements sent together travel together (postgres-transaction.ts).
    pipeline: true,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle connection the server ends (a restart, a terminated backend) leaves the pool, and
  // the next query opens another. Unlistened, its error event would stop the whole process.
  pool.on('error', () => undefined);
  if (schema) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  const origin = {};
  return {
    kind: 'postgres',
    afterCommit: runAfterCommit,
    origin,
    async query<Row>(sql: string, params: unknown[] = []) {
      return (await pool.query(namedQuery(sql, params))).rows as Row[];
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    async transaction(work, options) {
      return inPostgresTransaction(pool, sendStatement, origin, work, options);
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
