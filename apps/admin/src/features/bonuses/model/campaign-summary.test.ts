import { describe, expect, it } from 'vitest';
import { bonusText, wageringText } from './campaign-summary';

describe('a campaign in a few words', () => {
  it('names a fixed bonus or a share with its maximum', () => {
    expect(bonusText({ amountKind: 'FIXED', amount: 500, percent: null, maxAmount: null })).toBe(
      '₹500.00',
    );
    expect(bonusText({ amountKind: 'PERCENT', amount: null, percent: 100, maxAmount: 5000 })).toBe(
      '100% up to ₹5,000.00',
    );
  });

  it('names the wagering and the one product it counts', () => {
    expect(wageringText({ wageringMultiplier: 5, product: 'BETTING' })).toBe('5× on betting');
    expect(wageringText({ wageringMultiplier: 0, product: 'CASINO' })).toBe('No wagering');
  });
});
