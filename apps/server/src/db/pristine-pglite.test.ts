import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { initdbImageFile, newInMemoryPglite } from './pristine-pglite';

describe('a new in-memory embedded database', () => {
  const opened: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    for (const db of opened.splice(0)) await db.close();
  });

  it('starts empty and apart from every other, whether from the saved image or not', async () => {
    const first = await newInMemoryPglite();
    opened.push(first);
    expect(fs.existsSync(initdbImageFile())).toBe(true);
    const second = await newInMemoryPglite();
    opened.push(second);
    await first.exec('CREATE TABLE only_here (n int); INSERT INTO only_here VALUES (1);');
    const tables = await second.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'`,
    );
    expect(tables.rows[0]?.n).toBe(0);
    expect((await first.query<{ n: number }>('SELECT n FROM only_here')).rows).toEqual([{ n: 1 }]);
  });

  it('makes the image again when the saved one cannot be read', async () => {
    const file = initdbImageFile();
    if (!fs.existsSync(file)) opened.push(await newInMemoryPglite());
    fs.writeFileSync(file, 'not a data folder');
    const db = await newInMemoryPglite();
    opened.push(db);
    expect((await db.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    expect(fs.statSync(file).size).toBeGreaterThan(1_000_000);
  });
});
