import type { Bonus, BonusList, BonusOffer, BonusTerms } from '@backlay/contract/bonuses';

/** A first-deposit campaign's terms: 100% up to ₹1,000, 5× on exchange bets at 1.5 or more. */
export function buildTerms(overrides: Partial<BonusTerms> = {}): BonusTerms {
  return {
    type: 'FIRST_DEPOSIT',
    amountKind: 'PERCENT',
    amount: null,
    percent: 100,
    maxAmount: 1000,
    minDeposit: 500,
    minLoss: null,
    referralTrigger: null,
    wageringMultiplier: 5,
    product: 'BETTING',
    betting: { minPrice: 1.5, percent: 100 },
    casino: null,
    expiryDays: 7,
    usesPerPlayer: 1,
    usesTotal: null,
    startsAt: '2026-11-01T00:00:00Z',
    endsAt: null,
    ...overrides,
  };
}

/** An offer of that campaign, claimable for ₹800 after an ₹800 deposit. */
export function buildOffer(overrides: Partial<BonusOffer> = {}): BonusOffer {
  return {
    id: 'offer-1',
    campaignId: 'campaign-1',
    title: 'Welcome bonus',
    description: 'Double your first deposit.',
    terms: buildTerms(),
    amount: 800,
    required: 4000,
    qualifyingAmount: 800,
    claimable: true,
    blocked: null,
    claimBy: null,
    usesLeft: 1,
    ...overrides,
  };
}

/** A bonus of that campaign, being wagered. */
export function buildBonus(overrides: Partial<Bonus> = {}): Bonus {
  return {
    id: 'bonus-1',
    campaignId: 'campaign-1',
    title: 'Welcome bonus',
    description: 'Double your first deposit.',
    terms: buildTerms(),
    status: 'ACTIVE',
    amount: 800,
    wagered: 1000,
    required: 4000,
    createdAt: '2026-11-28T10:00:00Z',
    claimedAt: '2026-11-28T10:00:00Z',
    expiresAt: new Date(Date.now() + (2 * 86_400 + 3 * 3600 + 60) * 1000).toISOString(),
    endedAt: null,
    settledAmount: null,
    reason: null,
    ...overrides,
  };
}

/** What `Bonus/GetBonuses` answers: by default nothing at all, and a referral link. */
export function buildBonusList(overrides: Partial<BonusList> = {}): BonusList {
  return {
    bonusBalance: 0,
    available: [],
    active: [],
    past: [],
    referral: {
      code: 'ALICE42',
      link: 'https://99exch.com/bonus?ref=ALICE42',
      invited: 3,
      rewarded: 1,
    },
    restriction: null,
    ...overrides,
  };
}
