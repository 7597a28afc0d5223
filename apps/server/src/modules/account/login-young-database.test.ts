/**
 * A login's lookup on a young database (PostgreSQL): the players' and attempts' tables analyzed
 * while they held a handful of rows, and not again while they grow (autovacuum would, some time
 * later), as on a fresh install. PL/pgSQL keeps the plans made from those statistics for the
 * connection's life; `login_lookup` must still find the player and their attempts by key. Each
 * lookup counts the rows it reads of both tables, from PostgreSQL's per-transaction counters (by
 * the table's own scans and through its indexes).
 */
import { describe, expect, it } from 'vitest';
import { rowsReadDuring } from '../../db/rows-read-test-kit';
import { migratedTestDatabase } from '../../test-helper';
import { lookUpLogin } from './login-queries';
import { insertUser } from './users';

const TABLES = ['users', 'login_attempts'] as const;

describe.runIf(Boolean(process.env.DATABASE_URL))('a login on a young database', () => {
  it('finds the player and their attempts by key while the statistics say there are none', async () => {
    const db = await migratedTestDatabase('postgres');
    const domain = `young${Date.now()}.test`;
    const join = (userName: string) =>
      insertUser(db, {
        domain,
        userName,
        mobile: null,
        passwordHash: 'not a hash: never checked here',
        status: 'active',
        stakes: [],
        demoExpiresAt: null,
      });
    await join('first');
    for (const table of TABLES) {
      await db.exec(`ALTER TABLE ${table} SET (autovacuum_enabled = false); ANALYZE ${table}`);
    }
    // 400 players join and log in once each: rows the statistics do not know of.
    const names = Array.from({ length: 400 }, (_, i) => `player${i}`);
    for (const name of names) await join(name);
    await db.exec(
      `INSERT INTO login_attempts (domain, user_name, ip, browser, result)
       SELECT '${domain}', 'player' || i, '10.0.' || (i / 250) || '.' || (i % 250), 'test', 'Success'
       FROM generate_series(0, 399) AS i`,
    );

    const read: number[][] = TABLES.map(() => []);
    for (const name of names.slice(0, 60)) {
      const { result: found, read: counts } = await db.transaction((tx) =>
        rowsReadDuring(tx, TABLES, () =>
          lookUpLogin(tx, { domain, userName: name, ip: '10.9.9.9' }, new Date()),
        ),
      );
      TABLES.forEach((_, t) => read[t]?.push(counts[t] ?? 0));
      expect(found.user?.user_name).toBe(name);
      expect(found.knownAddress).toBe(false);
    }
    // A lookup by key reads the player's row (1) and their attempts here (none from this
    // address); a scan read every player (401).
    const most = Object.fromEntries(
      TABLES.map((table, t) => [table, Math.max(...(read[t] ?? []))]),
    );
    expect(most).toEqual({
      users: expect.toSatisfy((n: number) => n <= 4),
      login_attempts: expect.toSatisfy((n: number) => n <= 4),
    });
  }, 120_000);
});
