/**
 * What the bonus module's tests share: a campaign as an operator's editor sends it, a betting
 * bonus given on registration unless the test says otherwise.
 */
import { BRAND } from '../casino/casino-test-kit';

export const campaignDraft = (overrides: Record<string, unknown> = {}) => ({
  brand: BRAND,
  title: 'Weekend reload',
  description: 'Half your deposit back as a bonus.',
  public: false,
  type: 'REGISTRATION',
  amountKind: 'FIXED',
  amount: 100,
  percent: null,
  maxAmount: null,
  minDeposit: null,
  minLoss: null,
  referralTrigger: null,
  wageringMultiplier: 3,
  product: 'BETTING',
  betting: { minPrice: 1.5, percent: 100 },
  casino: null,
  expiryDays: 7,
  usesPerPlayer: 1,
  usesTotal: null,
  eligibility: 'ALL',
  segment: null,
  players: [],
  couponCode: null,
  startsAt: '2026-01-01T00:00:00Z',
  endsAt: null,
  ...overrides,
});
