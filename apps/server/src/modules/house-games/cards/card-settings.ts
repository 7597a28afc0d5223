/**
 * The card tables' rules: from `config/house-games.json` (keys `teenPatti`, `andarBahar`,
 * `dragonTiger`, `luckySeven`), each value overridable by its own variable: `<GAME>_BETTING_MS`,
 * `<GAME>_CARD_MS`, `<GAME>_PAUSE_MS`, `<GAME>_MAX_ROUND_STAKE_MINOR`, `<GAME>_ENABLED` and per
 * bet kind `<GAME>_<KIND>_MIN_BET_MINOR` / `_MAX_BET_MINOR`, with `<GAME>` one of `TEEN_PATTI`,
 * `ANDAR_BAHAR`, `DRAGON_TIGER`, `LUCKY_SEVEN` (e.g. `DRAGON_TIGER_TIE_MAX_BET_MINOR`,
 * `LUCKY_SEVEN_SEVEN_MAX_BET_MINOR`). Bad values stop the server at start with a sentence
 * saying which. A table reads its rules through a getter at every round and bet, so a later
 * source (the console) can change them without a restart.
 */
import {
  ANDAR_BAHAR_GAME_CODE,
  CARD_DEFAULT_TIMINGS,
  CARD_GAMES,
  DRAGON_TIGER_GAME_CODE,
  LUCKY_SEVEN_GAME_CODE,
  TEEN_PATTI_GAME_CODE,
  type CardBetKind,
  type CardGameCode,
} from '@backlay/contract/card-games';
// The bounds the console's schema checks are the ones the file and the environment are read by.
import { CARD_TABLE_BOUNDS } from '@backlay/contract/admin-studio-tables';
import { ConfigError } from '../../../config-error';

/** A bet kind's limits: each bet at least the minimum, a player's round total at most the maximum. */
export interface CardBetLimits {
  minBetMinor: number;
  maxBetMinor: number;
}

/** One card table's rules. */
export interface CardTableSettings {
  /** False: the table plays no rounds (paused for maintenance). */
  enabled: boolean;
  bettingMs: number;
  /** The time between two cards while dealing. */
  cardMs: number;
  pauseMs: number;
  /** The most one player may stake in a round, over every bet kind. */
  maxRoundStakeMinor: number;
  limits: Partial<Record<CardBetKind, CardBetLimits>>;
}

export type CardTablesSettings = Record<CardGameCode, CardTableSettings>;

/** Each game's key in the configuration file and prefix of its variables. */
export const CARD_SETTING_NAMES: Record<CardGameCode, { key: string; env: string }> = {
  [TEEN_PATTI_GAME_CODE]: { key: 'teenPatti', env: 'TEEN_PATTI' },
  [ANDAR_BAHAR_GAME_CODE]: { key: 'andarBahar', env: 'ANDAR_BAHAR' },
  [DRAGON_TIGER_GAME_CODE]: { key: 'dragonTiger', env: 'DRAGON_TIGER' },
  [LUCKY_SEVEN_GAME_CODE]: { key: 'luckySeven', env: 'LUCKY_SEVEN' },
};

/** The defaults when the file says nothing: ₹10 to ₹10,000 a kind, ₹20,000 a round. */
export const CARD_DEFAULT_LIMITS: CardBetLimits = { minBetMinor: 1_000, maxBetMinor: 1_000_000 };
export const CARD_DEFAULT_MAX_ROUND_STAKE_MINOR = 2_000_000;

function wholeNumber(name: string, raw: unknown, bounds: { min: number; max: number }): number {
  const value = typeof raw === 'string' ? Number(raw) : raw;
  if (
    typeof value !== 'number' ||
    !Number.isInteger(value) ||
    value < bounds.min ||
    value > bounds.max
  ) {
    throw new ConfigError(
      `${name} must be a whole number from ${bounds.min} to ${bounds.max}, got "${String(raw)}"`,
    );
  }
  return value;
}

function onOff(name: string, raw: unknown): boolean {
  if (raw === true || raw === 'on' || raw === 'true') return true;
  if (raw === false || raw === 'off' || raw === 'false') return false;
  throw new ConfigError(`${name} must be on or off (true or false), got "${String(raw)}"`);
}

const objectOf = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : {};

/**
 * The four tables' rules from the configuration file's object (`fromFile`, named `file` in
 * messages) and the environment, failing loudly on bad values.
 */
export function loadCardTablesSettings(
  env: NodeJS.ProcessEnv,
  fromFile: Record<string, unknown>,
  file = 'config/house-games.json',
): CardTablesSettings {
  const settings = {} as CardTablesSettings;
  for (const [gameCode, names] of Object.entries(CARD_SETTING_NAMES) as [
    CardGameCode,
    { key: string; env: string },
  ][]) {
    const section = objectOf(fromFile[names.key]);
    /** A value from its variable if set, else the file, else the default. */
    const pick = (
      envName: string,
      fileName: string,
      raw: unknown,
      fallback: number,
      bounds: { min: number; max: number },
    ) => {
      const given = env[envName];
      if (given !== undefined && given !== '') return wholeNumber(envName, given, bounds);
      return raw === undefined ? fallback : wholeNumber(`${fileName} in ${file}`, raw, bounds);
    };
    const at = (key: string) => `${names.key}.${key}`;
    const table: CardTableSettings = {
      enabled: true,
      bettingMs: pick(
        `${names.env}_BETTING_MS`,
        at('bettingMs'),
        section.bettingMs,
        CARD_DEFAULT_TIMINGS.bettingMs,
        CARD_TABLE_BOUNDS.bettingMs,
      ),
      cardMs: pick(
        `${names.env}_CARD_MS`,
        at('cardMs'),
        section.cardMs,
        CARD_DEFAULT_TIMINGS.cardMs,
        CARD_TABLE_BOUNDS.cardMs,
      ),
      pauseMs: pick(
        `${names.env}_PAUSE_MS`,
        at('pauseMs'),
        section.pauseMs,
        CARD_DEFAULT_TIMINGS.pauseMs,
        CARD_TABLE_BOUNDS.pauseMs,
      ),
      maxRoundStakeMinor: pick(
        `${names.env}_MAX_ROUND_STAKE_MINOR`,
        at('maxRoundStakeMinor'),
        section.maxRoundStakeMinor,
        CARD_DEFAULT_MAX_ROUND_STAKE_MINOR,
        CARD_TABLE_BOUNDS.maxRoundStakeMinor,
      ),
      limits: {},
    };
    const enabledEnv = env[`${names.env}_ENABLED`];
    if (enabledEnv !== undefined && enabledEnv !== '') {
      table.enabled = onOff(`${names.env}_ENABLED`, enabledEnv);
    } else if (section.enabled !== undefined) {
      table.enabled = onOff(at('enabled'), section.enabled);
    }
    const bets = objectOf(section.bets);
    for (const rule of CARD_GAMES[gameCode].rules) {
      const kind = objectOf(bets[rule.kind]);
      const limits: CardBetLimits = {
        minBetMinor: pick(
          `${names.env}_${rule.kind}_MIN_BET_MINOR`,
          at(`bets.${rule.kind}.minBetMinor`),
          kind.minBetMinor,
          CARD_DEFAULT_LIMITS.minBetMinor,
          CARD_TABLE_BOUNDS.minBetMinor,
        ),
        maxBetMinor: pick(
          `${names.env}_${rule.kind}_MAX_BET_MINOR`,
          at(`bets.${rule.kind}.maxBetMinor`),
          kind.maxBetMinor,
          CARD_DEFAULT_LIMITS.maxBetMinor,
          CARD_TABLE_BOUNDS.maxBetMinor,
        ),
      };
      if (limits.minBetMinor > limits.maxBetMinor) {
        throw new ConfigError(
          `The ${CARD_GAMES[gameCode].name} minimum bet on ${rule.kind} must not be above its maximum`,
        );
      }
      table.limits[rule.kind] = limits;
    }
    settings[gameCode] = table;
  }
  return settings;
}
