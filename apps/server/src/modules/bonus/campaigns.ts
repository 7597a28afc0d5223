/**
 * Campaigns: each brand's bonus offers, as operators make them (or the seed file of
 * `config/domains` on a fresh install). Rupees on the wire, minor units here; the wagering
 * multiplier in tenths. Every write checks the rules every campaign keeps (`campaignRuleBreach`,
 * from the contract: wagering at most 10×, one product), and the table's constraints hold them
 * again whatever writes there.
 */
import type { z } from 'zod';
import {
  CAMPAIGN_RULE_BREACHES,
  campaignRuleBreach,
  type BonusTerms,
  type BonusType,
} from '@backlay/contract/bonuses';
import type {
  Campaign,
  createCampaignRequestSchema,
  updateCampaignRequestSchema,
} from '@backlay/contract/admin-bonuses';
import type { Queryable } from '../../db/database';
import { ApiError } from '../../http/api-error';
import { toMinor } from '../wallet';

export type CampaignInput = z.output<typeof createCampaignRequestSchema>;
export type CampaignUpdate = z.output<typeof updateCampaignRequestSchema>;

export interface CampaignRow {
  id: string;
  domain: string;
  seed_key: string | null;
  status: 'ACTIVE' | 'PAUSED';
  title: string;
  description: string;
  public: boolean;
  type: BonusType;
  amount_kind: 'FIXED' | 'PERCENT';
  amount_minor: unknown;
  percent: number | null;
  max_amount_minor: unknown;
  min_deposit_minor: unknown;
  min_loss_minor: unknown;
  referral_trigger: 'FIRST_DEPOSIT' | 'NET_LOSS' | null;
  wagering_tenths: number;
  product: 'BETTING' | 'CASINO';
  min_price_hundredths: number | null;
  betting_percent: number | null;
  casino_categories: { category: string; percent: number }[] | string | null;
  expiry_days: number;
  uses_per_player: number;
  uses_total: number | null;
  claims: number;
  eligibility: 'ALL' | 'SEGMENT' | 'PLAYERS';
  segment: 'NEW_PLAYERS' | 'DEPOSITORS' | 'NON_DEPOSITORS' | null;
  players: string[];
  coupon_code: string | null;
  starts_at: Date;
  ends_at: Date | null;
  version: number;
  created_at: Date;
  updated_at: Date;
}

export const CAMPAIGN_COLUMNS = `id, domain, seed_key, status, title, description, public, type,
  amount_kind, amount_minor, percent, max_amount_minor, min_deposit_minor, min_loss_minor,
  referral_trigger, wagering_tenths, product, min_price_hundredths, betting_percent,
  casino_categories, expiry_days, uses_per_player, uses_total, claims, eligibility, segment,
  players, coupon_code, starts_at, ends_at, version, created_at, updated_at`;

/** Minor units (or null) read back from the database. */
export function minorOrNull(value: unknown): number | null {
  return value === null || value === undefined ? null : toMinor(value);
}

/** Minor units as rupees on the wire (or null). */
export function rupeesOrNull(minor: number | null): number | null {
  return minor === null ? null : minor / 100;
}

const toMinorUnits = (rupees: number | null) => (rupees === null ? null : Math.round(rupees * 100));

function categoriesOf(row: CampaignRow): { category: string; percent: number }[] | null {
  if (row.casino_categories === null) return null;
  return typeof row.casino_categories === 'string'
    ? (JSON.parse(row.casino_categories) as { category: string; percent: number }[])
    : row.casino_categories;
}

/** A campaign's terms as players read them (and as a bonus keeps them once given). */
export function termsOf(row: CampaignRow): BonusTerms {
  const categories = categoriesOf(row);
  return {
    type: row.type,
    amountKind: row.amount_kind,
    amount: rupeesOrNull(minorOrNull(row.amount_minor)),
    percent: row.percent,
    maxAmount: rupeesOrNull(minorOrNull(row.max_amount_minor)),
    minDeposit: rupeesOrNull(minorOrNull(row.min_deposit_minor)),
    minLoss: rupeesOrNull(minorOrNull(row.min_loss_minor)),
    referralTrigger: row.referral_trigger,
    wageringMultiplier: row.wagering_tenths / 10,
    product: row.product,
    betting:
      row.min_price_hundredths === null || row.betting_percent === null
        ? null
        : { minPrice: row.min_price_hundredths / 100, percent: row.betting_percent },
    casino: categories === null ? null : { categories },
    expiryDays: row.expiry_days,
    usesPerPlayer: row.uses_per_player,
    usesTotal: row.uses_total,
    startsAt: new Date(row.starts_at).toISOString(),
    endsAt: row.ends_at === null ? null : new Date(row.ends_at).toISOString(),
  };
}

/** Where a campaign stands at `now`. */
export function campaignState(row: CampaignRow, now: Date): Campaign['state'] {
  if (row.status === 'PAUSED') return 'PAUSED';
  if (new Date(row.starts_at) > now) return 'SCHEDULED';
  if (row.ends_at !== null && new Date(row.ends_at) <= now) return 'ENDED';
  return 'RUNNING';
}

/** A campaign as the console shows it. */
export function campaignView(row: CampaignRow, now: Date): Campaign {
  const terms = termsOf(row);
  return {
    id: row.id,
    brand: row.domain,
    status: row.status,
    state: campaignState(row, now),
    title: row.title,
    description: row.description,
    public: row.public,
    type: terms.type,
    amountKind: terms.amountKind,
    amount: terms.amount,
    percent: terms.percent,
    maxAmount: terms.maxAmount,
    minDeposit: terms.minDeposit,
    minLoss: terms.minLoss,
    referralTrigger: terms.referralTrigger,
    wageringMultiplier: terms.wageringMultiplier,
    product: terms.product,
    betting: terms.betting,
    casino: terms.casino,
    expiryDays: terms.expiryDays,
    usesPerPlayer: terms.usesPerPlayer,
    usesTotal: terms.usesTotal,
    eligibility: row.eligibility,
    segment: row.segment,
    players: row.players,
    couponCode: row.coupon_code,
    startsAt: terms.startsAt,
    endsAt: terms.endsAt,
    claims: row.claims,
    version: row.version,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/**
 * Refuses (VALIDATION_FAILED, the rule's code as `details`) a campaign that breaks a rule every
 * campaign keeps, before anything is written.
 */
export function assertCampaignRules(input: Omit<CampaignInput, 'brand'>): void {
  const breach = campaignRuleBreach(input);
  if (breach) throw new ApiError('VALIDATION_FAILED', CAMPAIGN_RULE_BREACHES[breach], breach);
  if (input.eligibility === 'SEGMENT' && input.segment === null) {
    throw new ApiError('VALIDATION_FAILED', 'Choose the segment the campaign is for.');
  }
  if (input.eligibility === 'PLAYERS' && input.players.length === 0) {
    throw new ApiError('VALIDATION_FAILED', 'Choose the players the campaign is for.');
  }
  if ((input.type === 'FIRST_DEPOSIT' || input.type === 'RELOAD') && input.minDeposit === null) {
    throw new ApiError('VALIDATION_FAILED', 'A deposit bonus needs its minimum deposit.');
  }
}

/** The columns a campaign's fields are written to, in `FIELD_COLUMNS` order. */
function fieldValues(input: Omit<CampaignInput, 'brand'>): unknown[] {
  const percentKind = input.amountKind === 'PERCENT';
  return [
    input.title,
    input.description,
    input.public,
    input.type,
    input.amountKind,
    percentKind ? null : toMinorUnits(input.amount),
    percentKind ? input.percent : null,
    percentKind ? toMinorUnits(input.maxAmount) : null,
    toMinorUnits(input.minDeposit),
    toMinorUnits(input.minLoss),
    input.type === 'REFERRAL' ? input.referralTrigger : null,
    Math.round(input.wageringMultiplier * 10),
    input.product,
    input.betting ? Math.round(input.betting.minPrice * 100) : null,
    input.betting ? input.betting.percent : null,
    input.casino ? JSON.stringify(input.casino.categories) : null,
    input.expiryDays,
    input.usesPerPlayer,
    input.usesTotal,
    input.eligibility,
    input.eligibility === 'SEGMENT' ? input.segment : null,
    input.eligibility === 'PLAYERS' ? input.players : [],
    input.type === 'COUPON' ? input.couponCode : null,
    new Date(input.startsAt),
    input.endsAt === null ? null : new Date(input.endsAt),
  ];
}

const FIELD_COLUMNS = [
  'title',
  'description',
  'public',
  'type',
  'amount_kind',
  'amount_minor',
  'percent',
  'max_amount_minor',
  'min_deposit_minor',
  'min_loss_minor',
  'referral_trigger',
  'wagering_tenths',
  'product',
  'min_price_hundredths',
  'betting_percent',
  'casino_categories',
  'expiry_days',
  'uses_per_player',
  'uses_total',
  'eligibility',
  'segment',
  'players',
  'coupon_code',
  'starts_at',
  'ends_at',
] as const;

const CODE_TAKEN = 'Another campaign of this brand has that code.';

/** Makes a campaign (the rules checked first); null when the brand has a campaign with its code. */
export async function createCampaign(
  tx: Queryable,
  input: CampaignInput & { seedKey?: string },
): Promise<CampaignRow | null> {
  assertCampaignRules(input);
  const values = fieldValues(input);
  const columns = ['domain', 'seed_key', ...FIELD_COLUMNS];
  const placeholders = columns.map((column, i) =>
    column === 'casino_categories' ? `$${i + 1}::jsonb` : `$${i + 1}`,
  );
  const [row] = await tx.query<CampaignRow>(
    `INSERT INTO bonus_campaigns (${columns.join(', ')})
     VALUES (${placeholders.join(', ')})
     ON CONFLICT DO NOTHING
     RETURNING ${CAMPAIGN_COLUMNS}`,
    [input.brand, input.seedKey ?? null, ...values],
  );
  return row ?? null;
}

/** Reads a campaign (locked for the transaction when `lock`). */
export async function readCampaign(
  q: Queryable,
  id: string,
  lock = false,
): Promise<CampaignRow | null> {
  const [row] = await q.query<CampaignRow>(
    `SELECT ${CAMPAIGN_COLUMNS} FROM bonus_campaigns WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return row ?? null;
}

export type CampaignChange =
  | { outcome: 'missing' }
  | { outcome: 'stale' }
  | { outcome: 'code_taken' }
  | { outcome: 'changed'; before: CampaignRow; after: CampaignRow };

/** Changes a campaign's terms on the version the operator edited. */
export async function updateCampaign(
  tx: Queryable,
  input: CampaignUpdate,
): Promise<CampaignChange> {
  const before = await readCampaign(tx, input.id, true);
  if (!before) return { outcome: 'missing' };
  if (before.version !== input.version) return { outcome: 'stale' };
  assertCampaignRules(input);
  if (input.type === 'COUPON' && input.couponCode) {
    const [taken] = await tx.query(
      'SELECT 1 FROM bonus_campaigns WHERE domain = $1 AND coupon_code = $2 AND id <> $3',
      [before.domain, input.couponCode, input.id],
    );
    if (taken) return { outcome: 'code_taken' };
  }
  const values = fieldValues(input);
  const assignments = FIELD_COLUMNS.map((column, i) =>
    column === 'casino_categories' ? `${column} = $${i + 2}::jsonb` : `${column} = $${i + 2}`,
  );
  const [after] = await tx.query<CampaignRow>(
    `UPDATE bonus_campaigns SET ${assignments.join(', ')}, version = version + 1,
       updated_at = now()
     WHERE id = $1 RETURNING ${CAMPAIGN_COLUMNS}`,
    [input.id, ...values],
  );
  if (!after) throw new Error(`campaign ${input.id} vanished under its lock`);
  return { outcome: 'changed', before, after };
}

/** Pauses or resumes a campaign on the version the operator saw. */
export async function pauseCampaign(
  tx: Queryable,
  input: { id: string; version: number; paused: boolean },
): Promise<CampaignChange> {
  const before = await readCampaign(tx, input.id, true);
  if (!before) return { outcome: 'missing' };
  if (before.version !== input.version) return { outcome: 'stale' };
  const [after] = await tx.query<CampaignRow>(
    `UPDATE bonus_campaigns SET status = $2, version = version + 1, updated_at = now()
     WHERE id = $1 RETURNING ${CAMPAIGN_COLUMNS}`,
    [input.id, input.paused ? 'PAUSED' : 'ACTIVE'],
  );
  if (!after) throw new Error(`campaign ${input.id} vanished under its lock`);
  return { outcome: 'changed', before, after };
}

export { CODE_TAKEN };

/** The campaigns of some brands (null: every brand), newest first. */
export async function listCampaigns(
  q: Queryable,
  filter: { brands: string[] | null; status?: 'ACTIVE' | 'PAUSED' | undefined },
): Promise<CampaignRow[]> {
  return q.query<CampaignRow>(
    `SELECT ${CAMPAIGN_COLUMNS} FROM bonus_campaigns
     WHERE ($1::text[] IS NULL OR domain = ANY ($1::text[]))
       AND ($2::text IS NULL OR status = $2)
     ORDER BY created_at DESC, id
     LIMIT 500`,
    [filter.brands, filter.status ?? null],
  );
}

/** A brand's campaigns running at `now` (active, within their dates). */
export async function runningCampaigns(
  q: Queryable,
  domain: string,
  now: Date,
): Promise<CampaignRow[]> {
  return q.query<CampaignRow>(
    `SELECT ${CAMPAIGN_COLUMNS} FROM bonus_campaigns
     WHERE domain = $1 AND status = 'ACTIVE' AND starts_at <= $2
       AND (ends_at IS NULL OR ends_at > $2)
     ORDER BY created_at, id`,
    [domain, now],
  );
}

/** Every brand's running campaigns of one type (the daily jobs). */
export async function runningCampaignsOfType(
  q: Queryable,
  type: BonusType,
  now: Date,
): Promise<CampaignRow[]> {
  return q.query<CampaignRow>(
    `SELECT ${CAMPAIGN_COLUMNS} FROM bonus_campaigns
     WHERE type = $1 AND status = 'ACTIVE' AND starts_at <= $2
       AND (ends_at IS NULL OR ends_at > $2)
     ORDER BY domain, created_at, id`,
    [type, now],
  );
}
