import { describe, expect, it } from 'vitest';
import { testDatabase } from '../test-helper';

describe.skipIf(!process.env.DATABASE_URL)('a connection PostgreSQL ends while it is idle', () => {
  it('leaves the pool without stopping the process, and the next query opens another', async () => {
    const db = await testDatabase('postgres');
    const [first] = await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const other = await testDatabase('postgres');
    await other.query('SELECT pg_terminate_backend($1)', [first?.pid]);
    // The idle client hears of it; without a listener on the pool that error is uncaught and
    // the test run reports it.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const [next] = await db.query<{ pid: number; one: number }>(
      'SELECT pg_backend_pid() AS pid, 1 AS one',
    );
    expect(next?.one).toBe(1);
    expect(next?.pid).not.toBe(first?.pid);
  });
});
