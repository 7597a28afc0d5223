/**
 * The studio's configuration: whether it runs (`HOUSE_GAMES`), where the games' built bundles
 * are (`HOUSE_GAMES_DIST_DIR`), and each table's rules from `config/house-games.json`
 * (`HOUSE_GAMES_CONFIG` names another file), every rule overridable by its own variable
 * (`CRASH_HOUSE_EDGE_BP`, …). Bad values stop the server at start with a sentence saying which.
 * The console may override a table's values in turn (`table-settings.ts`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CRASH_SETTING_BOUNDS } from '@backlay/contract/admin-studio-tables';
import { ConfigError } from '../../config-error';
import { CARD_GAME_CODES, type CardGameCode } from '@backlay/contract/card-games';
import { loadCardTablesSettings, type CardTablesSettings } from './cards/card-settings';
import { cardValuesFromEnvironment } from './table-settings-cards';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');

/** The crash table's rules. */
export interface CrashTableSettings {
  houseEdgeBp: number;
  minBetMinor: number;
  maxBetMinor: number;
  /** The most one bet wins in a round, stake included. */
  maxWinMinor: number;
  maxAutoCashOutCenti: number;
  /** Rounds per hash chain; a new chain (and terminating hash) follows the last one. */
  chainLength: number;
  /** The chain's public salt (the HMAC key of the crash points). */
  salt: string;
  bettingMs: number;
  tickMs: number;
  pauseMs: number;
  /** False: the table plays no rounds (paused for maintenance). Absent: it plays. */
  enabled?: boolean;
}

export interface HouseGamesSettings {
  /** Whether the studio serves `/games/<provider>/…` (on unless `HOUSE_GAMES=off`). */
  enabled: boolean;
  /** Where the games' bundles are built: the crash game's is `<distDir>/crash/`. */
  distDir: string;
  /**
   * The database role (advisory lock key) of the one instance that runs the tables among those
   * sharing a database (`HOUSE_GAMES_ROLE_KEY`; tests sharing one server each take their own).
   */
  roleKey: number;
  /** Whether tables play rounds by themselves (always, but for tests that drive them by hand). */
  autoRun: boolean;
  /** Game sockets one address may hold at once (`HOUSE_GAMES_CONNECTIONS_PER_ADDRESS`). */
  connectionsPerAddress: number;
  crash: CrashTableSettings;
  /** The card tables' rules (`cards/card-settings.ts`); absent: the card games are not served. */
  cards?: CardTablesSettings;
  /** Each card table's values the environment set (as the console names them). */
  cardsFromEnvironment?: Partial<Record<CardGameCode, readonly string[]>>;
  /** The crash rules the environment set (the others come from the file). */
  crashFromEnvironment?: readonly string[];
}

/** The default role key of the studio's tables. */
export const HOUSE_GAMES_ROLE_KEY = 7_262_027;

/**
 * Each crash rule: its variable and its bounds (money in paise, times in ms), the bounds the
 * console's values are held to as well.
 */
const CRASH_RULES: Record<
  Exclude<keyof CrashTableSettings, 'salt' | 'enabled'>,
  { env: string; min: number; max: number }
> = {
  houseEdgeBp: { env: 'CRASH_HOUSE_EDGE_BP', ...CRASH_SETTING_BOUNDS.houseEdgeBp },
  minBetMinor: { env: 'CRASH_MIN_BET_MINOR', ...CRASH_SETTING_BOUNDS.minBetMinor },
  maxBetMinor: { env: 'CRASH_MAX_BET_MINOR', ...CRASH_SETTING_BOUNDS.maxBetMinor },
  maxWinMinor: { env: 'CRASH_MAX_WIN_MINOR', ...CRASH_SETTING_BOUNDS.maxWinMinor },
  maxAutoCashOutCenti: {
    env: 'CRASH_MAX_AUTO_CASH_OUT_CENTI',
    ...CRASH_SETTING_BOUNDS.maxAutoCashOutCenti,
  },
  chainLength: { env: 'CRASH_CHAIN_LENGTH', ...CRASH_SETTING_BOUNDS.chainLength },
  bettingMs: { env: 'CRASH_BETTING_MS', ...CRASH_SETTING_BOUNDS.bettingMs },
  tickMs: { env: 'CRASH_TICK_MS', ...CRASH_SETTING_BOUNDS.tickMs },
  pauseMs: { env: 'CRASH_PAUSE_MS', ...CRASH_SETTING_BOUNDS.pauseMs },
};

/** A switch from the environment (`on`/`off`, `true`/`false`) or the file (a boolean). */
function onOff(name: string, raw: unknown): boolean {
  if (raw === true || raw === 'on' || raw === 'true') return true;
  if (raw === false || raw === 'off' || raw === 'false') return false;
  throw new ConfigError(`${name} must be on or off (true or false), got "${String(raw)}"`);
}

function wholeNumber(name: string, raw: unknown, min: number, max: number): number {
  const value = typeof raw === 'string' ? Number(raw) : raw;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(
      `${name} must be a whole number from ${min} to ${max}, got "${String(raw)}"`,
    );
  }
  return value;
}

function readConfigFile(file: string): Record<string, unknown> {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    throw new ConfigError(`the studio's configuration ${file} could not be read`);
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object') return parsed as Record<string, unknown>;
  } catch {
    // Reported below with the file's name.
  }
  throw new ConfigError(`the studio's configuration ${file} is not a JSON object`);
}

/** Reads the studio's settings, failing loudly on bad values. */
export function loadHouseGamesSettings(env: NodeJS.ProcessEnv): HouseGamesSettings {
  const raw = env.HOUSE_GAMES;
  if (raw !== undefined && raw !== '' && raw !== 'on' && raw !== 'off') {
    throw new ConfigError(`HOUSE_GAMES must be "on" or "off", got "${raw}"`);
  }
  const file = path.resolve(
    env.HOUSE_GAMES_CONFIG || path.join(REPO_ROOT, 'config/house-games.json'),
  );
  const fromFile = readConfigFile(file);
  const crashFile = (fromFile.crash ?? {}) as Record<string, unknown>;
  const crash = {} as CrashTableSettings;
  const crashFromEnvironment: string[] = [];
  for (const [key, rule] of Object.entries(CRASH_RULES) as [
    keyof typeof CRASH_RULES,
    (typeof CRASH_RULES)[keyof typeof CRASH_RULES],
  ][]) {
    const given = env[rule.env];
    if (given !== undefined && given !== '') crashFromEnvironment.push(key);
    crash[key] =
      given !== undefined && given !== ''
        ? wholeNumber(rule.env, given, rule.min, rule.max)
        : wholeNumber(`crash.${key} in ${file}`, crashFile[key], rule.min, rule.max);
  }
  const salt = env.CRASH_SALT ?? crashFile.salt;
  if (typeof salt !== 'string' || salt.length > 200) {
    throw new ConfigError('CRASH_SALT (crash.salt) must be text of at most 200 characters');
  }
  crash.salt = salt;
  if (env.CRASH_ENABLED !== undefined && env.CRASH_ENABLED !== '') {
    crash.enabled = onOff('CRASH_ENABLED', env.CRASH_ENABLED);
    crashFromEnvironment.push('enabled');
  } else {
    crash.enabled =
      crashFile.enabled === undefined ? true : onOff('crash.enabled', crashFile.enabled);
  }
  if (crash.minBetMinor > crash.maxBetMinor) {
    throw new ConfigError('The crash table minimum bet must not be above its maximum bet');
  }
  if (crash.maxWinMinor < crash.maxBetMinor) {
    throw new ConfigError('The crash table maximum win must be at least its maximum bet');
  }
  return {
    enabled: raw !== 'off',
    distDir: path.resolve(env.HOUSE_GAMES_DIST_DIR || path.join(REPO_ROOT, 'apps/games/dist')),
    roleKey:
      env.HOUSE_GAMES_ROLE_KEY === undefined || env.HOUSE_GAMES_ROLE_KEY === ''
        ? HOUSE_GAMES_ROLE_KEY
        : wholeNumber('HOUSE_GAMES_ROLE_KEY', env.HOUSE_GAMES_ROLE_KEY, 1, 2 ** 31 - 1),
    autoRun: true,
    connectionsPerAddress:
      env.HOUSE_GAMES_CONNECTIONS_PER_ADDRESS === undefined ||
      env.HOUSE_GAMES_CONNECTIONS_PER_ADDRESS === ''
        ? 64
        : wholeNumber(
            'HOUSE_GAMES_CONNECTIONS_PER_ADDRESS',
            env.HOUSE_GAMES_CONNECTIONS_PER_ADDRESS,
            1,
            1_000_000,
          ),
    crash,
    cards: loadCardTablesSettings(env, fromFile, file),
    cardsFromEnvironment: Object.fromEntries(
      CARD_GAME_CODES.map((code) => [code, cardValuesFromEnvironment(env, code)]),
    ),
    crashFromEnvironment,
  };
}
