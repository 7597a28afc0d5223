import { describe, expect, it } from 'vitest';
import { BET_REFUSALS } from './bets';
import {
  CASH_OUT_REASON_CODES,
  CASH_OUT_REFUSALS,
  cashOutQuoteRequestSchema,
  cashOutRequestSchema,
} from './cash-out';

const order = { runnerId: 2, side: 'BACK', price: 2.46, stake: 800.82 } as const;

describe('cash out on the wire', () => {
  it('cashes out the whole position unless a share is asked for, in whole percent from 10%', () => {
    expect(cashOutQuoteRequestSchema.parse({ marketId: '1.23' })).toEqual({
      marketId: '1.23',
      fraction: 1,
    });
    // A query string carries the share as text.
    expect(cashOutQuoteRequestSchema.parse({ marketId: '1.23', fraction: '0.35' }).fraction).toBe(
      0.35,
    );
    for (const fraction of [0, 0.05, 1.01, 0.333, 'half']) {
      expect(cashOutQuoteRequestSchema.safeParse({ marketId: '1.23', fraction }).success).toBe(
        false,
      );
    }
  });

  it('confirms with the quoted orders and a key of its own', () => {
    const request = { marketId: '1.23', quote: [order], idempotencyKey: 'cash-out-0001' };
    expect(cashOutRequestSchema.parse(request)).toEqual({ ...request, fraction: 1 });
    expect(cashOutRequestSchema.safeParse({ ...request, quote: [] }).success).toBe(false);
    expect(cashOutRequestSchema.safeParse({ ...request, idempotencyKey: 'a:b' }).success).toBe(
      false,
    );
    expect(
      cashOutRequestSchema.safeParse({ ...request, quote: [{ ...order, stake: 1.005 }] }).success,
    ).toBe(false);
  });

  it('names every reason a cash out can give: its own and the refusals of a bet', () => {
    expect([...CASH_OUT_REASON_CODES].sort()).toEqual(
      [...Object.keys(CASH_OUT_REFUSALS), ...Object.keys(BET_REFUSALS)].sort(),
    );
  });
});
