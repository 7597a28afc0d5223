/**
 * For tests on PostgreSQL: how many rows `work` read of each named table, by the table's own
 * scans and through its indexes (PostgreSQL's per-transaction counters, read before and after it
 * in `tx`, not yet sent to its statistics). It tells a lookup by key (a few rows) from a scan
 * (all of them).
 */
import type { Queryable } from './database';

export async function rowsReadDuring<T>(
  tx: Queryable,
  tables: readonly string[],
  work: () => Promise<T>,
): Promise<{ result: T; read: number[] }> {
  const before = await rowsReadOf(tx, tables);
  const result = await work();
  const after = await rowsReadOf(tx, tables);
  return { result, read: after.map((count, t) => count - (before[t] ?? 0)) };
}

async function rowsReadOf(tx: Queryable, tables: readonly string[]): Promise<number[]> {
  const sql = `SELECT ${tables
    .map(
      (table, t) => `pg_stat_get_xact_tuples_returned('${table}'::regclass)
        + pg_stat_get_xact_tuples_fetched('${table}'::regclass)
        + (SELECT coalesce(sum(pg_stat_get_xact_tuples_fetched(indexrelid)), 0) FROM pg_index
           WHERE indrelid = '${table}'::regclass) AS t${t}`,
    )
    .join(', ')}`;
  const [row] = await tx.query<Record<string, string>>(sql);
  return tables.map((_, t) => Number(row?.[`t${t}`]));
}
