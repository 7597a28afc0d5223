import type {
  CashOutAnswer,
  CashOutQuote,
  CashOutQuoteAnswer,
  RunnerAmount,
} from '@backlay/contract/cash-out';

/*
 * Cash out answers as the server gives them, for tests. The default is the player who backed
 * India for ₹1,000 at 2.50 (+1,500 if India wins, −1,000 if Australia does), cashed out in full
 * by backing Australia for ₹1,157.41 at 2.16: +342.59 whoever wins, within a paisa.
 */

const amounts = (byRunner: Record<number, number>): RunnerAmount[] =>
  Object.entries(byRunner).map(([runnerId, amount]) => ({ runnerId: Number(runnerId), amount }));

/** A quote; tests override what they are about. */
export function buildQuote(
  overrides: Partial<Omit<CashOutQuote, 'ifWinBefore' | 'ifWinAfter'>> & {
    before?: Record<number, number>;
    after?: Record<number, number>;
  } = {},
): CashOutQuote {
  const { before = { 1: 1500, 2: -1000 }, after = { 1: 342.59, 2: 342.6 }, ...rest } = overrides;
  return {
    fraction: 1,
    orders: [{ runnerId: 2, side: 'BACK', price: 2.16, stake: 1157.41 }],
    ifWinBefore: amounts(before),
    ifWinAfter: amounts(after),
    guaranteed: 342.59,
    ...rest,
  };
}

/** A quote's answer: the cash out offered. */
export function offered(quote: CashOutQuote = buildQuote()): CashOutQuoteAnswer {
  return { available: true, reason: null, reasonCode: null, quote };
}

/** A quote's answer: no cash out, and why. */
export function notOffered(
  reasonCode: NonNullable<CashOutQuoteAnswer['reasonCode']>,
  reason: string,
): CashOutQuoteAnswer {
  return { available: false, reason, reasonCode, quote: null };
}

/** A confirmation's answer; by default done, the position level at +342.59. */
export function buildCashOutAnswer(overrides: Partial<CashOutAnswer> = {}): CashOutAnswer {
  return {
    done: true,
    requote: null,
    reason: null,
    reasonCode: null,
    bets: [],
    ifWinAfter: amounts({ 1: 342.59, 2: 342.6 }),
    balance: 9_000,
    exposure: 0,
    available: 9_000,
    ...overrides,
  };
}
