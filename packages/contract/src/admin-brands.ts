/**
 * Brands in the back office: each brand's published settings (spec §3), its place in the
 * hostname registry (theme group, aliases, landing flags) and its betting rules, kept in the
 * database with a version for every change. The player client reads the same settings file.
 */
import { z } from 'zod';
import { moneySchema } from './money';
import { domainSettingsResponseSchema } from './domain-settings';
import { SPORT_IDS } from './sports';
import { THEME_NAMES } from './brand-themes';

export { THEME_NAMES, type ThemeName } from './brand-themes';

/** The brand test, preview and localhost hosts share; it is not a hostname. */
export const TEST_BRAND = 'test';

/** RFC 1035 labels, at least two of them, and a top-level label that starts with a letter. */
const HOSTNAME_PATTERN =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** A brand's hostname: lower case, no scheme, port, path or trailing dot. */
export const hostnameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(253, 'At most 253 characters')
  .regex(HOSTNAME_PATTERN, 'A host name such as example.com (letters, digits, dots and dashes)')
  .refine((host) => !host.endsWith('.localhost'), 'A .localhost name is a preview, not a brand');

/** A brand named in a call: a hostname, or the test hosts' brand. */
export const brandNameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'Choose a brand')
  .max(253)
  .refine(
    (name) => name === TEST_BRAND || hostnameSchema.safeParse(name).success,
    'Not a brand name',
  );

const rupees = moneySchema({ max: 1_000_000_000 });

/** Stake and liability limits, in rupees. */
export const betLimitSchema = z
  .object({ minStake: rupees, maxStake: rupees, maxLiability: rupees })
  .strict()
  .refine((limit) => limit.minStake <= limit.maxStake, {
    message: 'The minimum stake is above the maximum',
    path: ['minStake'],
  });

export type BetLimit = z.infer<typeof betLimitSchema>;

const delaySeconds = z.number().int('Whole seconds').min(0).max(30, 'At most 30 s');

const sportIdKeys = Object.values(SPORT_IDS).map(String) as [string, ...string[]];
const sportIdKey = z.enum(sportIdKeys, { message: 'A sport id' });

/**
 * Whether cash out is offered where neither the brand nor the platform's rules say (platform
 * rules saved before the switch existed); `config/domains/betting.json` seeds it the same.
 */
export const CASH_OUT_BY_DEFAULT = true;

/**
 * Betting rules: every field optional, as a brand overrides the defaults field by field
 * (a sport's limits override the brand's `all`; `fancy` applies to fancy markets).
 */
export const bettingRulesSchema = z
  .object({
    commissionPercent: z.number().min(0, 'At least 0').max(100, 'At most 100').optional(),
    all: betLimitSchema.optional(),
    sports: z.partialRecord(sportIdKey, betLimitSchema).optional(),
    fancy: betLimitSchema.optional(),
    betDelaySeconds: z.partialRecord(sportIdKey, delaySeconds).optional(),
    /**
     * The in-play delay of the markets that close for every ball (cricket's bookmaker and
     * fancy), in place of the sport's: their ball-running suspension is what keeps a bet from knowing the
     * ball, and a delay as long as the time between balls would refuse nearly every bet.
     */
    ballRunningBetDelaySeconds: delaySeconds.optional(),
    /** Whether players may cash out (match odds and bookmaker markets; never fancy). */
    cashOut: z.boolean().optional(),
  })
  .strict();

export type BettingRules = z.infer<typeof bettingRulesSchema>;

/** The platform's rules, which every brand starts from: commission and `all` are required. */
export const bettingDefaultsSchema = bettingRulesSchema.required({
  commissionPercent: true,
  all: true,
});

export type BettingDefaults = z.infer<typeof bettingDefaultsSchema>;

/** Where a brand sits in the hostname registry. */
export const brandEntrySchema = z.object({
  /** The theme group; null colours the brand by its `bodyBgColor` alone. */
  theme: z.enum(THEME_NAMES).nullable(),
  /** Other hostnames served as this brand. */
  aliases: z.array(hostnameSchema).max(20, 'At most 20 aliases'),
  /** The landing opens the crash game in the lobby (spec §2). */
  casinoOnly: z.boolean(),
  /** The landing is `/index`, open to guests (spec §2). */
  indexLanding: z.boolean(),
});

export type BrandEntry = z.infer<typeof brandEntrySchema>;

/** Everything an operator edits on a brand; one version of it. */
export const brandDocumentSchema = z.object({
  entry: brandEntrySchema,
  /** The settings file players' browsers read, exactly as published. */
  settings: domainSettingsResponseSchema,
  betting: bettingRulesSchema,
});

export type BrandDocument = z.infer<typeof brandDocumentSchema>;

const changeStamp = {
  version: z.number().int().min(1),
  updatedAt: z.string(),
  /** The operator who made this version; null for the seed from `config/domains`. */
  updatedBy: z.string().nullable(),
};

export const brandSchema = brandDocumentSchema.extend({ domain: z.string(), ...changeStamp });
export type Brand = z.infer<typeof brandSchema>;

export const brandSummarySchema = z.object({
  domain: z.string(),
  title: z.string(),
  theme: z.enum(THEME_NAMES).nullable(),
  aliases: z.array(z.string()),
  suspended: z.boolean(),
  mainLogo: z.string(),
  ...changeStamp,
});

export const brandListSchema = z.object({ brands: z.array(brandSummarySchema) });
export type BrandList = z.infer<typeof brandListSchema>;

export const brandQuerySchema = z.object({ domain: brandNameSchema });

export const createBrandRequestSchema = brandDocumentSchema.extend({ domain: hostnameSchema });
export type CreateBrandRequest = z.infer<typeof createBrandRequestSchema>;

export const updateBrandRequestSchema = brandDocumentSchema.extend({
  domain: brandNameSchema,
  /** The version the edit was made on: a newer one in the database refuses it (409). */
  version: z.number().int().min(1),
});
export type UpdateBrandRequest = z.infer<typeof updateBrandRequestSchema>;

export const brandVersionSchema = z.object({
  version: z.number().int().min(1),
  changedAt: z.string(),
  changedBy: z.string().nullable(),
  document: brandDocumentSchema,
});

export const brandVersionsSchema = z.object({
  domain: z.string(),
  versions: z.array(brandVersionSchema),
});
export type BrandVersions = z.infer<typeof brandVersionsSchema>;

/** Image types a logo or favicon may be, by what the bytes are (not what the name says). */
export const BRAND_ASSET_TYPES = [
  'image/svg+xml',
  'image/png',
  'image/webp',
  'image/x-icon',
] as const;
/** Sized so the base64 of the largest file stays within the API's 256 KB body limit. */
export const BRAND_ASSET_MAX_BYTES = 160 * 1024;
/** Neither side of a logo or favicon may be wider or taller than this. */
export const BRAND_ASSET_MAX_PIXELS = 2048;

export const uploadBrandAssetRequestSchema = z.object({
  domain: brandNameSchema,
  kind: z.enum(['logo', 'favicon']),
  /** The file's bytes, base64-encoded. */
  dataBase64: z
    .string()
    .min(1, 'Choose a file')
    .max(Math.ceil(BRAND_ASSET_MAX_BYTES / 3) * 4, 'At most 160 KB')
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'Not base64'),
  /** The brand version the upload replaces the image of (409 when it is stale). */
  version: z.number().int().min(1),
});
export type UploadBrandAssetRequest = z.infer<typeof uploadBrandAssetRequestSchema>;

export const bettingDefaultsStateSchema = z.object({
  rules: bettingDefaultsSchema,
  ...changeStamp,
});
export type BettingDefaultsState = z.infer<typeof bettingDefaultsStateSchema>;

export const updateBettingDefaultsRequestSchema = z.object({
  rules: bettingDefaultsSchema,
  version: z.number().int().min(1),
});
