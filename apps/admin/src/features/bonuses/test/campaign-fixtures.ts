import type { Campaign, CampaignFigures } from '@backlay/contract/admin-bonuses';

export const CAMPAIGN_ID = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

/** A running first-deposit campaign: 100% up to ₹5,000, 5× on exchange bets at 1.5 or more. */
export function buildCampaign(overrides: Partial<Campaign> = {}): Campaign {
  return {
    id: CAMPAIGN_ID,
    brand: '99exch.com',
    title: 'Welcome bonus',
    description: 'Your first deposit doubled.',
    public: true,
    type: 'FIRST_DEPOSIT',
    amountKind: 'PERCENT',
    amount: null,
    percent: 100,
    maxAmount: 5000,
    minDeposit: 500,
    minLoss: null,
    referralTrigger: null,
    wageringMultiplier: 5,
    product: 'BETTING',
    betting: { minPrice: 1.5, percent: 100 },
    casino: null,
    expiryDays: 30,
    usesPerPlayer: 1,
    usesTotal: null,
    eligibility: 'ALL',
    segment: null,
    players: [],
    couponCode: null,
    startsAt: '2026-01-01T00:00:00.000Z',
    endsAt: null,
    status: 'ACTIVE',
    state: 'RUNNING',
    claims: 42,
    version: 3,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}

/** The figures of that campaign. */
export function buildFigures(overrides: Partial<CampaignFigures> = {}): CampaignFigures {
  return {
    campaignId: CAMPAIGN_ID,
    claimed: { count: 42, amount: 84_000 },
    offered: { count: 0, amount: 0 },
    active: { count: 12, amount: 24_000 },
    wagered: 310_500,
    converted: { count: 20, amount: 38_000 },
    expired: { count: 8, amount: 15_000 },
    forfeited: { count: 2, amount: 7_000 },
    cost: 38_000,
    ...overrides,
  };
}
