/**
 * The studio's table settings saved from the console (`house_game_table_settings`, migration
 * 0033): per game code, the values that differ from the configuration, and the version the
 * next save must name.
 */
import type { Queryable } from '../../db/database';

export interface TableOverrideRow {
  game_code: string;
  values: Record<string, unknown>;
  version: number;
  updated_by: string;
  updated_at: Date;
}

const COLUMNS = 'game_code, "values", version, updated_by, updated_at';

/** Every game's saved values, or one game's. */
export async function readOverrides(q: Queryable, gameCode?: string): Promise<TableOverrideRow[]> {
  return gameCode === undefined
    ? q.query<TableOverrideRow>(`SELECT ${COLUMNS} FROM house_game_table_settings`)
    : q.query<TableOverrideRow>(
        `SELECT ${COLUMNS} FROM house_game_table_settings WHERE game_code = $1`,
        [gameCode],
      );
}

/** A game's saved values under its row lock (none before its first save). */
export async function lockOverride(
  q: Queryable,
  gameCode: string,
): Promise<TableOverrideRow | undefined> {
  const [row] = await q.query<TableOverrideRow>(
    `SELECT ${COLUMNS} FROM house_game_table_settings WHERE game_code = $1 FOR UPDATE`,
    [gameCode],
  );
  return row;
}

/**
 * Saves a game's values as the version after `version`; undefined when `version` is no longer
 * the latest (someone saved in between, or the first save raced another).
 */
export async function saveOverride(
  q: Queryable,
  save: { gameCode: string; version: number; values: Record<string, unknown>; by: string },
): Promise<TableOverrideRow | undefined> {
  const values = JSON.stringify(save.values);
  const [row] =
    save.version === 0
      ? await q.query<TableOverrideRow>(
          `INSERT INTO house_game_table_settings (game_code, "values", version, updated_by)
           VALUES ($1, $2::jsonb, 1, $3) ON CONFLICT (game_code) DO NOTHING
           RETURNING ${COLUMNS}`,
          [save.gameCode, values, save.by],
        )
      : await q.query<TableOverrideRow>(
          `UPDATE house_game_table_settings
           SET "values" = $2::jsonb, version = version + 1, updated_by = $4, updated_at = now()
           WHERE game_code = $1 AND version = $3
           RETURNING ${COLUMNS}`,
          [save.gameCode, values, save.version, save.by],
        );
  return row;
}
