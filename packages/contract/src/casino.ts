/** Casino calls on the wire: game lists and game launches (spec §3 "Game URL request", §7). */
import { z } from 'zod';

export const casinoGameSchema = z.object({
  gameCode: z.string(),
  gameId: z.number(),
  name: z.string(),
  provider: z.string(),
  category: z.string(),
  image: z.string(),
});
export type CasinoGame = z.infer<typeof casinoGameSchema>;

/** `InternationalCasino/GetGames`. */
export const casinoGamesSchema = z.array(casinoGameSchema);

/** `Casino/GetGrid`: the lobby's rows of games. */
export const casinoGridSchema = z.array(
  z.object({ title: z.string(), games: z.array(casinoGameSchema) }),
);

/** The languages a game may be launched in (the player client's). */
export const CASINO_LANGUAGES = ['en', 'hi'] as const;

/**
 * The game URL request of spec §3: userId, gameCode, gameId, country. The server takes the
 * player from the session and ignores `userId`. `language` and `returnUrl` are optional
 * additions: the game's language (English when absent) and the same-origin path the game's
 * back control leads to (`/casino` when absent).
 */
export const launchGameRequestSchema = z.object({
  /** Text, or a number as older clients stored it; null for a guest. Ignored by the server. */
  userId: z
    .union([z.string().max(64), z.number().int()])
    .nullable()
    .optional(),
  gameCode: z.string().trim().min(1).max(64),
  gameId: z.coerce.number().int().nonnegative(),
  country: z.string().trim().length(2),
  language: z.enum(CASINO_LANGUAGES).optional(),
  returnUrl: z
    .string()
    .max(200)
    .regex(/^\/([^/\\\s]\S*)?$/, 'A return URL is a path on this site')
    .optional(),
});
/** Spec §3: the answer carries `result.url`. */
export const launchGameResultSchema = z.object({ url: z.string().regex(/\S/, 'No game URL') });
export type LaunchGameResult = z.infer<typeof launchGameResultSchema>;

/** `Casino/GetDreamUrl`: the lobby of the Dream provider, or one of its games. */
export const dreamCasinoUrlQuerySchema = z.object({
  gameCode: z.string().trim().min(1).max(64).optional(),
  language: z.enum(CASINO_LANGUAGES).optional(),
});

/**
 * Why a launch was refused: the error envelope's `details` carries one of these (its `code`
 * is FORBIDDEN, NOT_FOUND or UNAVAILABLE), and `message` the sentence to show.
 */
export const CASINO_LAUNCH_REFUSALS = {
  CASINO_CLOSED: 'The casino is not available on this site.',
  CASINO_OFF_FOR_PLAYER: 'The casino is switched off on your account. Please contact support.',
  BETTING_LOCKED: 'Betting is locked on this account. Please contact support.',
  ON_BREAK: 'You are taking a break from play, so games cannot be opened until it ends.',
  UNKNOWN_GAME: 'That game is not available.',
  GAME_DISABLED: 'That game is not available on this site right now.',
  WRONG_PROVIDER: "That game is not one of this provider's games.",
  PROVIDER_UNAVAILABLE: 'This game provider is not available right now. Please try again later.',
} as const;
export type CasinoLaunchRefusal = keyof typeof CASINO_LAUNCH_REFUSALS;

/**
 * Game lists on the CDN (spec §7, "international game list file from CDN by name"):
 * `/cdn/games/<name>.json` answers the brand's games as `InternationalCasino/GetGames` does;
 * the names are `international` (every game the brand offers) and each provider's code.
 */
export const CASINO_GAME_LISTS_PATH = '/cdn/games';
export const INTERNATIONAL_GAME_LIST = 'international';

/** The URL path of a game list file. */
export function gameListPath(name: string): string {
  return `${CASINO_GAME_LISTS_PATH}/${name}.json`;
}

/** The crash game of spec §2 and §9 (the casino-only brands land in it), a Mac game. */
export const CRASH_GAME_CODE = 'sbe_aviator';
export const CRASH_GAME_ID = 201206;

/** A calendar day, `YYYY-MM-DD`, that exists. */
const daySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Days are YYYY-MM-DD')
  .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)), 'Days are YYYY-MM-DD');
const casinoPagingSchema = {
  MaxResultCount: z.coerce.number().int().min(1).max(100).default(20),
  SkipCount: z.coerce.number().int().min(0).max(1_000_000).default(0),
};

/**
 * `Casino/GetRounds`: the player's casino rounds, newest first (the casino tab of bet history).
 * `from` and `to` are calendar days in India's time, inclusive.
 */
export const casinoRoundsRequestSchema = z.object({
  from: daySchema.optional(),
  to: daySchema.optional(),
  ...casinoPagingSchema,
});
export const CASINO_ROUND_STATUSES = ['OPEN', 'SETTLED', 'VOIDED'] as const;
export const casinoRoundSchema = z.object({
  /** Backlay's id of the round. */
  id: z.string(),
  time: z.string(),
  gameCode: z.string(),
  gameName: z.string(),
  provider: z.string(),
  /** OPEN: bets taken, no result yet; SETTLED: ended; VOIDED: rolled back (stakes refunded). */
  status: z.enum(CASINO_ROUND_STATUSES),
  /** What the player staked, less what was refunded. */
  stake: z.number(),
  win: z.number(),
  /** win − stake: positive the player won. */
  net: z.number(),
});
export type CasinoRound = z.infer<typeof casinoRoundSchema>;
const casinoTotalSchema = z.object({
  rounds: z.number().int(),
  stake: z.number(),
  win: z.number(),
  net: z.number(),
});
export const casinoRoundsSchema = z.object({
  totalCount: z.number().int(),
  items: z.array(casinoRoundSchema),
  total: casinoTotalSchema,
});
export type CasinoRounds = z.infer<typeof casinoRoundsSchema>;

/** `Casino/GetProfitLoss`: the player's casino result per game (the casino tab of P&L). */
export const casinoProfitLossRequestSchema = casinoRoundsRequestSchema;
export const casinoProfitLossItemSchema = casinoTotalSchema.extend({
  gameCode: z.string(),
  gameName: z.string(),
  provider: z.string(),
});
export const casinoProfitLossSchema = z.object({
  totalCount: z.number().int(),
  items: z.array(casinoProfitLossItemSchema),
  total: casinoTotalSchema,
});
export type CasinoProfitLoss = z.infer<typeof casinoProfitLossSchema>;
