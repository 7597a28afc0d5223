/**
 * Bonus calls on the wire (spec §7: `Bonus/GetBonuses`, `Bonus/Claim`; their payloads are not
 * shown there, so these are ours). Amounts are rupees with at most two decimals, as elsewhere.
 *
 * A bonus is kept apart from cash, in the player's bonus wallet: claiming it moves it there from
 * the brand's promotions, and it becomes cash once the player's own settled stakes reach its
 * wagering requirement (the bonus times the campaign's multiplier, at most 10×), counted by the
 * campaign's rules for one product only, betting or casino. Until then it cannot be staked or
 * withdrawn; the player's own money is never locked by it. If it expires (or is forfeited), what
 * is left of it goes back to the brand.
 *
 * The rules every campaign keeps (`campaignRuleBreach`) are here, so the console's editor, the
 * server and the player's page read them from one place.
 */
import { z } from 'zod';

/** What earns a campaign's bonus. */
export const BONUS_TYPES = [
  /** Joining the brand. */
  'REGISTRATION',
  /** The player's first credited deposit. */
  'FIRST_DEPOSIT',
  /** A later credited deposit. */
  'RELOAD',
  /** A share of the player's net loss of a day, offered by the daily job. */
  'LOSSBACK',
  /** Typing the campaign's code. */
  'COUPON',
  /** Bringing a friend: the referrer is rewarded when the friend qualifies. */
  'REFERRAL',
] as const;
export type BonusType = (typeof BONUS_TYPES)[number];

/** The one product whose stakes count towards a bonus's wagering. */
export const BONUS_PRODUCTS = ['BETTING', 'CASINO'] as const;
export type BonusProduct = (typeof BONUS_PRODUCTS)[number];

/** A fixed amount, or a percentage (of the deposit or net loss) with a maximum. */
export const BONUS_AMOUNT_KINDS = ['FIXED', 'PERCENT'] as const;

/** What earns a referral reward: the friend's first deposit, or their net losses. */
export const REFERRAL_TRIGGERS = ['FIRST_DEPOSIT', 'NET_LOSS'] as const;

/**
 * The most a campaign's wagering requirement may be, as a multiple of the bonus (the UK's 2026
 * promotion rules, and an honest default anywhere).
 */
export const MAX_WAGERING_MULTIPLIER = 10;

/** How a stake counts towards betting wagering: bets at or above a price, at a percentage. */
export const bettingContributionSchema = z.object({
  /** Decimal odds: a matched bet counts when its price is at least this. */
  minPrice: z.number().min(1.01).max(1000),
  /** The share of a counted stake that counts, 1 to 100. */
  percent: z.number().int().min(1).max(100),
});
export type BettingContribution = z.infer<typeof bettingContributionSchema>;

/** How a stake counts towards casino wagering: games by category, each at a percentage. */
export const casinoContributionSchema = z.object({
  /** A game whose category is not listed counts nothing. */
  categories: z
    .array(
      z.object({
        category: z.string().trim().min(1).max(40),
        percent: z.number().int().min(1).max(100),
      }),
    )
    .min(1, 'Name at least one game category')
    .max(20),
});
export type CasinoContribution = z.infer<typeof casinoContributionSchema>;

/**
 * A campaign's terms, every one of them, as a player reads them before claiming (and as the
 * console edits them). Rupee amounts; null where a term does not apply to the campaign's type.
 */
export const bonusTermsSchema = z.object({
  type: z.enum(BONUS_TYPES),
  amountKind: z.enum(BONUS_AMOUNT_KINDS),
  /** FIXED: the bonus. */
  amount: z.number().nullable(),
  /** PERCENT: the share of the qualifying amount (the deposit, the net loss), 1 to 100. */
  percent: z.number().nullable(),
  /** PERCENT: the most the bonus can be. */
  maxAmount: z.number().nullable(),
  /** FIRST_DEPOSIT and RELOAD (and REFERRAL on a first deposit): the least deposit that qualifies. */
  minDeposit: z.number().nullable(),
  /** LOSSBACK (and REFERRAL on net losses): the least net loss that earns anything. */
  minLoss: z.number().nullable(),
  /** REFERRAL: what the referred friend must do for the referrer's reward. */
  referralTrigger: z.enum(REFERRAL_TRIGGERS).nullable(),
  /** Wagering required = bonus × this (0 to 10; 0: the bonus is cash once claimed). */
  wageringMultiplier: z.number(),
  /** The one product whose stakes count. */
  product: z.enum(BONUS_PRODUCTS),
  /** BETTING: what counts and by how much; null for casino. */
  betting: bettingContributionSchema.nullable(),
  /** CASINO: what counts and by how much; null for betting. */
  casino: casinoContributionSchema.nullable(),
  /** Days a claimed bonus has to be wagered (and an offered one to be claimed). */
  expiryDays: z.number().int(),
  /** How many times one player may have it. */
  usesPerPlayer: z.number().int(),
  /** How many times it may be claimed in all; null: no limit. */
  usesTotal: z.number().int().nullable(),
  /** When it can be claimed: from, and until (null: no end). ISO 8601 with offset. */
  startsAt: z.string(),
  endsAt: z.string().nullable(),
});
export type BonusTerms = z.infer<typeof bonusTermsSchema>;

/**
 * The rules every campaign keeps, by code: the envelope's error is VALIDATION_FAILED with the
 * code as its `details`, and the message below.
 */
export const CAMPAIGN_RULE_BREACHES = {
  /** The wagering multiplier is above 10× (or below zero). */
  WAGERING_ABOVE_CAP: `The wagering requirement is at most ${MAX_WAGERING_MULTIPLIER}× the bonus.`,
  /** Both betting and casino stakes were set to count. */
  ONE_PRODUCT_ONLY: 'A bonus counts one product: betting or casino, never both.',
  /** Neither product was set to count. */
  NO_PRODUCT: 'Choose what counts towards wagering: betting or casino.',
  /** The product named is not the one whose contribution was given. */
  PRODUCT_MISMATCH: 'What counts must be of the product the bonus is for.',
  /** FIXED without an amount, PERCENT without a percentage and a maximum. */
  AMOUNT_MISSING: 'A fixed bonus needs its amount; a percentage needs its share and its maximum.',
  /** LOSSBACK with a fixed amount. */
  LOSSBACK_PERCENT: 'A lossback is a percentage of the net loss, with a maximum.',
  /** REFERRAL without what earns the reward. */
  REFERRAL_TRIGGER: 'A referral bonus says what the friend must do: deposit, or lose.',
  /** COUPON without a code. */
  COUPON_CODE: 'A coupon campaign needs its code.',
  /** The end is not after the start. */
  DATES: 'A campaign ends after it starts.',
} as const;
export type CampaignRuleBreach = keyof typeof CAMPAIGN_RULE_BREACHES;

/** What the rule check reads of a campaign. */
export interface CampaignRuleInput {
  type: BonusType;
  amountKind: (typeof BONUS_AMOUNT_KINDS)[number];
  amount: number | null;
  percent: number | null;
  maxAmount: number | null;
  wageringMultiplier: number;
  product: BonusProduct;
  betting: BettingContribution | null;
  casino: CasinoContribution | null;
  referralTrigger?: (typeof REFERRAL_TRIGGERS)[number] | null;
  couponCode?: string | null;
  startsAt: string;
  endsAt: string | null;
}

/** The first rule a campaign breaks, or null when it keeps them all. */
export function campaignRuleBreach(campaign: CampaignRuleInput): CampaignRuleBreach | null {
  const multiplier = campaign.wageringMultiplier;
  if (!(multiplier >= 0 && multiplier <= MAX_WAGERING_MULTIPLIER)) return 'WAGERING_ABOVE_CAP';
  if (campaign.betting && campaign.casino) return 'ONE_PRODUCT_ONLY';
  if (!campaign.betting && !campaign.casino) return 'NO_PRODUCT';
  if ((campaign.product === 'BETTING') !== (campaign.betting !== null)) return 'PRODUCT_MISMATCH';
  if (campaign.type === 'LOSSBACK' && campaign.amountKind !== 'PERCENT') return 'LOSSBACK_PERCENT';
  const fixedOk = campaign.amountKind === 'FIXED' && (campaign.amount ?? 0) > 0;
  const percentOk =
    campaign.amountKind === 'PERCENT' &&
    (campaign.percent ?? 0) > 0 &&
    (campaign.maxAmount ?? 0) > 0;
  if (!fixedOk && !percentOk) return 'AMOUNT_MISSING';
  if (campaign.type === 'REFERRAL' && !campaign.referralTrigger) return 'REFERRAL_TRIGGER';
  if (campaign.type === 'COUPON' && !campaign.couponCode) return 'COUPON_CODE';
  if (campaign.endsAt !== null && Date.parse(campaign.endsAt) <= Date.parse(campaign.startsAt)) {
    return 'DATES';
  }
  return null;
}

/**
 * A player's bonus: offered (a lossback or a referral reward waiting to be claimed), active
 * (claimed, being wagered), or past (converted to cash, expired, forfeited).
 */
export const PLAYER_BONUS_STATUSES = [
  'OFFERED',
  'ACTIVE',
  'CONVERTED',
  'EXPIRED',
  'FORFEITED',
] as const;
export type PlayerBonusStatus = (typeof PLAYER_BONUS_STATUSES)[number];

/** A bonus the player holds or held, with its wagering meter. */
export const bonusSchema = z.object({
  id: z.string(),
  campaignId: z.string(),
  title: z.string(),
  description: z.string(),
  terms: bonusTermsSchema,
  status: z.enum(PLAYER_BONUS_STATUSES),
  /** The bonus. */
  amount: z.number(),
  /** Stakes counted so far, by the terms' rules. */
  wagered: z.number(),
  /** The wagering requirement: amount × the multiplier. */
  required: z.number(),
  /** When it was offered (or claimed, for a campaign's bonus claimed at once). */
  createdAt: z.string(),
  claimedAt: z.string().nullable(),
  /** ACTIVE: the wagering deadline; OFFERED: the claim deadline; past: when it would have. */
  expiresAt: z.string().nullable(),
  /** When it converted, expired or was forfeited. */
  endedAt: z.string().nullable(),
  /** CONVERTED: the cash it became; EXPIRED and FORFEITED: what went back to the brand. */
  settledAmount: z.number().nullable(),
  /** FORFEITED: why (an operator's reason). */
  reason: z.string().nullable(),
});
export type Bonus = z.infer<typeof bonusSchema>;

/** Why an offer cannot be claimed now. */
export const OFFER_BLOCKS = [
  /** A deposit bonus: no qualifying deposit yet (or none since the last such bonus). */
  'DEPOSIT_FIRST',
  /** The player already had it as many times as one player may. */
  'USED_UP',
  /** Every bonus of the campaign has been claimed. */
  'ALL_CLAIMED',
  /** The player has a bonus of this product being wagered: one at a time. */
  'ONE_ACTIVE',
] as const;
export type OfferBlock = (typeof OFFER_BLOCKS)[number];

/** A bonus the player may claim: a campaign's offer, or a bonus offered to them alone. */
export const bonusOfferSchema = z.object({
  /** What `Bonus/Claim` takes as `bonusId`. */
  id: z.string(),
  campaignId: z.string(),
  title: z.string(),
  description: z.string(),
  terms: bonusTermsSchema,
  /** What claiming now would give; null when it depends on a deposit not made yet. */
  amount: z.number().nullable(),
  /** The wagering it would need (amount × multiplier); null with `amount`. */
  required: z.number().nullable(),
  /** The deposit or loss `amount` was worked out from; null for fixed bonuses. */
  qualifyingAmount: z.number().nullable(),
  claimable: z.boolean(),
  /** Why not, when not claimable. */
  blocked: z.enum(OFFER_BLOCKS).nullable(),
  /** The last moment it can be claimed; null: no end. */
  claimBy: z.string().nullable(),
  /** How many more times this player may have it. */
  usesLeft: z.number().int(),
});
export type BonusOffer = z.infer<typeof bonusOfferSchema>;

/** Why a player sees no offers and may claim nothing: their own break or self-exclusion. */
export const BONUS_RESTRICTIONS = ['BREAK', 'SELF_EXCLUDED', 'DEMO'] as const;

/** The player's referral link, and what it brought. */
export const referralSchema = z.object({
  code: z.string(),
  /**
   * The brand's sign-up page with the code (`/auth/signup?ref=CODE`), as a full URL; a logged-in
   * player who opens it is taken to the bonus page to use the code there.
   */
  link: z.string(),
  /** Friends who joined with the code. */
  invited: z.number().int(),
  /** Of them, those whose reward was given. */
  rewarded: z.number().int(),
});
export type Referral = z.infer<typeof referralSchema>;

/** `Bonus/GetBonuses`: a coupon's offer appears in `available` when its code is given. */
export const bonusesQuerySchema = z.object({
  coupon: z.string().trim().max(40).optional(),
});

/** `Bonus/GetBonuses`: the bonus wallet, what can be claimed, what is wagered and what was. */
export const bonusListSchema = z.object({
  /** The bonus wallet: the sum of the active bonuses (apart from cash, not withdrawable). */
  bonusBalance: z.number(),
  /** Offers with their full terms, claimable or not (and why). */
  available: z.array(bonusOfferSchema),
  /** Being wagered, soonest to expire first. */
  active: z.array(bonusSchema),
  /** Converted, expired and forfeited, newest first (the last 50). */
  past: z.array(bonusSchema),
  /** Null for demo players. */
  referral: referralSchema.nullable(),
  /** Set when nothing may be offered or claimed (the offers are then empty). */
  restriction: z.enum(BONUS_RESTRICTIONS).nullable(),
});
export type BonusList = z.infer<typeof bonusListSchema>;

/**
 * `Bonus/Claim` is a GET (spec §7) that names what is claimed: `bonusId` (an offer's `id`, with
 * `coupon` for a coupon's offer), or `referral`, a friend's code (joining through their link).
 */
export const claimBonusQuerySchema = z
  .object({
    bonusId: z.string().trim().min(1).max(64).optional(),
    coupon: z.string().trim().min(1).max(40).optional(),
    referral: z.string().trim().min(1).max(40).optional(),
  })
  .refine((query) => (query.bonusId === undefined) !== (query.referral === undefined), {
    message: 'Name the bonus to claim, or the referral code',
  });

/**
 * What a claim did: CLAIMED, or ALREADY_CLAIMED when the same bonus was claimed before (nothing
 * moved again; `bonus` is the one claimed); REFERRED when a referral code was taken, or
 * ALREADY_REFERRED when the player was referred before.
 */
export const CLAIM_OUTCOMES = [
  'CLAIMED',
  'ALREADY_CLAIMED',
  'REFERRED',
  'ALREADY_REFERRED',
] as const;
export type ClaimOutcome = (typeof CLAIM_OUTCOMES)[number];

export const claimBonusResultSchema = z.object({
  outcome: z.enum(CLAIM_OUTCOMES),
  /** The bonus claimed (null for a referral code). */
  bonus: bonusSchema.nullable(),
  /** The bonus wallet after the claim. */
  bonusBalance: z.number(),
  /** Cash + exposure and exposure, as the header shows them. */
  balance: z.number(),
  exposure: z.number(),
});
export type ClaimBonusResult = z.infer<typeof claimBonusResultSchema>;
