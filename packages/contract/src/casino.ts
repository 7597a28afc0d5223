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

/** The game URL request of spec §3: userId, gameCode, gameId, country. */
export const launchGameRequestSchema = z.object({
  /** Text, or a number as older clients stored it; null for a guest. */
  userId: z
    .union([z.string().max(64), z.number().int()])
    .nullable()
    .optional(),
  gameCode: z.string().trim().min(1).max(64),
  gameId: z.coerce.number().int().nonnegative(),
  country: z.string().trim().length(2),
});
/** Spec §3: the answer carries `result.url`. */
export const launchGameResultSchema = z.object({ url: z.string().regex(/\S/, 'No game URL') });
export type LaunchGameResult = z.infer<typeof launchGameResultSchema>;

/** `Casino/GetDreamUrl`: the lobby of the Dream provider, or one of its games. */
export const dreamCasinoUrlQuerySchema = z.object({
  gameCode: z.string().trim().min(1).max(64).optional(),
});
