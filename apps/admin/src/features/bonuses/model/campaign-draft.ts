import type {
  Campaign,
  createCampaignRequestSchema,
  ELIGIBILITIES,
  PLAYER_SEGMENTS,
} from '@backlay/contract/admin-bonuses';
import { createBonusCampaignRoute } from '@backlay/contract/admin-calls';
import {
  CAMPAIGN_RULE_BREACHES,
  campaignRuleBreach,
  type BONUS_AMOUNT_KINDS,
  type BonusType,
  type CampaignRuleBreach,
  type REFERRAL_TRIGGERS,
} from '@backlay/contract/bonuses';
import type { z } from 'zod';
import { AdminApiError } from '../../../shared/api/admin-api-error';
import { parseNumber } from '../../../shared/forms/parse-number';
import { requestErrorsByPath, type FieldErrors } from '../../../shared/forms/request-errors';

/** Everything a campaign's editor sends but the brand (a new campaign's) and the version. */
export type CampaignFields = Omit<z.input<typeof createCampaignRequestSchema>, 'brand'>;

/** A casino game category and the share of its stakes that counts, as typed. */
export interface CategoryDraft {
  category: string;
  percent: string;
}

/**
 * A campaign as the editor holds it: numbers and dates as typed, what counts as two switches
 * (the rule that a bonus counts one product is checked, not assumed), and every field of every
 * type kept while the operator switches types; only the type's own fields are sent.
 */
export interface CampaignDraft {
  title: string;
  description: string;
  public: boolean;
  type: BonusType;
  amountKind: (typeof BONUS_AMOUNT_KINDS)[number];
  amount: string;
  percent: string;
  maxAmount: string;
  minDeposit: string;
  minLoss: string;
  referralTrigger: (typeof REFERRAL_TRIGGERS)[number];
  wageringMultiplier: string;
  countsBetting: boolean;
  minPrice: string;
  bettingPercent: string;
  countsCasino: boolean;
  categories: CategoryDraft[];
  expiryDays: string;
  usesPerPlayer: string;
  /** Empty: no limit. */
  usesTotal: string;
  eligibility: (typeof ELIGIBILITIES)[number];
  segment: (typeof PLAYER_SEGMENTS)[number];
  /** Player ids, one a line (or separated by commas or spaces). */
  players: string;
  couponCode: string;
  /** `YYYY-MM-DDTHH:mm` in the operator's time zone, as a datetime-local field holds it. */
  startsAt: string;
  /** Empty: no end. */
  endsAt: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a datetime-local field shows it, in the browser's time zone. */
export function localInputOf(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(
    date.getHours(),
  )}:${pad(date.getMinutes())}`;
}

/** A datetime-local field's value as an ISO instant; as typed when it is no time. */
export function instantOf(local: string): string {
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? local : date.toISOString();
}

const text = (value: number | null) => (value === null ? '' : String(value));

/** A new campaign's fields: a first-deposit bonus on exchange bets, starting now. */
export function newCampaignDraft(now = new Date()): CampaignDraft {
  return {
    title: '',
    description: '',
    public: true,
    type: 'FIRST_DEPOSIT',
    amountKind: 'PERCENT',
    amount: '',
    percent: '100',
    maxAmount: '',
    minDeposit: '',
    minLoss: '',
    referralTrigger: 'FIRST_DEPOSIT',
    wageringMultiplier: '5',
    countsBetting: true,
    minPrice: '1.5',
    bettingPercent: '100',
    countsCasino: false,
    categories: [{ category: '', percent: '100' }],
    expiryDays: '30',
    usesPerPlayer: '1',
    usesTotal: '',
    eligibility: 'ALL',
    segment: 'NEW_PLAYERS',
    players: '',
    couponCode: '',
    startsAt: localInputOf(now.toISOString()),
    endsAt: '',
  };
}

/** A saved campaign's fields, as the editor starts from them. */
export function campaignDraftOf(campaign: Campaign): CampaignDraft {
  const blank = newCampaignDraft(new Date(campaign.startsAt));
  return {
    ...blank,
    title: campaign.title,
    description: campaign.description,
    public: campaign.public,
    type: campaign.type,
    amountKind: campaign.amountKind,
    amount: text(campaign.amount),
    percent: text(campaign.percent),
    maxAmount: text(campaign.maxAmount),
    minDeposit: text(campaign.minDeposit),
    minLoss: text(campaign.minLoss),
    referralTrigger: campaign.referralTrigger ?? blank.referralTrigger,
    wageringMultiplier: String(campaign.wageringMultiplier),
    countsBetting: campaign.betting !== null,
    minPrice: campaign.betting ? String(campaign.betting.minPrice) : blank.minPrice,
    bettingPercent: campaign.betting ? String(campaign.betting.percent) : blank.bettingPercent,
    countsCasino: campaign.casino !== null,
    categories: campaign.casino
      ? campaign.casino.categories.map((c) => ({
          category: c.category,
          percent: String(c.percent),
        }))
      : blank.categories,
    expiryDays: String(campaign.expiryDays),
    usesPerPlayer: String(campaign.usesPerPlayer),
    usesTotal: text(campaign.usesTotal),
    eligibility: campaign.eligibility,
    segment: campaign.segment ?? blank.segment,
    players: campaign.players.join('\n'),
    couponCode: campaign.couponCode ?? '',
    startsAt: localInputOf(campaign.startsAt),
    endsAt: campaign.endsAt === null ? '' : localInputOf(campaign.endsAt),
  };
}

/** Which types take which of the fields that apply to some types only. */
export function appliesTo(draft: Pick<CampaignDraft, 'type' | 'referralTrigger'>) {
  const referral = draft.type === 'REFERRAL';
  return {
    minDeposit:
      draft.type === 'FIRST_DEPOSIT' ||
      draft.type === 'RELOAD' ||
      (referral && draft.referralTrigger === 'FIRST_DEPOSIT'),
    minLoss: draft.type === 'LOSSBACK' || (referral && draft.referralTrigger === 'NET_LOSS'),
    referralTrigger: referral,
    couponCode: draft.type === 'COUPON',
  };
}

/** The numeric fields, by their request path, for "Enter a number" before anything else. */
const NUMBER_FIELDS = {
  amount: 'amount',
  percent: 'percent',
  maxAmount: 'maxAmount',
  minDeposit: 'minDeposit',
  minLoss: 'minLoss',
  wageringMultiplier: 'wageringMultiplier',
  minPrice: 'betting.minPrice',
  bettingPercent: 'betting.percent',
  expiryDays: 'expiryDays',
  usesPerPlayer: 'usesPerPlayer',
  usesTotal: 'usesTotal',
} as const satisfies Partial<Record<keyof CampaignDraft, string>>;

const number = (typed: string) => parseNumber(typed);
/** A typed number the request needs: NaN when empty, so the schema says it is missing. */
const required = (typed: string) => parseNumber(typed) ?? Number.NaN;

/** What the editor sends for a draft: the type's own fields, the rest null. */
export function campaignFieldsOf(draft: CampaignDraft): CampaignFields {
  const applies = appliesTo(draft);
  const fixed = draft.amountKind === 'FIXED';
  return {
    title: draft.title.trim(),
    description: draft.description.trim(),
    public: draft.public,
    type: draft.type,
    amountKind: draft.amountKind,
    amount: fixed ? number(draft.amount) : null,
    percent: fixed ? null : number(draft.percent),
    maxAmount: fixed ? null : number(draft.maxAmount),
    minDeposit: applies.minDeposit ? number(draft.minDeposit) : null,
    minLoss: applies.minLoss ? number(draft.minLoss) : null,
    referralTrigger: applies.referralTrigger ? draft.referralTrigger : null,
    wageringMultiplier: required(draft.wageringMultiplier),
    // Both switches on is sent as it is: the one-product rule refuses it by name.
    product: draft.countsCasino && !draft.countsBetting ? 'CASINO' : 'BETTING',
    betting: draft.countsBetting
      ? { minPrice: required(draft.minPrice), percent: required(draft.bettingPercent) }
      : null,
    casino: draft.countsCasino
      ? {
          categories: draft.categories.map((entry) => ({
            category: entry.category.trim(),
            percent: required(entry.percent),
          })),
        }
      : null,
    expiryDays: required(draft.expiryDays),
    usesPerPlayer: required(draft.usesPerPlayer),
    usesTotal: number(draft.usesTotal),
    eligibility: draft.eligibility,
    segment: draft.eligibility === 'SEGMENT' ? draft.segment : null,
    players:
      draft.eligibility === 'PLAYERS'
        ? draft.players.split(/[\s,]+/).filter((id) => id !== '')
        : [],
    couponCode: applies.couponCode ? draft.couponCode.trim().toUpperCase() || null : null,
    startsAt: instantOf(draft.startsAt),
    endsAt: draft.endsAt.trim() === '' ? null : instantOf(draft.endsAt),
  };
}

/** The field each rule's breach is shown at. */
export const BREACH_FIELDS: Record<CampaignRuleBreach, string> = {
  WAGERING_ABOVE_CAP: 'wageringMultiplier',
  ONE_PRODUCT_ONLY: 'product',
  NO_PRODUCT: 'product',
  PRODUCT_MISMATCH: 'product',
  AMOUNT_MISSING: 'amount',
  LOSSBACK_PERCENT: 'amountKind',
  REFERRAL_TRIGGER: 'referralTrigger',
  COUPON_CODE: 'couponCode',
  DATES: 'endsAt',
};

/**
 * What the editor must fix before saving, by request path: numbers that are not numbers, game
 * categories without a name, what the contract's request schema refuses, then every rule the
 * campaign breaks (wagering above 10×, both products, …) in the contract's own words. Empty
 * when it may be sent.
 */
export function campaignErrors(draft: CampaignDraft): FieldErrors {
  const errors: FieldErrors = {};
  for (const [key, path] of Object.entries(NUMBER_FIELDS)) {
    const typed = draft[key as keyof typeof NUMBER_FIELDS];
    if (Number.isNaN(parseNumber(typed))) errors[path] = 'Enter a number';
  }
  draft.categories.forEach((entry, index) => {
    if (!draft.countsCasino) return;
    if (entry.category.trim() === '') {
      errors[`casino.categories.${index}.category`] = 'Name the game category';
    }
    if (Number.isNaN(parseNumber(entry.percent))) {
      errors[`casino.categories.${index}.percent`] = 'Enter a number';
    }
  });
  const fields = campaignFieldsOf(draft);
  // The brand is the page's to check; the rest is the contract's.
  const schemaErrors =
    requestErrorsByPath(createBonusCampaignRoute, { ...fields, brand: 'any.brand' }) ?? {};
  for (const [path, message] of Object.entries(schemaErrors)) errors[path] ??= message;
  for (const breach of ruleBreaches(fields)) {
    errors[breachField(breach, draft)] ??= CAMPAIGN_RULE_BREACHES[breach];
  }
  return errors;
}

/**
 * What clears each breach, to look past it for the next: the rule check names the first rule a
 * campaign breaks, and the editor shows every one at once.
 */
const PAST_BREACH: Record<CampaignRuleBreach, (fields: CampaignFields) => CampaignFields | null> = {
  WAGERING_ABOVE_CAP: (fields) => ({ ...fields, wageringMultiplier: 0 }),
  ONE_PRODUCT_ONLY: (fields) => ({ ...fields, casino: null, product: 'BETTING' }),
  NO_PRODUCT: (fields) => ({
    ...fields,
    betting: { minPrice: 1.01, percent: 100 },
    product: 'BETTING',
  }),
  PRODUCT_MISMATCH: (fields) => ({
    ...fields,
    product: fields.betting !== null ? 'BETTING' : 'CASINO',
  }),
  // A lossback's amount is a percentage: what it lacks is the next thing to say.
  LOSSBACK_PERCENT: () => null,
  AMOUNT_MISSING: (fields) => ({ ...fields, amountKind: 'FIXED', amount: 1 }),
  REFERRAL_TRIGGER: (fields) => ({ ...fields, referralTrigger: 'FIRST_DEPOSIT' }),
  COUPON_CODE: (fields) => ({ ...fields, couponCode: 'CODE' }),
  DATES: (fields) => ({ ...fields, endsAt: null }),
};

/** Every rule every campaign keeps that these fields break, in the contract's order. */
export function ruleBreaches(fields: CampaignFields): CampaignRuleBreach[] {
  const found: CampaignRuleBreach[] = [];
  let next: CampaignFields | null = fields;
  while (next !== null) {
    const breach = campaignRuleBreach(next);
    if (breach === null || found.includes(breach)) break;
    found.push(breach);
    next = PAST_BREACH[breach](next);
  }
  return found;
}

/** The field a breach is shown at; a percentage's missing amount, at its maximum. */
function breachField(breach: CampaignRuleBreach, draft: Pick<CampaignDraft, 'amountKind'>) {
  if (breach === 'AMOUNT_MISSING' && draft.amountKind === 'PERCENT') return 'maxAmount';
  return BREACH_FIELDS[breach];
}

/**
 * The rule a server's refusal names (VALIDATION_FAILED with the rule's code as its details),
 * at its field, in the contract's words; null for any other failure.
 */
export function serverRuleErrors(
  error: unknown,
  draft: Pick<CampaignDraft, 'amountKind'>,
): FieldErrors | null {
  if (!(error instanceof AdminApiError) || error.code !== 'VALIDATION_FAILED') return null;
  const code = error.details?.trim() ?? '';
  if (!(code in CAMPAIGN_RULE_BREACHES)) return null;
  const breach = code as CampaignRuleBreach;
  return { [breachField(breach, draft)]: CAMPAIGN_RULE_BREACHES[breach] };
}

/** The editor's names of its fields, by request path, for the list of what to fix. */
export function campaignFieldLabel(path: string): string {
  const labels: Record<string, string> = {
    title: 'Title',
    description: 'Description',
    brand: 'Brand',
    type: 'Type',
    amountKind: 'Amount',
    amount: 'Bonus amount',
    percent: 'Percentage',
    maxAmount: 'Maximum bonus',
    minDeposit: 'Minimum deposit',
    minLoss: 'Minimum net loss',
    referralTrigger: 'What the friend must do',
    wageringMultiplier: 'Wagering multiplier',
    product: 'What counts',
    'betting.minPrice': 'Minimum odds',
    'betting.percent': 'Share of each bet’s stake',
    expiryDays: 'Days to wager',
    usesPerPlayer: 'Uses per player',
    usesTotal: 'Uses in all',
    eligibility: 'Who may have it',
    segment: 'Segment',
    players: 'Players',
    couponCode: 'Coupon code',
    startsAt: 'Starts',
    endsAt: 'Ends',
  };
  const category = /^casino\.categories\.(\d+)\.(category|percent)$/.exec(path);
  if (category) {
    const row = Number(category[1]) + 1;
    return category[2] === 'category' ? `Game category ${row}` : `Share of category ${row}`;
  }
  if (path.startsWith('casino')) return 'Casino game categories';
  if (path.startsWith('players')) return 'Players';
  return labels[path] ?? path;
}
