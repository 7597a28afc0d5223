import { describe, expect, it } from 'vitest';
import { formatHold, holdPercent, playerNet } from './figures';

describe('the hold', () => {
  it('is GGR as a share of turnover, negative when players won', () => {
    expect(holdPercent({ turnover: 2_000, ggr: 70 })).toBeCloseTo(3.5, 9);
    expect(formatHold(holdPercent({ turnover: 1000, ggr: -33.3 }))).toBe('-3.3%');
  });

  it('is none when nothing was staked', () => {
    expect(holdPercent({ turnover: 0, ggr: 0 })).toBeNull();
    expect(holdPercent({ turnover: 0.001, ggr: 0 })).toBeNull();
    expect(formatHold(null)).toBe('—');
  });
});

describe('playerNet', () => {
  it('is what was paid and refunded less the stake, to the paisa', () => {
    expect(playerNet({ stake: 0.3, win: 0.1, refunded: 0.2 })).toBe(0);
    expect(playerNet({ stake: 750, win: 950, refunded: 250 })).toBe(450);
    expect(playerNet({ stake: 500, win: 0, refunded: 0 })).toBe(-500);
  });
});
