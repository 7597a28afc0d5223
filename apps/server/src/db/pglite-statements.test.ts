import type { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { newInMemoryPglite } from './pristine-pglite';
import { pgliteStatements } from './pglite-statements';

const opened: PGlite[] = [];
afterAll(async () => {
  await Promise.all(opened.map((pg) => pg.close()));
});

async function freshPglite(): Promise<PGlite> {
  const pg = await newInMemoryPglite();
  opened.push(pg);
  return pg;
}

describe('prepared statements on PGlite', () => {
  it('reads every type as PGlite itself does, and prepares each text once', async () => {
    const pg = await freshPglite();
    const statements = pgliteStatements(pg);
    const sql = `SELECT $1::int AS n, $2::bigint AS big, $3::text[] AS list, $4::jsonb AS doc,
      $5::timestamptz AS at, $6::uuid AS id, $7::numeric AS amount, $8::text AS missing,
      $9::boolean AS yes, $10::int[] AS ticks, $11::bytea AS raw`;
    const params = [
      7,
      '9007199254740993',
      ['a', "b'c", 'd,e'],
      { nested: [1, 'two', null] },
      new Date('2026-11-29T10:00:00.000Z'),
      '6f1c2a9e-3c8b-4b7e-9a51-2f6a1c0d9e11',
      '12.50',
      null,
      true,
      [1, 2, 3],
      new Uint8Array([0, 255, 7]),
    ];
    const expected = (await pg.query(sql, params)).rows;
    for (let i = 0; i < 3; i++) {
      expect(await statements.query(sql, params, null)).toEqual(expected);
    }
    const prepared = await pg.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM pg_prepared_statements',
    );
    expect(prepared.rows[0]?.n).toBe(1);
  });

  it('fails a statement with the database error and keeps the connection usable', async () => {
    const pg = await freshPglite();
    const statements = pgliteStatements(pg);
    await pg.exec('CREATE TABLE probe (id int PRIMARY KEY)');
    await statements.query('INSERT INTO probe (id) VALUES ($1)', [1], null);
    await expect(
      statements.query('INSERT INTO probe (id) VALUES ($1)', [1], null),
    ).rejects.toMatchObject({ code: '23505' });
    await expect(statements.query('SELEC $1', [1], null)).rejects.toMatchObject({
      code: '42601',
    });
    // In a transaction: the failure aborts it, PGlite rolls it back, nothing is left behind.
    await expect(
      pg.transaction(async (tx) => {
        await statements.query('INSERT INTO probe (id) VALUES ($1)', [2], tx);
        await statements.query('INSERT INTO probe (id) VALUES ($1)', [1], tx);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    const rows = await statements.query<{ id: number }>(
      'SELECT id FROM probe WHERE id > $1 ORDER BY id',
      [0],
      null,
    );
    expect(rows).toEqual([{ id: 1 }]);
  });

  it('prepares a statement again when a schema change alters its result', async () => {
    const pg = await freshPglite();
    const statements = pgliteStatements(pg);
    await pg.exec('CREATE TABLE shape (id int, name text)');
    await pg.exec("INSERT INTO shape VALUES (1, 'one')");
    const sql = 'SELECT * FROM shape WHERE id = $1';
    expect(await statements.query(sql, [1], null)).toEqual([{ id: 1, name: 'one' }]);
    await pg.exec('ALTER TABLE shape ADD COLUMN size int');
    // The engine refuses the old plan once; the next call prepares the text anew.
    const first = await statements.query(sql, [1], null).catch((error: unknown) => error);
    const rows = first instanceof Error ? await statements.query(sql, [1], null) : first;
    expect(rows).toEqual([{ id: 1, name: 'one', size: null }]);
  });

  it('lets one transaction run at a time, as PGlite does', async () => {
    const pg = await freshPglite();
    const statements = pgliteStatements(pg);
    await pg.exec('CREATE TABLE turns (id int)');
    const order: string[] = [];
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let entered: () => void = () => undefined;
    const begun = new Promise<void>((resolve) => (entered = resolve));
    const inside = pg.transaction(async (tx) => {
      await statements.query('INSERT INTO turns VALUES ($1)', [1], tx);
      order.push('in transaction');
      entered();
      await held;
      order.push('transaction ends');
    });
    await begun;
    // A statement outside the transaction waits for it rather than running inside it.
    const outside = statements
      .query<{ n: number }>('SELECT count(*)::int AS n FROM turns WHERE id >= $1', [0], null)
      .then((rows) => order.push(`outside saw ${rows[0]?.n}`));
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await Promise.all([inside, outside]);
    expect(order).toEqual(['in transaction', 'transaction ends', 'outside saw 1']);
  });
});
