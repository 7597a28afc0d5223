/** The player's activity log, IP address and profile image on the wire (spec §7). */
import { z } from 'zod';

/** `Account/GetActivityLog`: what the player did, newest first. */
export const activityLogQuerySchema = z.object({
  MaxResultCount: z.coerce.number().int().min(1).max(100).default(20),
  SkipCount: z.coerce.number().int().min(0).max(100_000).default(0),
});
export const activityLogSchema = z.object({
  totalCount: z.number().int().nonnegative(),
  items: z.array(
    z.object({ time: z.string(), activity: z.string(), ip: z.string(), browser: z.string() }),
  ),
});

/** `Account/GetClientIp`: the address the server sees the player at. */
export const clientIpSchema = z.object({ ip: z.string() });

/** Largest profile image accepted, in characters of its data URL. */
export const PROFILE_IMAGE_MAX_LENGTH = 700_000;
/** `Setting/StoreImage`: a PNG, JPEG or WebP image as a base64 data URL. */
export const storeImageRequestSchema = z.object({
  image: z
    .string()
    .max(PROFILE_IMAGE_MAX_LENGTH, 'The image is too large')
    .regex(
      /^data:image\/(?:png|jpeg|webp);base64,[A-Za-z0-9+/]+=*$/,
      'Choose a PNG, JPEG or WebP image',
    ),
});
export const storeImageResultSchema = z.object({ url: z.string() });
