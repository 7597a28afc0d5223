import { decideGatewayReviewRequestSchema } from '@backlay/contract/admin-gateway-reviews';
import { describe, expect, it } from 'vitest';
import { paidDifference, reviewDecision } from './review-decisions';
import { filtersOf, paramsOf } from './review-filters';

const ID = '3f1c2a3b-4d5e-4f60-8a7b-000000000001';

describe('a review decision', () => {
  it('sends an amount only when crediting another amount, and a remark only when typed', () => {
    expect(reviewDecision(ID, 'CREDIT_PAID', { amount: '900', remark: '  ' })).toEqual({
      id: ID,
      decision: 'CREDIT_PAID',
    });
    expect(
      reviewDecision(ID, 'CREDIT_OTHER', { amount: '1,200.50', remark: ' Fee kept ' }),
    ).toEqual({ id: ID, decision: 'CREDIT_OTHER', amount: 1200.5, remark: 'Fee kept' });
    expect(reviewDecision(ID, 'REJECT', { amount: '5', remark: 'Refunded' })).toEqual({
      id: ID,
      decision: 'REJECT',
      remark: 'Refunded',
    });
  });

  it('is refused by the contract when an amount or a remark it needs is missing', () => {
    const parse = (input: ReturnType<typeof reviewDecision>) =>
      decideGatewayReviewRequestSchema.safeParse(input).success;
    expect(parse(reviewDecision(ID, 'CREDIT_PAID', { amount: '', remark: '' }))).toBe(true);
    expect(parse(reviewDecision(ID, 'CREDIT_OTHER', { amount: 'ten', remark: 'Fee kept' }))).toBe(
      false,
    );
    expect(parse(reviewDecision(ID, 'CREDIT_OTHER', { amount: '900', remark: '' }))).toBe(false);
    expect(parse(reviewDecision(ID, 'REJECT', { amount: '', remark: '' }))).toBe(false);
  });

  it('works out the difference in whole paise', () => {
    expect(paidDifference({ askedAmount: 1000.1, paidAmount: 1000.3 })).toBe(0.2);
    expect(paidDifference({ askedAmount: 2000, paidAmount: 1200 })).toBe(-800);
  });
});

describe('the review queue’s filters', () => {
  it('read the waiting queue from an empty or unreadable URL, and write only what differs', () => {
    expect(filtersOf(new URLSearchParams('status=nope&page=-2'))).toEqual({
      brand: '',
      status: 'UNDER_REVIEW',
      search: '',
      page: 1,
    });
    const filters = filtersOf(new URLSearchParams('brand=99exch.com&status=all&q=plink_x&page=3'));
    expect(filters).toEqual({ brand: '99exch.com', status: 'ALL', search: 'plink_x', page: 3 });
    expect(paramsOf(filters).toString()).toBe('brand=99exch.com&status=all&q=plink_x&page=3');
    expect(paramsOf({ ...filters, status: 'UNDER_REVIEW', page: 1 }).toString()).toBe(
      'brand=99exch.com&q=plink_x',
    );
  });
});
