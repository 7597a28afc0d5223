/**
 * The studio's table settings, keyed by game code: what each table plays by now, changed from
 * the console without a restart.
 *
 * Effective settings, in this order (each overriding the one before): the configuration file
 * (`config/house-games.json`), the environment (`CRASH_MAX_BET_MINOR`, …), and the values saved
 * from the console (table `house_game_table_settings`). The console keeps only the values that
 * differ from the file and environment, so a later change of those still reaches every value the
 * console did not set. Should the saved values no longer fit the configuration (a bound moved
 * under them), the table is paused (`enabled: false`) and the console says why, rather than
 * playing by a mix nobody chose.
 *
 * How a game plugs in: its values schema goes in the contract's `STUDIO_TABLE_VALUES` under its
 * game code (a strict zod object of flat numbers and switches, with an `enabled` switch, its
 * bounds and its cross-field refusals); its plugin calls `register` with that schema and its
 * configured values (file ← environment), and reads `current()` of the handle it gets back when
 * it decides (a bet, a round), calling `refresh()` once per round so a save made on another
 * instance reaches it by the next round (a save on this instance reaches it at once).
 */
import {
  STUDIO_TABLE_VALUES,
  type StudioTable,
  type StudioValueSource,
} from '@backlay/contract/admin-studio-tables';
import type { z } from 'zod';
import type { Database, Transaction } from '../../db/database';
import {
  lockOverride,
  readOverrides,
  saveOverride,
  type TableOverrideRow,
} from './table-settings-store';

/** How long a table's saved values are read from memory before the database is asked again. */
export const TABLE_SETTINGS_MAX_AGE_MS = 1_000;

type Values = Record<string, unknown>;

/** A table as its game registers it. */
export interface TableGame<V extends Values> {
  gameCode: string;
  /** Its name in the console. */
  name: string;
  /** The contract's values schema of the game (`STUDIO_TABLE_VALUES[gameCode]`). */
  schema: z.ZodType<V>;
  /** Its values from the file overridden by the environment: every key of the schema. */
  configured: V;
  /** The keys the environment set (the others come from the file). */
  fromEnvironment: readonly string[];
}

/** A registered table's settings, as its game reads them. */
export interface TableSettingsHandle<V extends Values> {
  /** The values in force now (the same object until they change). */
  current(): V;
  /** Reads the console's values again, unless read less than a moment ago. */
  refresh(): Promise<void>;
}

/** A console save's outcome. */
export type TableUpdate =
  | { outcome: 'saved'; table: StudioTable }
  | { outcome: 'unknown' }
  | { outcome: 'stale' }
  | { outcome: 'invalid'; issues: { path: string; message: string }[] };

export interface TableChange {
  gameCode: string;
  before: Values;
  after: Values;
}

export interface TableSettings {
  register<V extends Values>(game: TableGame<V>): TableSettingsHandle<V>;
  /** The values a table plays by now; undefined for a game not registered. */
  current(gameCode: string): Values | undefined;
  /** Every table as the console shows it, its saved values read again. */
  list(): Promise<StudioTable[]>;
  /**
   * Saves a table's values from the console over `version`: refused, changing nothing, when the
   * values break the game's schema or the version is not the latest. `record` runs in the
   * save's transaction (the audit entry), so the save and its record commit together.
   */
  update(
    gameCode: string,
    request: { version: number; values: unknown },
    operator: { userName: string },
    record?: (tx: Transaction, change: TableChange) => Promise<void>,
  ): Promise<TableUpdate>;
  /**
   * Called when a table's values in force change: at once after a save on this instance, and
   * when `refresh` reads one made on another.
   */
  onChange(listener: (change: TableChange) => void): () => void;
  /** Reads every table's saved values again. */
  refresh(): Promise<void>;
}

interface Registered {
  game: TableGame<Values>;
  row: TableOverrideRow | undefined;
  effective: Values;
  problem: string | null;
  readAt: number;
}

/** The first issue of a failed parse, in words. */
function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? `${issue.path.join('.')}: ${issue.message}`.replace(/^: /, '') : 'not valid';
}

/** The values that differ from the configured ones: what the console keeps. */
function differing(values: Values, configured: Values): Values {
  return Object.fromEntries(
    Object.entries(values).filter(([key, value]) => configured[key] !== value),
  );
}

export function createTableSettings(options: {
  db: Database;
  log: { error(object: unknown, message: string): void };
  /** The clock of the cache (tests move it). */
  now?: () => number;
}): TableSettings {
  const { db, log } = options;
  const now = options.now ?? Date.now;
  const tables = new Map<string, Registered>();
  const listeners = new Set<(change: TableChange) => void>();

  /**
   * Applies a table's saved row: the merge, checked by the game's schema. The listeners hear of
   * every change of the values in force, whichever instance saved them.
   */
  function apply(entry: Registered, row: TableOverrideRow | undefined): void {
    const { game } = entry;
    // A read that began before a save here committed must not bring back the older version.
    if (row && entry.row && row.version < entry.row.version) return;
    const before = entry.effective;
    entry.row = row;
    const merged = game.schema.safeParse({ ...game.configured, ...(row?.values ?? {}) });
    if (merged.success) {
      entry.effective = merged.data;
      entry.problem = null;
    } else {
      // Fail closed: a table never plays by values nobody chose.
      const problem = `The console's settings no longer fit the configuration (${firstIssue(merged.error)}); the table is paused until they are saved again.`;
      if (entry.problem !== problem) log.error({ game: game.gameCode }, `house games: ${problem}`);
      entry.effective = { ...game.configured, enabled: false };
      entry.problem = problem;
    }
    if (JSON.stringify(before) === JSON.stringify(entry.effective)) {
      entry.effective = before;
      return;
    }
    const change = { gameCode: game.gameCode, before, after: entry.effective };
    for (const listener of listeners) listener(change);
  }

  async function readTables(gameCode?: string): Promise<void> {
    const rows = await readOverrides(db, gameCode);
    const byCode = new Map(rows.map((row) => [row.game_code, row]));
    const readAt = now();
    for (const entry of tables.values()) {
      if (gameCode !== undefined && entry.game.gameCode !== gameCode) continue;
      apply(entry, byCode.get(entry.game.gameCode));
      entry.readAt = readAt;
    }
  }

  function view(entry: Registered): StudioTable {
    const { game, row } = entry;
    const saved = row?.values ?? {};
    const sources: Record<string, StudioValueSource> = {};
    for (const key of Object.keys(game.configured)) {
      sources[key] =
        key in saved && entry.problem === null
          ? 'console'
          : game.fromEnvironment.includes(key)
            ? 'environment'
            : 'file';
    }
    return {
      gameCode: game.gameCode,
      name: game.name,
      values: entry.effective as StudioTable['values'],
      configured: game.configured as StudioTable['configured'],
      sources,
      problem: entry.problem,
      version: row?.version ?? 0,
      updatedBy: row?.updated_by ?? null,
      updatedAt: row?.updated_at.toISOString() ?? null,
    };
  }

  return {
    register<V extends Values>(game: TableGame<V>): TableSettingsHandle<V> {
      if (tables.has(game.gameCode)) throw new Error(`table ${game.gameCode} registered twice`);
      if (STUDIO_TABLE_VALUES[game.gameCode] !== game.schema) {
        throw new Error(`table ${game.gameCode} must use its contract schema`);
      }
      const configured = game.schema.safeParse(game.configured);
      if (!configured.success) {
        throw new Error(`table ${game.gameCode}'s configuration: ${firstIssue(configured.error)}`);
      }
      const entry: Registered = {
        game: game as TableGame<Values>,
        row: undefined,
        effective: configured.data,
        problem: null,
        readAt: Number.NEGATIVE_INFINITY,
      };
      tables.set(game.gameCode, entry);
      // One read at a time: the callers of the same moment share it.
      let reading: Promise<void> | null = null;
      return {
        current: () => entry.effective as V,
        refresh: () => {
          if (now() - entry.readAt < TABLE_SETTINGS_MAX_AGE_MS) return Promise.resolve();
          reading ??= readTables(game.gameCode).finally(() => {
            reading = null;
          });
          return reading;
        },
      };
    },

    current: (gameCode) => tables.get(gameCode)?.effective,

    async list() {
      await readTables();
      return [...tables.values()].map(view);
    },

    async update(gameCode, request, operator, record) {
      const entry = tables.get(gameCode);
      if (!entry) return { outcome: 'unknown' };
      const parsed = entry.game.schema.safeParse(request.values);
      if (!parsed.success) {
        return {
          outcome: 'invalid',
          issues: parsed.error.issues.map((issue) => ({
            path: ['values', ...issue.path].join('.'),
            message: issue.message,
          })),
        };
      }
      const saved = await db.transaction(async (tx) => {
        const locked = await lockOverride(tx, gameCode);
        if ((locked?.version ?? 0) !== request.version) return undefined;
        const before = { ...entry.game.configured, ...(locked?.values ?? {}) };
        const row = await saveOverride(tx, {
          gameCode,
          version: request.version,
          values: differing(parsed.data, entry.game.configured),
          by: operator.userName,
        });
        if (!row) return undefined;
        await record?.(tx, { gameCode, before, after: parsed.data });
        tx.afterCommit(() => {
          apply(entry, row);
          entry.readAt = now();
        });
        return row;
      });
      if (!saved) return { outcome: 'stale' };
      return { outcome: 'saved', table: view(entry) };
    },

    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    refresh: () => readTables(),
  };
}
