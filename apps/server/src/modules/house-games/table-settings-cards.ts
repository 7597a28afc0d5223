/**
 * The card tables (Teen Patti, Andar Bahar, Dragon Tiger, Lucky 7) in the studio's table
 * settings: each registered with the contract's values schema, its configured values (file ←
 * environment, from `cards/card-settings.ts`) flattened as the console edits them
 * (`minBetMinor.DRAGON`, …), and read back by the tables as their own `CardTableSettings`
 * through a getter.
 *
 * A card table reads its rules at every bet and round; the getter answers from memory at once
 * and, when the values were read more than a moment ago, asks the database again in the
 * background, so a save on another instance reaches the table within a round.
 */
import { cardLimitKey, STUDIO_TABLE_VALUES } from '@backlay/contract/admin-studio-tables';
import { CARD_GAME_CODES, CARD_GAMES, type CardGameCode } from '@backlay/contract/card-games';
import {
  CARD_SETTING_NAMES,
  type CardTableSettings,
  type CardTablesSettings,
} from './cards/card-settings';
import type { TableSettings } from './table-settings';

type CardValues = Record<string, number | boolean>;

/** A card table's rules as the console's flat values. */
export function cardValuesOf(settings: CardTableSettings): CardValues {
  const values: CardValues = {
    enabled: settings.enabled,
    bettingMs: settings.bettingMs,
    cardMs: settings.cardMs,
    pauseMs: settings.pauseMs,
    maxRoundStakeMinor: settings.maxRoundStakeMinor,
  };
  for (const [kind, limits] of Object.entries(settings.limits)) {
    values[cardLimitKey('minBetMinor', kind)] = limits.minBetMinor;
    values[cardLimitKey('maxBetMinor', kind)] = limits.maxBetMinor;
  }
  return values;
}

/** The console's flat values of a card table (checked by its schema) as the table's rules. */
export function cardSettingsOf(
  gameCode: CardGameCode,
  values: Record<string, unknown>,
): CardTableSettings {
  const number = (key: string) => {
    const value = values[key];
    if (typeof value !== 'number') throw new Error(`card table ${gameCode} has no ${key}`);
    return value;
  };
  const settings: CardTableSettings = {
    enabled: values.enabled !== false,
    bettingMs: number('bettingMs'),
    cardMs: number('cardMs'),
    pauseMs: number('pauseMs'),
    maxRoundStakeMinor: number('maxRoundStakeMinor'),
    limits: {},
  };
  for (const rule of CARD_GAMES[gameCode].rules) {
    settings.limits[rule.kind] = {
      minBetMinor: number(cardLimitKey('minBetMinor', rule.kind)),
      maxBetMinor: number(cardLimitKey('maxBetMinor', rule.kind)),
    };
  }
  return settings;
}

/** The values of a card table its variables set (`DRAGON_TIGER_TIE_MAX_BET_MINOR`, …). */
export function cardValuesFromEnvironment(
  env: NodeJS.ProcessEnv,
  gameCode: CardGameCode,
): string[] {
  const prefix = CARD_SETTING_NAMES[gameCode].env;
  const variables: [string, string][] = [
    ['enabled', `${prefix}_ENABLED`],
    ['bettingMs', `${prefix}_BETTING_MS`],
    ['cardMs', `${prefix}_CARD_MS`],
    ['pauseMs', `${prefix}_PAUSE_MS`],
    ['maxRoundStakeMinor', `${prefix}_MAX_ROUND_STAKE_MINOR`],
  ];
  for (const rule of CARD_GAMES[gameCode].rules) {
    variables.push([
      cardLimitKey('minBetMinor', rule.kind),
      `${prefix}_${rule.kind}_MIN_BET_MINOR`,
    ]);
    variables.push([
      cardLimitKey('maxBetMinor', rule.kind),
      `${prefix}_${rule.kind}_MAX_BET_MINOR`,
    ]);
  }
  return variables.filter(([, name]) => (env[name] ?? '') !== '').map(([key]) => key);
}

/**
 * Registers the card tables and answers each one's rules in force: the card studio's
 * `settings` getter.
 */
export function registerCardTables(
  tableSettings: TableSettings,
  configured: CardTablesSettings,
  fromEnvironment: Partial<Record<CardGameCode, readonly string[]>>,
  log: { error(object: unknown, message: string): void },
): (gameCode: CardGameCode) => CardTableSettings {
  const tables = {} as Record<
    CardGameCode,
    { read: () => CardTableSettings; refresh: () => Promise<void> }
  >;
  for (const gameCode of CARD_GAME_CODES) {
    const schema = STUDIO_TABLE_VALUES[gameCode];
    if (!schema) throw new Error(`the contract has no values schema of ${gameCode}`);
    const handle = tableSettings.register({
      gameCode,
      name: CARD_GAMES[gameCode].name,
      schema,
      configured: cardValuesOf(configured[gameCode]),
      fromEnvironment: fromEnvironment[gameCode] ?? [],
    });
    // The table's own shape, made again only when the values in force change.
    let values = handle.current();
    let rules = cardSettingsOf(gameCode, values);
    tables[gameCode] = {
      read: () => {
        const now = handle.current();
        if (now !== values) {
          values = now;
          rules = cardSettingsOf(gameCode, now);
        }
        return rules;
      },
      refresh: () => handle.refresh(),
    };
  }
  return (gameCode) => {
    const table = tables[gameCode];
    table
      .refresh()
      .catch((error: unknown) =>
        log.error({ err: error, game: gameCode }, 'house games: reading the table settings failed'),
      );
    return table.read();
  };
}
