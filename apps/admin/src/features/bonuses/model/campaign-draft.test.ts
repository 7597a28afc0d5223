import { CAMPAIGN_RULE_BREACHES } from '@backlay/contract/bonuses';
import { describe, expect, it } from 'vitest';
import { AdminApiError } from '../../../shared/api/admin-api-error';
import {
  campaignErrors,
  campaignFieldsOf,
  instantOf,
  localInputOf,
  newCampaignDraft,
  serverRuleErrors,
  type CampaignDraft,
} from './campaign-draft';

function draft(overrides: Partial<CampaignDraft> = {}): CampaignDraft {
  return {
    ...newCampaignDraft(new Date('2026-12-01T10:00:00Z')),
    title: 'Welcome bonus',
    maxAmount: '5000',
    minDeposit: '500',
    ...overrides,
  };
}

describe('campaignErrors', () => {
  it('has nothing to say of a first-deposit bonus that keeps the rules', () => {
    expect(campaignErrors(draft())).toEqual({});
  });

  it('refuses wagering above 10× the bonus, in the contract’s words', () => {
    expect(campaignErrors(draft({ wageringMultiplier: '12' }))).toEqual({
      wageringMultiplier: CAMPAIGN_RULE_BREACHES.WAGERING_ABOVE_CAP,
    });
    expect(campaignErrors(draft({ wageringMultiplier: '10' }))).toEqual({});
  });

  it('refuses a bonus that counts both products, and one that counts neither', () => {
    expect(
      campaignErrors(
        draft({ countsCasino: true, categories: [{ category: 'slots', percent: '100' }] }),
      ),
    ).toEqual({
      product: CAMPAIGN_RULE_BREACHES.ONE_PRODUCT_ONLY,
    });
    expect(campaignErrors(draft({ countsBetting: false }))).toEqual({
      product: CAMPAIGN_RULE_BREACHES.NO_PRODUCT,
    });
  });

  it('shows every rule a campaign breaks at once, each at its field', () => {
    expect(
      campaignErrors(
        draft({
          wageringMultiplier: '12',
          maxAmount: '',
          countsCasino: true,
          categories: [{ category: '', percent: '100' }],
        }),
      ),
    ).toEqual({
      wageringMultiplier: CAMPAIGN_RULE_BREACHES.WAGERING_ABOVE_CAP,
      product: CAMPAIGN_RULE_BREACHES.ONE_PRODUCT_ONLY,
      maxAmount: CAMPAIGN_RULE_BREACHES.AMOUNT_MISSING,
      'casino.categories.0.category': 'Name the game category',
    });
  });

  it('says which number is not one, and what a percentage bonus lacks', () => {
    const errors = campaignErrors(draft({ minPrice: 'abc', maxAmount: '' }));
    expect(errors['betting.minPrice']).toBe('Enter a number');
    expect(errors.maxAmount).toBe(CAMPAIGN_RULE_BREACHES.AMOUNT_MISSING);
  });

  it('asks a coupon campaign for its code and a lossback for a percentage', () => {
    expect(campaignErrors(draft({ type: 'COUPON' })).couponCode).toBe(
      CAMPAIGN_RULE_BREACHES.COUPON_CODE,
    );
    expect(
      campaignErrors(draft({ type: 'LOSSBACK', amountKind: 'FIXED', amount: '100' })).amountKind,
    ).toBe(CAMPAIGN_RULE_BREACHES.LOSSBACK_PERCENT);
  });

  it('refuses an end before the start', () => {
    expect(
      campaignErrors(draft({ startsAt: '2026-12-10T10:00', endsAt: '2026-12-01T10:00' })).endsAt,
    ).toBe(CAMPAIGN_RULE_BREACHES.DATES);
  });
});

describe('campaignFieldsOf', () => {
  it('sends only the fields of the campaign’s type and amount kind', () => {
    const fields = campaignFieldsOf(draft({ amount: '250', minLoss: '99', couponCode: 'X1Y2' }));
    expect(fields).toMatchObject({
      amount: null,
      percent: 100,
      maxAmount: 5000,
      minDeposit: 500,
      minLoss: null,
      referralTrigger: null,
      couponCode: null,
      product: 'BETTING',
      betting: { minPrice: 1.5, percent: 100 },
      casino: null,
      usesTotal: null,
      segment: null,
      players: [],
      endsAt: null,
    });
  });

  it('sends a casino coupon’s categories, its code upper-cased, and chosen players', () => {
    const fields = campaignFieldsOf(
      draft({
        type: 'COUPON',
        amountKind: 'FIXED',
        amount: '500',
        couponCode: ' diwali500 ',
        countsBetting: false,
        countsCasino: true,
        categories: [
          { category: ' slots ', percent: '100' },
          { category: 'table', percent: '20' },
        ],
        eligibility: 'PLAYERS',
        players: '5b0e4a55-1a5e-4a8e-9d55-7c3c1b0b1f11,\n 6c1f5b66-2b6f-4b9f-8e66-8d4d2c1c2a22',
      }),
    );
    expect(fields).toMatchObject({
      amount: 500,
      percent: null,
      minDeposit: null,
      couponCode: 'DIWALI500',
      product: 'CASINO',
      betting: null,
      casino: {
        categories: [
          { category: 'slots', percent: 100 },
          { category: 'table', percent: 20 },
        ],
      },
      players: ['5b0e4a55-1a5e-4a8e-9d55-7c3c1b0b1f11', '6c1f5b66-2b6f-4b9f-8e66-8d4d2c1c2a22'],
    });
  });
});

describe('the dates', () => {
  it('go from a datetime-local field to an instant and back', () => {
    const local = localInputOf('2026-12-01T10:30:00Z');
    expect(local).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(instantOf(local)).toBe('2026-12-01T10:30:00.000Z');
  });
});

describe('serverRuleErrors', () => {
  it('puts the rule a refusal names at its field', () => {
    const refusal = new AdminApiError(
      'VALIDATION_FAILED',
      CAMPAIGN_RULE_BREACHES.ONE_PRODUCT_ONLY,
      400,
      'ONE_PRODUCT_ONLY',
    );
    expect(serverRuleErrors(refusal, { amountKind: 'FIXED' })).toEqual({
      product: CAMPAIGN_RULE_BREACHES.ONE_PRODUCT_ONLY,
    });
  });

  it('leaves other failures alone', () => {
    expect(
      serverRuleErrors(new AdminApiError('CONFLICT', 'Saved since', 409), { amountKind: 'FIXED' }),
    ).toBeNull();
    expect(
      serverRuleErrors(new AdminApiError('VALIDATION_FAILED', 'Bad', 400, 'title: Too short'), {
        amountKind: 'FIXED',
      }),
    ).toBeNull();
  });
});
