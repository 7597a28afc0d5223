import { describe, expect, it } from 'vitest';
import { testDatabase, TEST_BACKENDS } from '../test-helper';

describe.each(TEST_BACKENDS)('a transaction on %s', (backend) => {
  it('commits every statement together, or none when one fails', async () => {
    const db = await testDatabase(backend);
    await db.exec('CREATE TABLE tx_probe (id int PRIMARY KEY)');
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO tx_probe (id) VALUES ($1)', [1]);
      await tx.query('INSERT INTO tx_probe (id) VALUES ($1)', [2]);
    });
    // The first statement (sent with BEGIN) is undone when a later one fails.
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO tx_probe (id) VALUES ($1)', [3]);
        await tx.query('INSERT INTO tx_probe (id) VALUES ($1)', [1]);
      }),
    ).rejects.toThrow(/duplicate key/);
    // A failing first statement leaves nothing behind either.
    await expect(
      db.transaction((tx) => tx.query('INSERT INTO tx_probe (id) VALUES ($1)', [2])),
    ).rejects.toThrow(/duplicate key/);
    const rows = await db.query<{ id: number }>('SELECT id FROM tx_probe ORDER BY id');
    expect(rows.map((row) => row.id)).toEqual([1, 2]);
  });

  it('does not report as committed what a swallowed failure rolled back', async () => {
    const db = await testDatabase(backend);
    await db.exec('CREATE TABLE tx_swallowed (id int PRIMARY KEY)');
    await db.exec('INSERT INTO tx_swallowed (id) VALUES (1)');
    const outcome = db.transaction(async (tx) => {
      await tx.query('INSERT INTO tx_swallowed (id) VALUES ($1)', [2]);
      await tx.query('INSERT INTO tx_swallowed (id) VALUES ($1)', [1]).catch(() => undefined);
      return 'done';
    });
    await expect(outcome).rejects.toThrow();
    const rows = await db.query<{ id: number }>('SELECT id FROM tx_swallowed ORDER BY id');
    expect(rows.map((row) => row.id)).toEqual([1]);
  });

  it('writes statements queued for COMMIT with it, and rolls all back when one fails', async () => {
    const db = await testDatabase(backend);
    await db.exec('CREATE TABLE tx_at_commit (id int PRIMARY KEY)');
    const order: string[] = [];
    const answer = await db.transaction(async (tx) => {
      await tx.query('INSERT INTO tx_at_commit (id) VALUES ($1)', [1]);
      tx.queryAtCommit('INSERT INTO tx_at_commit (id) VALUES ($1)', [2]);
      tx.afterCommit(() => order.push('after commit'));
      // Queued, not yet written: the transaction itself does not see it.
      const seen = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM tx_at_commit');
      order.push(`saw ${seen[0]?.n}`);
      return 'done';
    });
    expect(answer).toBe('done');
    expect(order).toEqual(['saw 1', 'after commit']);
    // Only queued statements: BEGIN travels with them.
    await db.transaction(async (tx) => {
      tx.queryAtCommit('INSERT INTO tx_at_commit (id) VALUES ($1)', [3]);
    });
    // A queued statement that fails undoes what was written before it, and fails the work.
    const effects: string[] = [];
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO tx_at_commit (id) VALUES ($1)', [4]);
        tx.queryAtCommit('INSERT INTO tx_at_commit (id) VALUES ($1)', [5]);
        tx.queryAtCommit('INSERT INTO tx_at_commit (id) VALUES ($1)', [1]);
        tx.afterCommit(() => effects.push('ran'));
      }),
    ).rejects.toThrow(/duplicate key/);
    expect(effects).toEqual([]);
    const rows = await db.query<{ id: number }>('SELECT id FROM tx_at_commit ORDER BY id');
    expect(rows.map((row) => row.id)).toEqual([1, 2, 3]);
    // The connection is clean for the next transaction.
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO tx_at_commit (id) VALUES ($1)', [6]);
    });
    expect(await db.query('SELECT id FROM tx_at_commit WHERE id = 6')).toHaveLength(1);
  });

  it('reads the rows of a statement queued for COMMIT once committed, and fails them with it', async () => {
    const db = await testDatabase(backend);
    await db.exec('CREATE TABLE tx_read_at_commit (id int PRIMARY KEY)');
    let read: Promise<{ id: number }[]> = Promise.resolve([]);
    await db.transaction(async (tx) => {
      tx.queryAtCommit('INSERT INTO tx_read_at_commit (id) VALUES ($1)', [1]);
      read = tx.readAtCommit(
        'INSERT INTO tx_read_at_commit (id) VALUES ($1), ($2) RETURNING id',
        [2, 3],
      );
    });
    expect((await read).map((row) => row.id)).toEqual([2, 3]);
    await expect(
      db.transaction(async (tx) => {
        read = tx.readAtCommit('INSERT INTO tx_read_at_commit (id) VALUES ($1) RETURNING id', [4]);
        tx.queryAtCommit('INSERT INTO tx_read_at_commit (id) VALUES ($1)', [1]);
      }),
    ).rejects.toThrow(/duplicate key/);
    await expect(read).rejects.toThrow(/duplicate key/);
    const rows = await db.query<{ id: number }>('SELECT id FROM tx_read_at_commit ORDER BY id');
    expect(rows.map((row) => row.id)).toEqual([1, 2, 3]);
  });

  it('keeps key-lookup settings inside the transaction that asked for them', async () => {
    if (backend !== 'postgres') return; // PGlite plans every statement for its values
    const db = await testDatabase(backend);
    const settings = `SELECT current_setting('plan_cache_mode') AS plans,
      current_setting('enable_seqscan') AS scans, current_setting('enable_hashjoin') AS hashes`;
    const inside = await db.transaction((tx) => tx.query(settings), { lookupsByKey: true });
    expect(inside).toEqual([{ plans: 'force_generic_plan', scans: 'off', hashes: 'off' }]);
    // The pool's connections go back as they were, for the next transaction and query.
    for (let i = 0; i < 12; i++) {
      expect(await db.query(settings)).toEqual([{ plans: 'auto', scans: 'on', hashes: 'on' }]);
      expect(await db.transaction((tx) => tx.query(settings))).toEqual([
        { plans: 'auto', scans: 'on', hashes: 'on' },
      ]);
    }
  });
});
