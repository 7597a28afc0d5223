import type { DashboardDay } from '../api/dashboard';

/** The period's figures that add up across days. */
export interface PeriodTotals {
  signUps: number;
  /** In rupees, as the days are. */
  turnover: number;
  commission: number;
  ggr: number;
  /** Deposits credited and withdrawals paid out, in rupees. */
  deposits: number;
  withdrawals: number;
}

/** Paise, so that adding many rupee figures never drifts by a floating-point hair. */
const toPaise = (rupees: number) => Math.round(rupees * 100);

/**
 * The period's totals: the sum of its days, as the server sent them. Active players are left
 * out on purpose: a player active on two days would count twice, and the days do not say who.
 */
export function periodTotals(days: readonly DashboardDay[]): PeriodTotals {
  let signUps = 0;
  let turnover = 0;
  let commission = 0;
  let ggr = 0;
  let deposits = 0;
  let withdrawals = 0;
  for (const day of days) {
    signUps += day.signUps;
    turnover += toPaise(day.turnover);
    commission += toPaise(day.commission);
    ggr += toPaise(day.ggr);
    deposits += toPaise(day.deposits);
    withdrawals += toPaise(day.withdrawals);
  }
  return {
    signUps,
    turnover: turnover / 100,
    commission: commission / 100,
    ggr: ggr / 100,
    deposits: deposits / 100,
    withdrawals: withdrawals / 100,
  };
}
