import { BET_REFUSALS } from '@backlay/contract/bets';
import { describe, expect, it } from 'vitest';
import { checkBet, parseStake } from './stake-check';

const limits = {
  marketId: '1.1',
  sportId: 3,
  minStake: 100,
  maxStake: 5_000,
  maxLiability: 8_000,
  betDelaySeconds: 0,
  commissionPercent: 2,
};

const check = (overrides: Partial<Parameters<typeof checkBet>[0]>) =>
  checkBet({
    side: 'BACK',
    stakeText: '500',
    priceText: '2',
    ladderPrice: true,
    limits,
    ...overrides,
  });

describe('checkBet', () => {
  it('passes a bet within the limits, and an empty stake is no error yet', () => {
    expect(check({})).toBeNull();
    expect(check({ stakeText: '' })).toBeNull();
  });

  it('holds stakes to the market’s minimum and maximum', () => {
    expect(check({ stakeText: '50' })).toContain(BET_REFUSALS.STAKE_BELOW_MIN);
    expect(check({ stakeText: '5000.01' })).toContain(BET_REFUSALS.STAKE_ABOVE_MAX);
  });

  it('holds a lay’s liability to the market’s limit', () => {
    expect(check({ side: 'LAY', priceText: '3', stakeText: '4500' })).toContain(
      BET_REFUSALS.LIABILITY_ABOVE_MAX,
    );
  });

  it('wants ladder prices on exchange markets only', () => {
    expect(check({ priceText: '2.01' })).toBe(BET_REFUSALS.PRICE_OFF_LADDER);
    expect(check({ priceText: '2.01', ladderPrice: false })).toBeNull();
  });

  it('reads stakes with at most two decimals', () => {
    expect(parseStake('1,000.50')).toBe(1000.5);
    expect(parseStake('10.123')).toBeNull();
    expect(parseStake('0')).toBeNull();
    expect(check({ stakeText: 'abc' })).toMatch(/Enter a stake/);
  });
});
