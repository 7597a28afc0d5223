import { z } from 'zod';

/** A colour the theme system can use directly (`#rgb`, `#rrggbb` or `#rrggbbaa`). */
const hexColour = z
  .string()
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/, 'a hex colour');

/** A same-origin path or an absolute http(s) URL. */
const assetUrl = z
  .string()
  .min(1)
  .refine((v) => v.startsWith('/') || /^https?:\/\//.test(v), 'a path or http(s) URL');

/** Every field of spec §3 "Domain settings"; each is required so a partial file fails to load. */
export const domainSettingSchema = z.object({
  domain: z.string().min(1),
  domainTitle: z.string().min(1),
  description: z.string(),
  mainLogo: assetUrl,
  favicon: assetUrl,
  baseUrl: z.string(),
  siteSuspended: z.boolean(),
  bodyBgColor: hexColour,
  showSupportLink: z.boolean(),
  supportLink: z.string(),
  telegramId: z.string(),
  instagramId: z.string(),
  showDepositW: z.boolean(),
  football: z.boolean(),
  tennis: z.boolean(),
  cricket: z.boolean(),
  kabaddi: z.boolean(),
  horseRacing: z.boolean(),
});

export type DomainSetting = z.infer<typeof domainSettingSchema>;

/** A promotion advertised on the domain; later issues make these claimable. */
export const domainBonusSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
});

/** An event the domain features on its landing pages. */
export const featuredEventSchema = z.object({
  eventId: z.string(),
  title: z.string(),
});

/** A casino game the domain features. */
export const featuredGameSchema = z.object({
  gameCode: z.string(),
  title: z.string(),
  provider: z.string(),
});

/** Whether and how the domain shows live TV. */
export const domainTvSchema = z.object({
  enabled: z.boolean(),
});

/** The response of a domain settings file: `{setting, bonuses, events, games, tv}` (spec §1). */
export const domainSettingsResponseSchema = z.object({
  setting: domainSettingSchema,
  bonuses: z.array(domainBonusSchema),
  events: z.array(featuredEventSchema),
  games: z.array(featuredGameSchema),
  tv: domainTvSchema,
});

export type DomainSettingsResponse = z.infer<typeof domainSettingsResponseSchema>;

/**
 * The default-domain file fetched beside the domain's own (spec §1): the platform's
 * default brand assets, used where a brand has none of its own (spec §2).
 */
export const defaultDomainSettingsSchema = z.object({
  defaultLogo: assetUrl,
  loginBackground: assetUrl,
  primaryColour: hexColour,
});

export type DefaultDomainSettings = z.infer<typeof defaultDomainSettingsSchema>;

/** Where settings files live under the CDN prefix. */
export const SETTINGS_DIR = 'settings';
/** Settings file used by localhost, test and preview hosts (spec §1). */
export const TEST_SETTINGS_NAME = 'test';
/** The default-domain settings file of the secondary fetch (spec §1). */
export const DEFAULT_SETTINGS_NAME = 'default';
/** Random cache-busting key bounds, inclusive (spec §9). */
export const CACHE_KEY_MIN = 100;
export const CACHE_KEY_MAX = 1000;
