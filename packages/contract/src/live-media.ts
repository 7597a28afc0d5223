/**
 * The in-play extras no handler serves yet: the score session of an event's fancy markets and
 * its video link. Kept out of `sports.ts` so pages that never show them do not download them.
 */
import { z } from 'zod';
import { eventIdSchema } from './sports';

/** `services/app/Sport/GetScoreSession`. */
export const scoreSessionQuerySchema = z.object({ eventId: eventIdSchema });
/** The runs lines of an event's session (fancy) markets, with the runs scored so far. */
export const scoreSessionSchema = z.object({
  eventId: z.number(),
  sessions: z.array(
    z.object({
      marketId: z.string(),
      name: z.string(),
      line: z.number(),
      /** Runs scored in the session so far; null before it starts. */
      runs: z.number().nullable(),
    }),
  ),
  updatedAt: z.string(),
});
export type ScoreSession = z.infer<typeof scoreSessionSchema>;

/** `services/app/Sport/GetVideoLink`. */
export const videoLinkQuerySchema = z.object({ eventId: eventIdSchema });
export const videoLinkSchema = z.object({
  eventId: z.number(),
  /** Null when the event has no video. */
  url: z.string().nullable(),
});
export type VideoLink = z.infer<typeof videoLinkSchema>;
