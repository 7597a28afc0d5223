/**
 * The in-play extras: the score session of an event's fancy markets and its video link. Kept
 * out of `sports.ts` so pages that never show them do not download them.
 */
import { z } from 'zod';
import { eventIdSchema } from './sports';

/** `services/app/Sport/GetScoreSession`. */
export const scoreSessionQuerySchema = z.object({ eventId: eventIdSchema });
/**
 * The runs lines of an event's session (fancy) markets, with the runs scored so far: one entry
 * per session, in the order the event's markets list them (an event without sessions has none).
 */
export const scoreSessionSchema = z.object({
  eventId: z.number(),
  sessions: z.array(
    z.object({
      /** The run value the house takes No at now (else the session's lowest still open). */
      marketId: z.string(),
      name: z.string(),
      /** That market's line, as markets carry it: its run value less a half (83.5 for No 84). */
      line: z.number(),
      /** Its runs so far (a boundaries session counts boundaries); null before it starts. */
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
  /** True when the link is the built-in feed's stand-in picture, not video of the event. */
  placeholder: z.boolean(),
  /** Why there is no video, or what the stand-in is; empty for real video. */
  message: z.string(),
});
export type VideoLink = z.infer<typeof videoLinkSchema>;
