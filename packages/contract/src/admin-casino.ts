/**
 * The casino in the back office, on the wire: its figures (turnover, wins and gross gaming
 * revenue by day, game, provider and brand), the round lookup with every callback of a round,
 * the providers' settings, each brand's catalogue, and a player's casino switch. The calls are
 * in `admin-calls.ts`; amounts are rupees, as elsewhere in the console.
 */
import { z } from 'zod';
import { brandFilterSchema, brandScopeSchema, uuidSchema } from './admin';
import { CASINO_ROUND_STATUSES } from './casino';
import { providerCodeSchema } from './casino-wallet';

/** A brand the call is about (required). */
const brandSchema = z.string().trim().min(1, 'Choose a brand').max(253).toLowerCase();

export const casinoFiguresQuerySchema = z.object({
  /** One brand, or every brand the operator covers. */
  brand: brandFilterSchema,
  days: z.coerce.number().int().min(1).max(90).default(14),
});

/**
 * Real-money rounds' figures, by the day the round started: `turnover` is what players staked
 * (less stakes refunded by rollbacks), `wins` what they were paid, `ggr` turnover − wins.
 */
const casinoFigureSchema = z.object({
  rounds: z.number().int(),
  /** Players who played at least one round. */
  players: z.number().int(),
  turnover: z.number(),
  wins: z.number(),
  ggr: z.number(),
});
export type CasinoFigure = z.infer<typeof casinoFigureSchema>;

export const casinoFiguresSchema = z.object({
  brands: brandScopeSchema,
  /** The first day counted (UTC, `YYYY-MM-DD`); every row covers the days since. */
  since: z.string(),
  totals: casinoFigureSchema,
  /** One row per day (UTC), oldest first, days without rounds included. */
  days: z.array(casinoFigureSchema.extend({ day: z.string() })),
  /** Busiest first. */
  games: z.array(
    casinoFigureSchema.extend({ gameCode: z.string(), name: z.string(), provider: z.string() }),
  ),
  providers: z.array(casinoFigureSchema.extend({ provider: z.string(), name: z.string() })),
  byBrand: z.array(casinoFigureSchema.extend({ brand: z.string() })),
});
export type CasinoFigures = z.infer<typeof casinoFiguresSchema>;

export const casinoRoundsQuerySchema = z.object({
  brand: brandFilterSchema,
  playerId: uuidSchema.optional(),
  provider: providerCodeSchema.optional(),
  /** The provider's round id, or Backlay's. */
  roundId: z.string().trim().min(1).max(100).optional(),
  gameCode: z.string().trim().min(1).max(64).optional(),
  /** The page after this round (its `id` and time, as `nextBefore` gave them). */
  before: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const casinoRoundSummarySchema = z.object({
  /** Backlay's id of the round. */
  id: z.string(),
  /** The provider's id of the round. */
  roundId: z.string(),
  provider: z.string(),
  brand: z.string(),
  playerId: z.string(),
  /** Null when the player is gone (an ended demo account). */
  userName: z.string().nullable(),
  /** Play money: a demo player's round. */
  demo: z.boolean(),
  gameCode: z.string(),
  gameName: z.string(),
  status: z.enum(CASINO_ROUND_STATUSES),
  stake: z.number(),
  win: z.number(),
  refunded: z.number(),
  startedAt: z.string(),
  closedAt: z.string().nullable(),
});
export type CasinoRoundSummary = z.infer<typeof casinoRoundSummarySchema>;

export const casinoRoundPageSchema = z.object({
  items: z.array(casinoRoundSummarySchema),
  /** Pass as `before` for the next page; null on the last. */
  nextBefore: z.string().nullable(),
});

export const casinoRoundQuerySchema = z.object({ id: uuidSchema });

export const CASINO_CALLBACK_KINDS = ['debit', 'credit', 'rollback'] as const;

export const casinoCallbackSchema = z.object({
  transactionId: z.string(),
  kind: z.enum(CASINO_CALLBACK_KINDS),
  /** The debit a rollback gave back. */
  referenceTransactionId: z.string().nullable(),
  amount: z.number(),
  /** `OK`, or the error code the provider was answered with. */
  outcome: z.string(),
  /** A debit given back by a later rollback: that rollback's transaction id. */
  rolledBackBy: z.string().nullable(),
  at: z.string(),
});

export const casinoRoundDetailSchema = casinoRoundSummarySchema.extend({
  /** Every callback of the round, oldest first. */
  callbacks: z.array(casinoCallbackSchema),
  /** The launch the round was played in. */
  launch: z.object({
    id: z.string(),
    language: z.string(),
    currency: z.string(),
    startedAt: z.string(),
    expiresAt: z.string(),
  }),
});
export type CasinoRoundDetail = z.infer<typeof casinoRoundDetailSchema>;

/** A same-origin path (`/games/…`) or an absolute http(s) URL, ending in `/`. */
const gameBaseUrlSchema = z
  .string()
  .trim()
  .max(300)
  .refine(
    (value) =>
      (/^\/[^/\\\s]\S*\/$/.test(value) || /^https?:\/\/[^/\s?#]+(\/\S*)?\/$/.test(value)) &&
      !/[?#]/.test(value),
    'A path such as /games/dream/ or an https:// URL, ending in /',
  );

export const casinoProviderSchema = z.object({
  code: z.string(),
  name: z.string(),
  /** Where its games are on live hosts; null: the built-in studio (`/games/<code>/`). */
  baseUrl: z.string().nullable(),
  /** Where its games are on test, localhost and preview hosts; null: the built-in test provider. */
  testBaseUrl: z.string().nullable(),
  /** Where launches go now on live hosts and on test hosts (null: nowhere; launches refused). */
  gameUrl: z.string().nullable(),
  testGameUrl: z.string().nullable(),
  /** Backlay's operator id at the provider, sent with each launch. */
  operatorId: z.string(),
  currency: z.string(),
  enabled: z.boolean(),
  /** Where the signing secret comes from: `CASINO_<CODE>_SECRET`, or generated and kept. */
  secretSource: z.enum(['environment', 'database']),
  /** The origins the player pages' frames may show for it (none when same-origin). */
  frameOrigins: z.array(z.string()),
  version: z.number().int().nonnegative(),
  updatedAt: z.string(),
});
export type CasinoProvider = z.infer<typeof casinoProviderSchema>;

export const casinoProviderListSchema = z.object({ items: z.array(casinoProviderSchema) });

export const updateCasinoProviderRequestSchema = z.object({
  code: providerCodeSchema,
  /** The version the edit was made on: an older one is refused (someone saved in between). */
  version: z.number().int().nonnegative(),
  name: z.string().trim().min(1).max(60),
  baseUrl: gameBaseUrlSchema.nullable(),
  testBaseUrl: gameBaseUrlSchema.nullable(),
  operatorId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._-]{1,64}$/, 'An operator id is 1 to 64 letters, digits or . _ -'),
  enabled: z.boolean(),
});

export const casinoProviderCodeRequestSchema = z.object({ code: providerCodeSchema });

/** A provider's signing secret, shown to owners only (the reading is audited). */
export const casinoProviderSecretSchema = z.object({
  code: z.string(),
  secret: z.string(),
  source: z.enum(['environment', 'database']),
});

export const casinoCatalogueQuerySchema = z.object({ brand: brandSchema });

export const casinoCatalogueGameSchema = z.object({
  gameCode: z.string(),
  gameId: z.number().int(),
  name: z.string(),
  provider: z.string(),
  category: z.string(),
  image: z.string(),
  /** Offered on this brand. */
  enabled: z.boolean(),
});

/** A brand's casino: its switch and its games, in the order the lobby shows them. */
export const casinoCatalogueSchema = z.object({
  brand: z.string(),
  /** The brand's casino switch: off, no game of the brand launches or takes a bet. */
  casinoEnabled: z.boolean(),
  version: z.number().int().nonnegative(),
  games: z.array(casinoCatalogueGameSchema),
});
export type CasinoCatalogue = z.infer<typeof casinoCatalogueSchema>;

export const updateCasinoCatalogueRequestSchema = z.object({
  brand: brandSchema,
  version: z.number().int().nonnegative(),
  casinoEnabled: z.boolean(),
  /** Every game of the catalogue once, in the order the lobby shows them. */
  games: z.array(z.object({ gameCode: z.string().min(1).max(64), enabled: z.boolean() })).max(1000),
});

export const casinoPlayerQuerySchema = z.object({ playerId: uuidSchema });

/** A player's casino: their switch and the last 30 days of real-money rounds. */
export const casinoPlayerSchema = z.object({
  playerId: z.string(),
  brand: z.string(),
  casinoEnabled: z.boolean(),
  last30Days: z.object({
    rounds: z.number().int(),
    stake: z.number(),
    win: z.number(),
    net: z.number(),
  }),
});

export const setCasinoPlayerSwitchRequestSchema = z.object({
  playerId: uuidSchema,
  enabled: z.boolean(),
});
