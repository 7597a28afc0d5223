/**
 * `ledgerAfterWrites` with `expectPosted`: a statement sent with COMMIT, whose rows nobody reads
 * before it commits, must fail its own transaction unless the ledger call posted every move.
 * The call here stands in for the ledger's (its rows are given), so each way it can go wrong is
 * tried on purpose; the writes before it must go when it fails.
 */
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { TEST_BACKENDS } from '../../test-helper';
import { ledgerAfterWrites } from './ledger';
import { walletTestDatabase } from './wallet-test-helpers';

interface Row {
  n: number;
  result: string;
}

/** A statement writing `mark` to the probe table, then "posting" the given results. */
function statement(mark: number, results: readonly string[], expectPosted?: number) {
  return ledgerAfterWrites(
    (first) => ({
      ctes: `w AS (INSERT INTO after_writes_probe (mark) VALUES ($${first}::int) RETURNING 1)`,
      params: [mark],
    }),
    {
      sql: `SELECT c.n::int AS n, c.result
        FROM unnest($1::text[]) WITH ORDINALITY AS c (result, n)
        -- After the writes, as the ledger's call comes after the bets it holds for.
        WHERE (SELECT count(*) FROM w) = 1`,
      params: [results],
    },
    'n, result',
    expectPosted,
  );
}

/** Sends the statement with COMMIT, as a bet group does; answers its rows or the failure. */
async function atCommit(db: Database, sql: { sql: string; params: unknown[] }) {
  let rows: Promise<Row[]> | undefined;
  try {
    await db.transaction(async (tx) => {
      rows = tx.readAtCommit<Row>(sql.sql, sql.params);
    });
    return { rows: await rows };
  } catch (error) {
    await expect(rows).rejects.toBe(error);
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

async function marks(db: Database): Promise<number[]> {
  const rows = await db.query<{ mark: number }>(
    'SELECT mark FROM after_writes_probe ORDER BY mark',
  );
  return rows.map((row) => row.mark);
}

describe.each(TEST_BACKENDS)('a ledger call after writes, checked, on %s', async (backend) => {
  const db = await walletTestDatabase(backend);
  await db.exec('CREATE TABLE after_writes_probe (mark int PRIMARY KEY)');

  it('commits, and answers the rows, when every move posted', async () => {
    expect(await atCommit(db, statement(1, ['ok', 'ok'], 2))).toEqual({
      rows: [
        { n: 1, result: 'ok' },
        { n: 2, result: 'ok' },
      ],
    });
    expect(await marks(db)).toContain(1);
  });

  it.each([
    ['a move refused', ['ok', 'insufficient_funds'], 2, 'ledger postings that went through'],
    ['a move not answered', ['ok'], 2, 'ledger answers'],
    ['no move answered', [], 1, 'ledger answers'],
    ['a move too many', ['ok', 'ok', 'ok'], 2, 'ledger answers'],
  ])('fails its transaction, and its writes go, with %s', async (_, results, expected, what) => {
    const mark = 10 + results.length + expected;
    const outcome = await atCommit(db, statement(mark, results, expected));
    expect(outcome.error).toContain(what);
    expect(await marks(db)).not.toContain(mark);
  });

  it('leaves the check to the caller without expectPosted', async () => {
    expect(await atCommit(db, statement(30, ['insufficient_funds']))).toEqual({
      rows: [{ n: 1, result: 'insufficient_funds' }],
    });
    expect(await marks(db)).toContain(30);
  });
});
