import { describe, expect, it } from 'vitest';
import { betFigures, matchedLiability } from './bet-figures';

describe('betFigures', () => {
  it('a back risks the stake to win stake × (price − 1)', () => {
    expect(betFigures('BACK', 1.85, 1000)).toEqual({ liability: 1000, profit: 850 });
  });

  it('a lay risks stake × (price − 1) to win the stake', () => {
    expect(betFigures('LAY', 3.5, 200)).toEqual({ liability: 500, profit: 200 });
  });

  it('rounds down to the paisa, as the exchange does', () => {
    expect(betFigures('BACK', 1.07, 0.5)).toEqual({ liability: 0.5, profit: 0.03 });
  });

  it('has no figures without a stake or a price above 1', () => {
    expect(betFigures('BACK', 2, 0)).toBeNull();
    expect(betFigures('BACK', 2, Infinity)).toBeNull();
    expect(betFigures('LAY', 1, 100)).toBeNull();
  });
});

describe('matchedLiability', () => {
  it('is what the matched part risks at its average price, not the price asked for', () => {
    const lay = { side: 'LAY', price: 2.2, averagePrice: 2.5, matchedStake: 400 } as const;
    expect(matchedLiability(lay)).toBe(600);
    const back = { side: 'BACK', price: 3, averagePrice: 3.05, matchedStake: 600 } as const;
    expect(matchedLiability(back)).toBe(600);
  });

  it('is nothing while nothing is matched', () => {
    expect(matchedLiability({ side: 'LAY', price: 2.2, averagePrice: null, matchedStake: 0 })).toBe(
      0,
    );
  });
});
