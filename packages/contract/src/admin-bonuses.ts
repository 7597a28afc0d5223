/**
 * Bonuses in the back office, on the wire: each brand's campaigns (made, changed, paused and
 * resumed by operators), each campaign's figures, a player's bonuses and an operator's forfeit
 * of one with a reason. Every change is audited in its transaction. The calls are in
 * `admin-calls.ts`; amounts are rupees, as elsewhere in the console.
 *
 * The editor refuses what breaks the rules every campaign keeps (`campaignRuleBreach` in
 * `bonuses.ts`): wagering above 10× the bonus, and a bonus counting both products. The refusal is
 * VALIDATION_FAILED with the rule's code (`CAMPAIGN_RULE_BREACHES`) as the error's `details`.
 */
import { z } from 'zod';
import { brandFilterSchema, uuidSchema } from './admin';
import { moneySchema } from './money';
import {
  BONUS_AMOUNT_KINDS,
  BONUS_PRODUCTS,
  BONUS_TYPES,
  PLAYER_BONUS_STATUSES,
  REFERRAL_TRIGGERS,
  bettingContributionSchema,
  casinoContributionSchema,
} from './bonuses';

/** A brand the call is about (required). */
const brandSchema = z.string().trim().min(1, 'Choose a brand').max(253).toLowerCase();

/** An operator's switch: a paused campaign offers nothing and takes no claims. */
export const CAMPAIGN_STATUSES = ['ACTIVE', 'PAUSED'] as const;
/** Where a campaign stands now: its switch and its dates together. */
export const CAMPAIGN_STATES = ['SCHEDULED', 'RUNNING', 'ENDED', 'PAUSED'] as const;

/** Who may have a campaign's bonus. */
export const ELIGIBILITIES = ['ALL', 'SEGMENT', 'PLAYERS'] as const;
/** The segments a campaign may be for. */
export const PLAYER_SEGMENTS = [
  /** Joined in the last 30 days. */
  'NEW_PLAYERS',
  /** Made at least one credited deposit. */
  'DEPOSITORS',
  /** Made none yet. */
  'NON_DEPOSITORS',
] as const;

/** Rupees with at most two decimals, within what a bonus can sensibly be (₹1 crore). */
const rupees = () => moneySchema({ max: 10_000_000 });

/** An ISO 8601 date and time with its offset. */
const instantSchema = z
  .string()
  .trim()
  .refine((value) => !Number.isNaN(Date.parse(value)), 'Use a date and time');

/** A coupon's code: letters and digits (upper-cased), 4 to 20 of them. */
export const couponCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{4,20}$/, 'A code is 4 to 20 letters or digits');

/**
 * Everything an operator sets on a campaign. The two rules every campaign keeps are checked by
 * the server (`campaignRuleBreach`), so a form sending them gets the rule's own code back;
 * here the multiplier is only bounded to a number worth reading.
 */
const campaignFieldsSchema = z.object({
  title: z.string().trim().min(3, 'A title has at least 3 characters').max(80),
  description: z.string().trim().max(1000),
  /** Shown in the brand's settings response (`bonuses`) to visitors, not only to players. */
  public: z.boolean(),
  type: z.enum(BONUS_TYPES),
  amountKind: z.enum(BONUS_AMOUNT_KINDS),
  amount: rupees().nullable(),
  percent: z.number().int().min(1).max(100).nullable(),
  maxAmount: rupees().nullable(),
  minDeposit: rupees().nullable(),
  minLoss: rupees().nullable(),
  referralTrigger: z.enum(REFERRAL_TRIGGERS).nullable(),
  /** Checked against MAX_WAGERING_MULTIPLIER by the server (WAGERING_ABOVE_CAP). */
  wageringMultiplier: z
    .number({ message: 'Enter the wagering multiplier' })
    .min(-1000)
    .max(1000)
    .refine((n) => Math.round(n * 10) === n * 10, 'At most one decimal'),
  product: z.enum(BONUS_PRODUCTS),
  betting: bettingContributionSchema.nullable(),
  casino: casinoContributionSchema.nullable(),
  expiryDays: z.number().int().min(1, 'At least a day').max(90, 'At most 90 days'),
  usesPerPlayer: z.number().int().min(1).max(100),
  usesTotal: z.number().int().min(1).max(10_000_000).nullable(),
  eligibility: z.enum(ELIGIBILITIES),
  /** SEGMENT: which. */
  segment: z.enum(PLAYER_SEGMENTS).nullable(),
  /** PLAYERS: the players' ids (of the campaign's brand). */
  players: z.array(uuidSchema).max(1000),
  /** COUPON: the code players type. */
  couponCode: couponCodeSchema.nullable(),
  startsAt: instantSchema,
  endsAt: instantSchema.nullable(),
});

export const createCampaignRequestSchema = campaignFieldsSchema.extend({ brand: brandSchema });

export const updateCampaignRequestSchema = campaignFieldsSchema.extend({
  id: uuidSchema,
  /** The version the edit was made on: an older one is refused (someone saved in between). */
  version: z.number().int().nonnegative(),
});

/** Pauses or resumes a campaign; bonuses already claimed go on either way. */
export const pauseCampaignRequestSchema = z.object({
  id: uuidSchema,
  version: z.number().int().nonnegative(),
  paused: z.boolean(),
});

export const campaignsQuerySchema = z.object({
  brand: brandFilterSchema,
  status: z.enum(CAMPAIGN_STATUSES).optional(),
});

export const campaignQuerySchema = z.object({ id: uuidSchema });

/** A campaign as the console shows and edits it. */
export const campaignSchema = campaignFieldsSchema.extend({
  id: z.string(),
  brand: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  state: z.enum(CAMPAIGN_STATES),
  /** Claims so far (all players). */
  claims: z.number().int(),
  version: z.number().int().nonnegative(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Campaign = z.infer<typeof campaignSchema>;

export const campaignListSchema = z.object({ items: z.array(campaignSchema) });

/** Count and rupees of a campaign's bonuses in one state. */
const tallySchema = z.object({ count: z.number().int(), amount: z.number() });

/** A campaign's figures, over all its bonuses. */
export const campaignFiguresSchema = z.object({
  campaignId: z.string(),
  /** Claimed (moved to players' bonus wallets), whatever became of them. */
  claimed: tallySchema,
  /** Offered and not claimed yet (lossback, referral rewards). */
  offered: tallySchema,
  /** Being wagered now. */
  active: tallySchema,
  /** Stakes counted towards wagering, over every bonus of the campaign. */
  wagered: z.number(),
  /** Became cash. */
  converted: tallySchema,
  /** Expired: what was left went back to the brand. */
  expired: tallySchema,
  /** Forfeited by operators. */
  forfeited: tallySchema,
  /** What the campaign cost the brand: the cash its bonuses became. */
  cost: z.number(),
});
export type CampaignFigures = z.infer<typeof campaignFiguresSchema>;

export const playerBonusesQuerySchema = z.object({ playerId: uuidSchema });

/** A player's bonus as the console shows it. */
export const adminPlayerBonusSchema = z.object({
  id: z.string(),
  campaignId: z.string(),
  campaignTitle: z.string(),
  type: z.enum(BONUS_TYPES),
  product: z.enum(BONUS_PRODUCTS),
  status: z.enum(PLAYER_BONUS_STATUSES),
  amount: z.number(),
  wagered: z.number(),
  required: z.number(),
  createdAt: z.string(),
  claimedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  /** CONVERTED: the cash it became; EXPIRED and FORFEITED: what went back. */
  settledAmount: z.number().nullable(),
  /** FORFEITED: the operator who did it and why. */
  forfeitedBy: z.string().nullable(),
  reason: z.string().nullable(),
});
export type AdminPlayerBonus = z.infer<typeof adminPlayerBonusSchema>;

export const playerBonusListSchema = z.object({
  playerId: z.string(),
  /** The bonus wallet now (the active bonuses). */
  bonusBalance: z.number(),
  /** Newest first. */
  items: z.array(adminPlayerBonusSchema),
});

/** Forfeits an offered or active bonus: what is left goes back to the brand, once. */
export const forfeitBonusRequestSchema = z.object({
  bonusId: uuidSchema,
  reason: z.string().trim().min(3, 'Say why, in a few words').max(500),
});
