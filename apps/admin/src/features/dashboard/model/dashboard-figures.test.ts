import { describe, expect, it } from 'vitest';
import { buildDashboardDay } from '../../../shared/test/fixtures';
import type { DashboardDay } from '../api/dashboard';
import { periodTotals } from './dashboard-figures';

const day = (overrides: Partial<DashboardDay>): DashboardDay =>
  buildDashboardDay('2026-05-01', overrides);

describe('periodTotals', () => {
  it('adds up the days, money to the paisa', () => {
    const totals = periodTotals([
      day({ signUps: 3, turnover: 0.1, commission: 0.2, ggr: -5.55, deposits: 0.1 }),
      day({ signUps: 4, turnover: 0.2, commission: 0.1, ggr: 10.1, deposits: 0.2 }),
      day({ signUps: 0, turnover: 1000.35, commission: 12, ggr: 0, withdrawals: 2500.5 }),
    ]);
    // 0.1 + 0.2 in floating point is 0.30000000000000004.
    expect(totals).toEqual({
      signUps: 7,
      turnover: 1000.65,
      commission: 12.3,
      ggr: 4.55,
      deposits: 0.3,
      withdrawals: 2500.5,
    });
  });

  it('is zero for a period without days', () => {
    expect(periodTotals([])).toEqual({
      signUps: 0,
      turnover: 0,
      commission: 0,
      ggr: 0,
      deposits: 0,
      withdrawals: 0,
    });
  });
});
