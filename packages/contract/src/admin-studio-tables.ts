/**
 * The built-in studio's tables in the back office: each table's settings (limits, max win,
 * timings, house edge where the game has one, and whether it plays), as they are in force and
 * where each value comes from. Effective settings are the configuration file
 * (`config/house-games.json`), overridden by the environment (`CRASH_MAX_BET_MINOR`, …),
 * overridden by what the console saved: the console keeps only the values that differ from the
 * file and environment, so a later change of those still applies to every other value.
 *
 * Values are in the configuration's own units, the same for the file, the environment and the
 * console: money in paise (minor units), multipliers in hundredths (250 = 2.50×), times in
 * milliseconds, the house edge in basis points (100 = 1%). The console shows rupees and ×.
 *
 * A game plugs in by adding its values schema to `STUDIO_TABLE_VALUES` under its game code (and
 * its labels in the console); the server registers the same schema with its defaults. The crash
 * table has its schema here, and each card table one made from its rule table.
 */
import { z } from 'zod';
import type { AdminRoute } from './admin-calls';
import { CARD_GAME_CODES, CARD_GAMES, type CardGameCode } from './card-games';
import { MAX_CRASH_CENTI, MAX_HOUSE_EDGE_BP } from './crash-fairness';
import { CRASH_GAME_CODE, MIN_AUTO_CASH_OUT_CENTI } from './house-games';
import { noInputSchema } from './route-entry';

/** The largest bet limit a table takes, in paise (₹1,00,00,00,000). */
export const MAX_TABLE_BET_MINOR = 1e12;
/** The largest max win a table takes, in paise. */
export const MAX_TABLE_WIN_MINOR = 1e14;

/** The crash table's bounds of each value, for the file, the environment and the console. */
export const CRASH_SETTING_BOUNDS = {
  houseEdgeBp: { min: 0, max: MAX_HOUSE_EDGE_BP },
  minBetMinor: { min: 1, max: MAX_TABLE_BET_MINOR },
  maxBetMinor: { min: 1, max: MAX_TABLE_BET_MINOR },
  maxWinMinor: { min: 1, max: MAX_TABLE_WIN_MINOR },
  maxAutoCashOutCenti: { min: MIN_AUTO_CASH_OUT_CENTI, max: MAX_CRASH_CENTI },
  chainLength: { min: 1, max: 10_000_000 },
  bettingMs: { min: 100, max: 120_000 },
  tickMs: { min: 20, max: 5_000 },
  pauseMs: { min: 0, max: 120_000 },
} as const;

/**
 * A whole number within a value's bounds, refused in words a form can show in the console's own
 * units (rupees, ×, %), whatever unit the wire carries.
 */
function whole(
  bounds: { min: number; max: number },
  what: string,
  range: { tooSmall: string; tooLarge: string },
) {
  return z
    .number({ message: `Enter the ${what}` })
    .int(`Enter the ${what} in whole units`)
    .min(bounds.min, `The ${what} ${range.tooSmall}`)
    .max(bounds.max, `The ${what} ${range.tooLarge}`);
}

const B = CRASH_SETTING_BOUNDS;
const MONEY = { tooSmall: 'must be above zero', tooLarge: 'is too large' };
const grouped = (n: number) => n.toLocaleString('en-IN');
const millis = (bounds: { min: number; max: number }) => ({
  tooSmall: `must be at least ${grouped(bounds.min)} ms`,
  tooLarge: `must be at most ${grouped(bounds.max)} ms`,
});

/**
 * The crash table's settings an operator may change. The salt and the chain length stay in the
 * configuration: they belong to the hash chain, not to the table's play.
 */
export const crashTableValuesSchema = z
  .object({
    /** Off: the table plays no rounds (players see it paused for maintenance). */
    enabled: z.boolean(),
    /** A change retires the hash chain in play: the next round starts a new chain. */
    houseEdgeBp: whole(B.houseEdgeBp, 'house edge', {
      tooSmall: 'must not be below 0%',
      tooLarge: `must be at most ${B.houseEdgeBp.max / 100}%`,
    }),
    minBetMinor: whole(B.minBetMinor, 'minimum bet', MONEY),
    maxBetMinor: whole(B.maxBetMinor, 'maximum bet', MONEY),
    /** The most one bet wins in a round, stake included. */
    maxWinMinor: whole(B.maxWinMinor, 'maximum win', MONEY),
    maxAutoCashOutCenti: whole(B.maxAutoCashOutCenti, 'highest auto cash-out', {
      tooSmall: `must be at least ${(B.maxAutoCashOutCenti.min / 100).toFixed(2)}×`,
      tooLarge: `must be at most ${grouped(B.maxAutoCashOutCenti.max / 100)}×`,
    }),
    bettingMs: whole(B.bettingMs, 'betting window', millis(B.bettingMs)),
    tickMs: whole(B.tickMs, 'tick', millis(B.tickMs)),
    pauseMs: whole(B.pauseMs, 'pause', millis(B.pauseMs)),
  })
  .strict()
  .superRefine((values, context) => {
    if (values.minBetMinor > values.maxBetMinor) {
      context.addIssue({
        code: 'custom',
        path: ['minBetMinor'],
        message: 'The minimum bet is above the maximum bet',
      });
    }
    if (values.maxWinMinor < values.maxBetMinor) {
      context.addIssue({
        code: 'custom',
        path: ['maxWinMinor'],
        message: 'The maximum win must be at least the maximum bet',
      });
    }
  });
export type CrashTableValues = z.infer<typeof crashTableValuesSchema>;

/** The card tables' bounds of each value (money in paise, times in ms). */
export const CARD_TABLE_BOUNDS = {
  bettingMs: { min: 100, max: 120_000 },
  cardMs: { min: 10, max: 10_000 },
  pauseMs: { min: 0, max: 120_000 },
  maxRoundStakeMinor: { min: 1, max: MAX_TABLE_BET_MINOR },
  minBetMinor: { min: 1, max: MAX_TABLE_BET_MINOR },
  maxBetMinor: { min: 1, max: MAX_TABLE_BET_MINOR },
} as const;

/**
 * A card table's value of one bet kind's limit, flat like every studio value:
 * `minBetMinor.DRAGON` (each bet at least) and `maxBetMinor.DRAGON` (a player's round total on
 * the kind at most).
 */
export function cardLimitKey(bound: 'minBetMinor' | 'maxBetMinor', kind: string): string {
  return `${bound}.${kind}`;
}

/**
 * A card table's settings an operator may change: its switch, its timings, the most a player
 * stakes in a round, and each bet kind's limits.
 */
function cardTableValuesSchema(gameCode: CardGameCode) {
  const C = CARD_TABLE_BOUNDS;
  const shape: Record<string, z.ZodType> = {
    enabled: z.boolean(),
    bettingMs: whole(C.bettingMs, 'betting window', millis(C.bettingMs)),
    cardMs: whole(C.cardMs, 'time between cards', millis(C.cardMs)),
    pauseMs: whole(C.pauseMs, 'pause', millis(C.pauseMs)),
    maxRoundStakeMinor: whole(C.maxRoundStakeMinor, 'most a player stakes in a round', MONEY),
  };
  const rules = CARD_GAMES[gameCode].rules;
  for (const rule of rules) {
    shape[cardLimitKey('minBetMinor', rule.kind)] = whole(
      C.minBetMinor,
      `minimum bet on ${rule.label}`,
      MONEY,
    );
    shape[cardLimitKey('maxBetMinor', rule.kind)] = whole(
      C.maxBetMinor,
      `maximum on ${rule.label}`,
      MONEY,
    );
  }
  return z
    .object(shape)
    .strict()
    .superRefine((values, context) => {
      for (const rule of rules) {
        const min = values[cardLimitKey('minBetMinor', rule.kind)];
        const max = values[cardLimitKey('maxBetMinor', rule.kind)];
        if (typeof min === 'number' && typeof max === 'number' && min > max) {
          context.addIssue({
            code: 'custom',
            path: [cardLimitKey('minBetMinor', rule.kind)],
            message: `The minimum bet on ${rule.label} is above its maximum`,
          });
        }
      }
    }) as z.ZodType<Record<string, number | boolean>>;
}

/**
 * Every studio table's values schema, by game code: what the console edits and the server
 * checks. Each schema refuses keys it does not know and values out of its bounds.
 */
export const STUDIO_TABLE_VALUES: Readonly<Record<string, z.ZodType<Record<string, unknown>>>> = {
  [CRASH_GAME_CODE]: crashTableValuesSchema,
  ...Object.fromEntries(CARD_GAME_CODES.map((code) => [code, cardTableValuesSchema(code)])),
};

export const studioTableGameCodeSchema = z
  .string()
  .trim()
  .regex(/^[a-z0-9_]{1,64}$/, 'A game code is 1 to 64 lowercase letters, digits or _');

/** Where a value in force comes from. */
export const STUDIO_VALUE_SOURCES = ['file', 'environment', 'console'] as const;
export type StudioValueSource = (typeof STUDIO_VALUE_SOURCES)[number];

const valuesSchema = z.record(z.string(), z.union([z.number(), z.boolean()]));

export const studioTableSchema = z.object({
  gameCode: z.string(),
  name: z.string(),
  /** What the table plays by now: the configuration overridden by the console. */
  values: valuesSchema,
  /** What it would play by without the console: the file overridden by the environment. */
  configured: valuesSchema,
  /** Where each value in force comes from. */
  sources: z.record(z.string(), z.enum(STUDIO_VALUE_SOURCES)),
  /**
   * Set when the console's values no longer fit the configuration (it changed since they were
   * saved): the table is paused until they are saved again.
   */
  problem: z.string().nullable(),
  /** 0 before the first save from the console. */
  version: z.number().int().nonnegative(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type StudioTable = z.infer<typeof studioTableSchema>;

export const studioTableListSchema = z.object({ items: z.array(studioTableSchema) });

/**
 * A table's settings saved from the console: every value of the game's schema, over the
 * version the edit was made on (an older one is refused: someone saved in between).
 */
export const updateStudioTableRequestSchema = z
  .object({
    gameCode: studioTableGameCodeSchema,
    version: z.number().int().nonnegative(),
    values: z.record(z.string(), z.unknown()),
  })
  .superRefine((request, context) => {
    const schema = STUDIO_TABLE_VALUES[request.gameCode];
    if (!schema) {
      context.addIssue({
        code: 'custom',
        path: ['gameCode'],
        message: 'There is no such studio table',
      });
      return;
    }
    const parsed = schema.safeParse(request.values);
    if (parsed.success) return;
    for (const issue of parsed.error.issues) {
      context.addIssue({ code: 'custom', path: ['values', ...issue.path], message: issue.message });
    }
  });

/** Every studio table with its settings in force (read by whoever reads the casino). */
export const studioTablesRoute = {
  method: 'GET',
  path: 'casino/studio-tables',
  auth: 'operator',
  permission: 'casino.read',
  request: noInputSchema,
  response: studioTableListSchema,
} satisfies AdminRoute;

/**
 * A studio table's settings: the studio serves every brand, so like a provider it is changed
 * by a role that may change providers and covers every brand.
 */
export const updateStudioTableRoute = {
  method: 'POST',
  path: 'casino/studio-tables/update',
  auth: 'operator',
  permission: 'casino.providers',
  request: updateStudioTableRequestSchema,
  response: studioTableSchema,
} satisfies AdminRoute;
