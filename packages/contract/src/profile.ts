/** The player's activity log, IP address and profile image on the wire (spec §7). */
import { z } from 'zod';
import { idSchema } from './wallet';

/**
 * What an activity log entry says happened: a login (and a failed or blocked attempt at one, by
 * whoever tried), a password change, limits set, a time-out or self-exclusion. The wire carries
 * these as plain strings, so a client older than a new kind still reads the rest of the log.
 */
export const ACCOUNT_ACTIVITIES = [
  'LOGIN',
  'LOGIN_FAILED',
  'LOGIN_BLOCKED',
  'PASSWORD_CHANGED',
  'LIMITS_CHANGED',
  'TIME_OUT',
  'SELF_EXCLUSION',
] as const;
export type AccountActivity = (typeof ACCOUNT_ACTIVITIES)[number];

/** `Account/GetActivityLog`: what the player did, newest first. */
export const activityLogQuerySchema = z.object({
  MaxResultCount: z.coerce.number().int().min(1).max(100).default(20),
  SkipCount: z.coerce.number().int().min(0).max(100_000).default(0),
});
export const activityLogSchema = z.object({
  totalCount: z.number().int().nonnegative(),
  items: z.array(
    /** `activity` is one of ACCOUNT_ACTIVITIES; `ip` and `browser` are where it came from. */
    z.object({ time: z.string(), activity: z.string(), ip: z.string(), browser: z.string() }),
  ),
});

/** `Account/GetClientIp`: the address the server sees the player at. */
export const clientIpSchema = z.object({ ip: z.string() });

/** The largest image accepted, in bytes (a phone's full-size payment screenshot fits). */
export const STORED_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** The same limit in characters of its base64 data URL (4 characters per 3 bytes, the prefix). */
export const STORED_IMAGE_MAX_LENGTH = Math.ceil(STORED_IMAGE_MAX_BYTES / 3) * 4 + 32;
/**
 * `Setting/StoreImage`: a PNG, JPEG or WebP image (a deposit's payment screenshot) as a base64
 * data URL. The server checks the bytes, not the label, and keeps a re-encoded copy without
 * metadata that only the player and operators can read.
 */
export const storeImageRequestSchema = z.object({
  image: z
    .string()
    .max(STORED_IMAGE_MAX_LENGTH, 'The image is larger than 2 MB')
    .regex(
      /^data:image\/(?:png|jpeg|webp);base64,[A-Za-z0-9+/]+=*$/,
      'Choose a PNG, JPEG or WebP image',
    ),
});
export const storeImageResultSchema = z.object({
  /** What a deposit names as its `slipId`. */
  id: z.string(),
  /** Where the player can read it back (with their bearer). */
  url: z.string(),
});

/** `Setting/GetImage`: one of the player's own stored images, as a data URL. */
export const getImageQuerySchema = z.object({ id: idSchema('Unknown image') });
export const storedImageSchema = z.object({ dataUrl: z.string() });
