import { describe, expect, it } from 'vitest';
import { migratedTestDatabase } from '../test-helper';
import { BUSY_TABLES, maintainEmbeddedDatabase } from './maintenance';

describe('embedded database housekeeping', () => {
  it('vacuums and analyses the busy tables of PGlite', async () => {
    const db = await migratedTestDatabase('pglite');
    await db.query(
      `INSERT INTO sport_events (external_id, sport_id, competition, title, participants, start_at, status)
       VALUES ('m-1', 3, 'C', 'A v B', ARRAY['A', 'B'], now(), 'UPCOMING')`,
    );
    for (let i = 0; i < 5; i++) await db.query(`UPDATE sport_events SET score = '{}'::jsonb`);
    expect(await maintainEmbeddedDatabase(db)).toBe(true);
    const [stats] = await db.query<{ last: Date | null }>(
      `SELECT coalesce(last_vacuum, last_analyze) AS last
       FROM pg_stat_user_tables WHERE relname = 'sport_events'`,
    );
    expect(stats?.last).not.toBeNull();
    // Every busy table, the casino's and the studio's among them, was analysed.
    const analysed = await db.query<{ relname: string }>(
      `SELECT relname FROM pg_stat_user_tables WHERE relname = ANY ($1::text[])
         AND last_analyze IS NOT NULL ORDER BY relname`,
      [[...BUSY_TABLES]],
    );
    expect(analysed.map((row) => row.relname)).toEqual([...BUSY_TABLES].sort());
    expect(BUSY_TABLES).toEqual(expect.arrayContaining(['casino_rounds', 'house_game_bets']));
  });
});
