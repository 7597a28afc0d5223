import { describe, expect, it } from 'vitest';
import { projectProfitLoss } from './projection';

const RUNNERS = [1, 2, 3];

describe('projectProfitLoss', () => {
  it('backing adds stake × (price − 1) to the runner and −stake to every other', () => {
    const next = projectProfitLoss(RUNNERS, undefined, {
      runnerId: 1,
      side: 'BACK',
      price: 1.85,
      stake: 1000,
    });
    expect(Object.fromEntries(next ?? [])).toEqual({ 1: 850, 2: -1000, 3: -1000 });
  });

  it('laying adds −stake × (price − 1) to the runner and +stake to every other', () => {
    const next = projectProfitLoss(RUNNERS, new Map([[2, 200]]), {
      runnerId: 2,
      side: 'LAY',
      price: 3.5,
      stake: 100,
    });
    expect(Object.fromEntries(next ?? [])).toEqual({ 1: 100, 2: -50, 3: 100 });
  });

  it('starts from the current if-win P&L', () => {
    const current = new Map([
      [1, 500],
      [2, -300],
    ]);
    const next = projectProfitLoss([1, 2], current, {
      runnerId: 2,
      side: 'BACK',
      price: 2,
      stake: 100,
    });
    expect(Object.fromEntries(next ?? [])).toEqual({ 1: 400, 2: -200 });
  });

  it('works out a quoted rate off the ladder the same way, rounding down to the paisa', () => {
    const next = projectProfitLoss([1, 2], undefined, {
      runnerId: 1,
      side: 'BACK',
      price: 2.01,
      stake: 33.33,
    });
    expect(Object.fromEntries(next ?? [])).toEqual({ 1: 33.66, 2: -33.33 });
  });

  it('has nothing to say without a stake, a price or a runner of the market', () => {
    const bet = { runnerId: 1, side: 'BACK' as const, price: 2, stake: 10 };
    expect(projectProfitLoss(RUNNERS, undefined, { ...bet, stake: 0 })).toBeNull();
    expect(projectProfitLoss(RUNNERS, undefined, { ...bet, stake: Infinity })).toBeNull();
    expect(projectProfitLoss(RUNNERS, undefined, { ...bet, price: 1 })).toBeNull();
    expect(projectProfitLoss(RUNNERS, undefined, { ...bet, runnerId: 9 })).toBeNull();
  });
});
