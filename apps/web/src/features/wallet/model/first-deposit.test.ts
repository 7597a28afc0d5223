import { describe, expect, it } from 'vitest';
import { mayNeedFirstDeposit, noDepositYet, welcomesOn } from './first-deposit';

describe('a player new to funding', () => {
  it('is a real-money player with nothing in the account', () => {
    expect(mayNeedFirstDeposit({ isDemo: false, balance: 0, exposure: 0 })).toBe(true);
    expect(mayNeedFirstDeposit({ isDemo: true, balance: 0, exposure: 0 })).toBe(false);
    expect(mayNeedFirstDeposit({ isDemo: false, balance: 0.5, exposure: 0 })).toBe(false);
    // Everything held for bets: not a new player.
    expect(mayNeedFirstDeposit({ isDemo: false, balance: 0, exposure: 100 })).toBe(false);
    // Not read yet (right after a login): not zero.
    expect(mayNeedFirstDeposit({ isDemo: false, balance: Number.NaN, exposure: 0 })).toBe(false);
    expect(mayNeedFirstDeposit(null)).toBe(false);
  });

  it('has no deposit waiting or credited; a refused or cancelled one leaves them new', () => {
    expect(noDepositYet([])).toBe(true);
    expect(noDepositYet([{ status: 'REJECTED' }, { status: 'CANCELLED' }])).toBe(true);
    expect(noDepositYet([{ status: 'REJECTED' }, { status: 'PENDING' }])).toBe(false);
    expect(noDepositYet([{ status: 'APPROVED' }])).toBe(false);
  });
});

describe('where the welcome shows', () => {
  it('on the home and sports pages, not over an event’s prices nor on the deposit page', () => {
    expect(welcomesOn('/')).toBe(true);
    expect(welcomesOn('/inplay')).toBe(true);
    expect(welcomesOn('/matchlist/4')).toBe(true);
    expect(welcomesOn('/markets/4/123456')).toBe(false);
    expect(welcomesOn('/depositw/deposit')).toBe(false);
  });
});
