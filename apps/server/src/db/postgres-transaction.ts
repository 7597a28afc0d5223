/**
 * A transaction on one pooled PostgreSQL connection, with BEGIN (and the transaction's
 * settings) sent in the same write as its first statement: one round trip fewer per
 * transaction, which for a placement (lock and read, write, commit) is a quarter of them.
 *
 * The pool's connections pipeline (pg's `pipeline` mode): statements sent together still get
 * their own results and errors, and the server runs them in order. BEGIN fails only with the
 * connection, and then so does the statement behind it, which never runs outside the
 * transaction.
 */
import type pg from 'pg';
import { runAfterCommit } from './after-commit';
import {
  queueRead,
  settleReads,
  type AtCommit,
  type Transaction,
  type TransactionOptions,
} from './database';

/** Sends one statement (named when it has parameters) without waiting for the one before. */
export type SendStatement = (
  client: pg.PoolClient,
  sql: string,
  params: unknown[] | null,
) => Promise<pg.QueryResult>;

/**
 * A transaction of key lookups (TransactionOptions.lookupsByKey): plans made once per connection,
 * and joined by probing indexes row by row, never by scanning a table or a whole index to hash
 * or merge it, whatever the statistics said when the plan was made. These settings alone do not
 * decide which side of a join probes the other: a plan made while a table looked empty may read
 * all of its index for every row of the other side. So a statement of such a transaction finds
 * the rows of a table that grows from its requests' keys: `= ANY` of the keys, or a LATERAL
 * subquery with OFFSET 0 (which the planner keeps as it is written).
 */
const KEY_LOOKUP_SETTINGS = [
  'plan_cache_mode = force_generic_plan',
  'enable_seqscan = off',
  'enable_hashjoin = off',
  'enable_mergejoin = off',
];

/** The settings of a transaction of key lookups, as a script run right after BEGIN. */
export const KEY_LOOKUP_SCRIPT = KEY_LOOKUP_SETTINGS.map((setting) => `SET LOCAL ${setting}`).join(
  '; ',
);

/**
 * Waits for every answer of statements sent together (pipelined), so none is left unhandled,
 * and throws the first failure in the order sent: those after it fail only because it aborted
 * the transaction. Once it returns, each promise holds its answer.
 */
export async function everyAnswer(sent: readonly Promise<unknown>[]): Promise<void> {
  const answers = await Promise.allSettled(sent);
  const failed = answers.find((answer) => answer.status === 'rejected');
  if (failed) throw failed.reason;
}

/** What opens a transaction; settings made LOCAL end with it. */
function openingOf(options: TransactionOptions): string {
  return options.lookupsByKey ? `BEGIN; ${KEY_LOOKUP_SCRIPT}` : 'BEGIN';
}

/** Runs `work` in one transaction on a client of `pool`: committed when it resolves. */
export async function inPostgresTransaction<T>(
  pool: pg.Pool,
  send: SendStatement,
  origin: object,
  work: (tx: Transaction) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  const client = await pool.connect();
  let opening: string | null = openingOf(options);

  async function run(sql: string, params: unknown[] | null): Promise<pg.QueryResult> {
    if (!opening) return send(client, sql, params);
    const begin = opening;
    opening = null;
    // One write for both: a corked socket sends what the statements queued when uncorked.
    const stream = client.connection.stream;
    stream.cork();
    let sent: [Promise<pg.QueryResult>, Promise<pg.QueryResult>];
    try {
      sent = [send(client, begin, null), send(client, sql, params)];
    } finally {
      stream.uncork();
    }
    await everyAnswer(sent);
    return sent[1];
  }

  /**
   * Sends the queued last statements and COMMIT in one write (with BEGIN too when nothing was
   * sent yet); resolves when COMMIT is answered. A transaction that a failed statement aborted
   * answers COMMIT with ROLLBACK, not an error: the failed statement's error is the one thrown.
   */
  async function commit(): Promise<void> {
    if (opening && atCommit.length === 0) return;
    const stream = client.connection.stream;
    stream.cork();
    let sent: Promise<pg.QueryResult>[];
    try {
      sent = [
        ...(opening ? [send(client, opening, null)] : []),
        ...atCommit.map((statement) => send(client, statement.sql, statement.params)),
        send(client, 'COMMIT', null),
      ];
      opening = null;
    } finally {
      stream.uncork();
    }
    await everyAnswer(sent);
    const answers = await Promise.all(sent);
    if (answers.at(-1)?.command !== 'COMMIT') {
      throw new Error('the transaction rolled back instead of committing');
    }
    const first = answers.length - 1 - atCommit.length;
    settleReads(atCommit, { rows: (i) => answers[first + i]?.rows ?? [] });
  }

  const effects: (() => void)[] = [];
  const atCommit: AtCommit[] = [];
  try {
    const result = await work({
      async query<Row>(sql: string, params: unknown[] = []) {
        return (await run(sql, params)).rows as Row[];
      },
      async exec(sql: string) {
        await run(sql, null);
      },
      queryAtCommit: (sql, params) => atCommit.push({ sql, params }),
      readAtCommit: (sql, params) => queueRead(atCommit, sql, params),
      afterCommit: (effect) => effects.push(effect),
      origin,
    });
    await commit();
    effects.forEach(runAfterCommit);
    return result;
  } catch (error) {
    settleReads(atCommit, { error });
    if (!opening) await send(client, 'ROLLBACK', null).catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
