import { describe, expect, it } from 'vitest';
import {
  quoteCashOut,
  recheckCashOutQuote,
  type CashOutQuote,
  type CashOutRequest,
  type CashOutResult,
  type RunnerBestPrices,
} from './cash-out';
import { tickToPriceHundredths } from './ladder';
import { ifWinMinor, type MatchedBet } from './position';
import { tick, bet } from './test-fills';

const TWO = ['A', 'B'] as const;
const THREE = ['A', 'B', 'C'] as const;

/** Best prices for one runner: the price to back at and the price to lay at, either missing. */
function prices(runnerId: string, back?: number, lay?: number): RunnerBestPrices {
  return {
    runnerId,
    ...(back === undefined ? {} : { back: { priceTick: tick(back) } }),
    ...(lay === undefined ? {} : { lay: { priceTick: tick(lay) } }),
  };
}

function quoteOf(result: CashOutResult): CashOutQuote {
  if (!result.ok) throw new Error(`cash out refused: ${result.code}`);
  return result.quote;
}

function spread(values: readonly number[]): number {
  return Math.max(...values) - Math.min(...values);
}

/** The P&L after the hedge, worked out the way settlement does: the fills plus the orders. */
function settledAfter(request: CashOutRequest, quote: CashOutQuote): number[] {
  return ifWinMinor(request.runnerIds, [...request.matched, ...quote.orders]);
}

/** Backed A for ₹100 at 3.0; A can now be laid at 2.0. */
function textbookRequest(): CashOutRequest {
  return {
    runnerIds: TWO,
    matched: [bet('A', 'back', 3, 10_000)],
    prices: [prices('A', 1.98, 2), prices('B', 1.98, 2.02)],
    minStakeMinor: 100,
  };
}

describe('cash out', () => {
  const textbook = textbookRequest();

  it('cashes out a back by laying S × B ÷ L: ₹100 at 3.0, lay at 2.0 → lay ₹150, +₹50', () => {
    const quote = quoteOf(quoteCashOut(textbook));
    expect(quote.orders).toEqual([
      { runnerId: 'A', side: 'lay', priceTick: tick(2), stakeMinor: 15_000 },
    ]);
    expect(quote.anchorRunnerId).toBe('B');
    expect(quote.ifWinBeforeMinor).toEqual([20_000, -10_000]);
    expect(quote.ifWinAfterMinor).toEqual([5_000, 5_000]);
    expect(quote.keptIfWinMinor).toEqual([0, 0]);
    expect(quote.guaranteedMinor).toBe(5_000);
    expect(settledAfter(textbook, quote)).toEqual(quote.ifWinAfterMinor);
  });

  it('cashes out a lay by backing the same runner at its drifted price', () => {
    // Laid A for ₹100 at 3.0; A drifts to 4.0: back ₹75 at 4.0 locks in ₹25 either way.
    const request: CashOutRequest = {
      runnerIds: TWO,
      matched: [bet('A', 'lay', 3, 10_000)],
      prices: [prices('A', 4, 4.1), prices('B', 1.33, 1.34)],
      minStakeMinor: 100,
    };
    const quote = quoteOf(quoteCashOut(request));
    expect(quote.orders).toEqual([
      { runnerId: 'A', side: 'back', priceTick: tick(4), stakeMinor: 7_500 },
    ]);
    expect(quote.ifWinAfterMinor).toEqual([2_500, 2_500]);
    expect(quote.guaranteedMinor).toBe(2_500);
    expect(settledAfter(request, quote)).toEqual([2_500, 2_500]);
  });

  it('quotes a negative guaranteed amount for a losing position', () => {
    // Backed A for ₹100 at 2.0; A drifts to 4.0: lay ₹50 there, lose ₹50 whoever wins.
    const request: CashOutRequest = {
      runnerIds: TWO,
      matched: [bet('A', 'back', 2, 10_000)],
      prices: [prices('A', 3.9, 4), prices('B', 1.33, 1.34)],
      minStakeMinor: 100,
    };
    const quote = quoteOf(quoteCashOut(request));
    expect(quote.orders).toEqual([
      { runnerId: 'A', side: 'lay', priceTick: tick(4), stakeMinor: 5_000 },
    ]);
    expect(quote.ifWinAfterMinor).toEqual([-5_000, -5_000]);
    expect(quote.guaranteedMinor).toBe(-5_000);
  });

  it('equalises three runners with mixed backs and lays at the best kink', () => {
    const request: CashOutRequest = {
      runnerIds: THREE,
      matched: [bet('A', 'back', 4, 10_000), bet('B', 'lay', 3, 5_000), bet('C', 'back', 6, 2_000)],
      prices: [prices('A', 2.7, 2.8), prices('B', 2.36, 2.42), prices('C', 4.5, 4.7)],
      minStakeMinor: 100,
    };
    const quote = quoteOf(quoteCashOut(request));
    expect(quote.ifWinBeforeMinor).toEqual([33_000, -22_000, 5_000]);
    // F at each kink: C 5000 − (−28000/2.8 + 27000/2.36) ≈ 3559.3; A ≈ 3472.3; B ≈ 3387.9.
    expect(quote.anchorRunnerId).toBe('C');
    expect(quote.orders).toEqual([
      { runnerId: 'A', side: 'lay', priceTick: tick(2.8), stakeMinor: 10_000 },
      // 27000 / 2.36 = 11440.68: 11441 brings B to 3559 exactly (winnings floor(11441 × 1.36)).
      { runnerId: 'B', side: 'back', priceTick: tick(2.36), stakeMinor: 11_441 },
    ]);
    expect(quote.ifWinAfterMinor).toEqual([3_559, 3_559, 3_559]);
    expect(quote.guaranteedMinor).toBe(3_559);
    expect(settledAfter(request, quote)).toEqual(quote.ifWinAfterMinor);
  });

  it('cashes out half: the hedge flattens half the position and keeps the rest', () => {
    const quote = quoteOf(quoteCashOut({ ...textbook, fraction: 0.5 }));
    expect(quote.fraction).toBe(0.5);
    expect(quote.orders).toEqual([
      { runnerId: 'A', side: 'lay', priceTick: tick(2), stakeMinor: 7_500 },
    ]);
    expect(quote.keptIfWinMinor).toEqual([10_000, -5_000]);
    expect(quote.ifWinAfterMinor).toEqual([12_500, -2_500]);
    // The cashed half locks in ₹25, half the full cash out.
    expect(quote.guaranteedMinor).toBe(2_500);
    expect(settledAfter({ ...textbook, fraction: 0.5 }, quote)).toEqual(quote.ifWinAfterMinor);
  });

  it('refuses with the missing prices when no hedge can be priced', () => {
    // Laying A or backing B would do it, and neither is on offer.
    const result = quoteCashOut({
      ...textbook,
      prices: [prices('A', 1.98), prices('B', undefined, 2.02)],
    });
    expect(result).toEqual({
      ok: false,
      code: 'no_price',
      missing: [{ runnerId: 'B', side: 'back' }],
    });
    // A runner with no prices at all must be the anchor; here that leaves C needing a back.
    const three = quoteCashOut({
      runnerIds: THREE,
      matched: [bet('A', 'back', 3, 1_000), bet('C', 'lay', 5, 100)],
      prices: [prices('A', 2.9, 3), prices('C', undefined, 5.2)],
      minStakeMinor: 1,
    });
    expect(three.ok).toBe(false);
    if (!three.ok) expect(three.code).toBe('no_price');
  });

  it('hedges on the other runner when the textbook side has no price', () => {
    // No lay price on A: backing B at 1.98 flattens the same position.
    const request = { ...textbook, prices: [prices('A', 1.98), prices('B', 1.98, 2.02)] };
    const quote = quoteOf(quoteCashOut(request));
    expect(quote.anchorRunnerId).toBe('A');
    expect(quote.orders).toEqual([
      { runnerId: 'B', side: 'back', priceTick: tick(1.98), stakeMinor: 15_152 },
    ]);
    expect(spread(quote.ifWinAfterMinor)).toBeLessThanOrEqual(1);
    expect(quote.guaranteedMinor).toBe(Math.min(...quote.ifWinAfterMinor));
  });

  it('has nothing to do for a flat position, with or without prices', () => {
    const none = quoteOf(quoteCashOut({ ...textbook, matched: [] }));
    expect(none.orders).toEqual([]);
    expect(none.guaranteedMinor).toBe(0);
    // Backed A ₹3 at 2.0 and B ₹2 at 3.0: ₹1 whoever wins, so no order and no price needed.
    const green = quoteOf(
      quoteCashOut({
        runnerIds: TWO,
        matched: [bet('A', 'back', 2, 300), bet('B', 'back', 3, 200)],
        prices: [],
        minStakeMinor: 100,
      }),
    );
    expect(green.ifWinBeforeMinor).toEqual([100, 100]);
    expect(green.orders).toEqual([]);
    expect(green.ifWinAfterMinor).toEqual([100, 100]);
    expect(green.guaranteedMinor).toBe(100);
  });

  it('refuses prices off the ladder, crossed prices, bad sizes and bad fractions', () => {
    const at = (back: RunnerBestPrices): CashOutRequest => ({ ...textbook, prices: [back] });
    expect(quoteCashOut(at({ runnerId: 'A', back: { priceTick: 350 } }))).toEqual({
      ok: false,
      code: 'invalid_price',
      runnerId: 'A',
    });
    expect(quoteCashOut(at({ runnerId: 'A', lay: { priceTick: 1.5 } })).ok).toBe(false);
    expect(quoteCashOut(at(prices('A', 2.02, 2)))).toEqual({
      ok: false,
      code: 'crossed_prices',
      runnerId: 'A',
    });
    expect(
      quoteCashOut(at({ runnerId: 'A', lay: { priceTick: tick(2), availableMinor: -1 } })),
    ).toEqual({ ok: false, code: 'invalid_size', runnerId: 'A' });
    for (const fraction of [0, -0.5, 1.5, Number.NaN]) {
      expect(quoteCashOut({ ...textbook, fraction })).toEqual({
        ok: false,
        code: 'invalid_fraction',
      });
    }
    expect(() => quoteCashOut({ ...textbook, prices: [prices('Z', 2, 2.02)] })).toThrow(RangeError);
    expect(() => quoteCashOut({ ...textbook, minStakeMinor: 0 })).toThrow(RangeError);
  });
});

describe('cash out rounding', () => {
  it('stays within one paisa when every hedge price is at most 2.00', () => {
    const request: CashOutRequest = {
      runnerIds: THREE,
      matched: [bet('A', 'back', 2.5, 333), bet('B', 'lay', 3.4, 71)],
      prices: [prices('A', 1.97, 1.99), prices('B', 1.5, 1.52), prices('C', 1.8, 1.83)],
      minStakeMinor: 1,
    };
    const quote = quoteOf(quoteCashOut(request));
    expect(quote.ifWinBeforeMinor).toEqual([570, -503, -262]);
    expect(quote.orders).toEqual([
      { runnerId: 'A', side: 'lay', priceTick: tick(1.99), stakeMinor: 539 },
      { runnerId: 'C', side: 'lay', priceTick: tick(1.83), stakeMinor: 132 },
    ]);
    expect(settledAfter(request, quote)).toEqual([169, 168, 168]);
    expect(quote.guaranteedMinor).toBe(168);
  });

  it('cannot reach one paisa at whole prices: three runners at 3.0 / 6.0 end two apart', () => {
    const request: CashOutRequest = {
      runnerIds: THREE,
      matched: [bet('A', 'back', 2, 100), bet('C', 'lay', 2, 1)],
      prices: [prices('A', 3, 6), prices('B', 3, 6), prices('C', 3, 6)],
      minStakeMinor: 1,
    };
    const quote = quoteOf(quoteCashOut(request));
    // 101, −99, −101 are 2, 0 and 1 modulo 3.
    expect(quote.ifWinBeforeMinor).toEqual([101, -99, -101]);
    const residues = (values: readonly number[]) =>
      values.map((value) => (((value - (values[0] as number)) % 3) + 3) % 3);
    expect(residues(quote.ifWinBeforeMinor)).toEqual([0, 1, 2]);
    // Any fills at whole-multiple-of-3 prices keep those differences modulo 3, so no hedge at
    // these prices gets within one paisa: the bound G − 1 = ceil(3.0) − 1 = 2 is reached.
    const extra = [
      { runnerId: 'B', side: 'back' as const, priceTick: tick(3), stakeMinor: 7 },
      { runnerId: 'A', side: 'lay' as const, priceTick: tick(6), stakeMinor: 13 },
      { runnerId: 'C', side: 'back' as const, priceTick: tick(6), stakeMinor: 1 },
    ];
    expect(residues(ifWinMinor(THREE, [...request.matched, ...extra]))).toEqual([0, 1, 2]);
    expect(spread(quote.ifWinAfterMinor)).toBe(2);
    expect(settledAfter(request, quote)).toEqual(quote.ifWinAfterMinor);
  });

  it('hedging one runner at 4.0 ends within floor(4 / 2) and takes the better of the ties', () => {
    // 204 − (−102) = 306 to close in steps of exactly 4: 304 or 308 leaves 2 either way; 76
    // rather than 77 keeps a paisa more for the player.
    const request: CashOutRequest = {
      runnerIds: TWO,
      matched: [bet('A', 'back', 3, 102)],
      prices: [prices('A', 3.9, 4), prices('B', 1.33, 1.34)],
      minStakeMinor: 1,
    };
    const quote = quoteOf(quoteCashOut(request));
    expect(quote.orders).toEqual([
      { runnerId: 'A', side: 'lay', priceTick: tick(4), stakeMinor: 76 },
    ]);
    expect(quote.ifWinAfterMinor).toEqual([-24, -26]);
    expect(quote.guaranteedMinor).toBe(-26);
    const other = ifWinMinor(TWO, [
      ...request.matched,
      { ...(quote.orders[0] as MatchedBet), stakeMinor: 77 },
    ]);
    expect(spread(other)).toBe(2);
    expect(Math.min(...other)).toBeLessThan(quote.guaranteedMinor);
  });
});

describe('cash out stakes the exchange would refuse', () => {
  it('refuses a hedge below the minimum stake', () => {
    const result = quoteCashOut({
      runnerIds: TWO,
      matched: [bet('A', 'back', 2, 10)],
      prices: [prices('A', 1.98, 2.02), prices('B', 1.98, 2.02)],
      minStakeMinor: 100,
    });
    expect(result).toEqual({
      ok: false,
      code: 'stake_below_minimum',
      orders: [{ runnerId: 'A', side: 'lay', priceTick: tick(2.02), stakeMinor: 10 }],
    });
  });

  it('moves to the next best kink when the best needs a stake below the minimum', () => {
    // 997, −1003, −997: anchoring on C needs a 2-paisa back of B.
    const request: CashOutRequest = {
      runnerIds: THREE,
      matched: [bet('A', 'back', 2, 1_000), bet('C', 'back', 2, 3)],
      prices: [prices('A', 1.98, 2.02), prices('B', 3.9, 4.1), prices('C', 3.9, 4.1)],
      minStakeMinor: 1,
    };
    const best = quoteOf(quoteCashOut(request));
    expect(best.anchorRunnerId).toBe('C');
    expect(best.orders.map((order) => order.stakeMinor)).toEqual([987, 2]);
    const placeable = quoteOf(quoteCashOut({ ...request, minStakeMinor: 100 }));
    expect(placeable.anchorRunnerId).toBe('A');
    expect(placeable.orders).toEqual([
      { runnerId: 'B', side: 'back', priceTick: tick(3.9), stakeMinor: 513 },
      { runnerId: 'C', side: 'back', priceTick: tick(3.9), stakeMinor: 512 },
    ]);
    expect(spread(placeable.ifWinAfterMinor)).toBeLessThanOrEqual(Math.ceil(3.9) - 1);
    expect(placeable.guaranteedMinor).toBeLessThan(best.guaranteedMinor);
  });

  it('takes another kink, or refuses, when the size on offer is too small', () => {
    const short = (runnerId: string, back: number, lay: number, availableMinor: number) => ({
      runnerId,
      back: { priceTick: tick(back), availableMinor },
      lay: { priceTick: tick(lay), availableMinor },
    });
    const other = quoteOf(
      quoteCashOut({
        ...textbookRequest(),
        prices: [short('A', 1.98, 2, 10_000), prices('B', 1.98, 2.02)],
      }),
    );
    expect(other.anchorRunnerId).toBe('A');
    expect(other.orders).toEqual([
      { runnerId: 'B', side: 'back', priceTick: tick(1.98), stakeMinor: 15_152 },
    ]);
    const refused = quoteCashOut({
      ...textbookRequest(),
      prices: [short('A', 1.98, 2, 10_000), short('B', 1.98, 2.02, 10_000)],
    });
    expect(refused).toEqual({
      ok: false,
      code: 'insufficient_size',
      orders: [{ runnerId: 'A', side: 'lay', priceTick: tick(2), stakeMinor: 15_000 }],
    });
  });

  it('refuses a hedge above the maximum stake', () => {
    const result = quoteCashOut({
      runnerIds: TWO,
      matched: [bet('A', 'back', 1000, 1_000_000_000_000)],
      prices: [prices('A', 1.01, 1.02), prices('B', 1.01, 1.02)],
      minStakeMinor: 1,
    });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.code).toBe('stake_above_maximum');
  });
});

describe('rechecking a quote', () => {
  const request = textbookRequest();
  const quote = quoteOf(quoteCashOut(request));

  it('stands while each price is the same or better for the player', () => {
    expect(recheckCashOutQuote(quote, request)).toEqual({ status: 'still_valid' });
    // The lay is quoted at 2.0; laying at 1.99 is better.
    const better = { ...request, prices: [prices('A', 1.98, 1.99), prices('B', 1.98, 2.02)] };
    expect(recheckCashOutQuote(quote, better)).toEqual({ status: 'still_valid' });
  });

  it('requotes at the new prices when a price moved against the player', () => {
    const worse = { ...request, prices: [prices('A', 1.98, 2.02), prices('B', 1.98, 2.02)] };
    const recheck = recheckCashOutQuote(quote, worse);
    expect(recheck).toEqual({
      status: 'requoted',
      reason: 'price_worse',
      result: quoteCashOut(worse),
    });
    if (recheck.status !== 'requoted') return;
    const fresh = quoteOf(recheck.result);
    expect(tickToPriceHundredths((fresh.orders[0] as MatchedBet).priceTick)).toBeGreaterThan(200);
    const gone = { ...request, prices: [prices('A', 1.98), prices('B', 1.98, 2.02)] };
    expect(recheckCashOutQuote(quote, gone)).toMatchObject({
      status: 'requoted',
      reason: 'price_worse',
    });
  });

  it('requotes when the size left is short or the position changed', () => {
    const thin = {
      ...request,
      prices: [
        { runnerId: 'A', lay: { priceTick: tick(2), availableMinor: 14_999 } },
        prices('B', 1.98, 2.02),
      ],
    };
    expect(recheckCashOutQuote(quote, thin)).toMatchObject({
      status: 'requoted',
      reason: 'size_short',
    });
    const more = { ...request, matched: [...request.matched, bet('B', 'back', 2, 100)] };
    expect(recheckCashOutQuote(quote, more)).toEqual({
      status: 'requoted',
      reason: 'position_changed',
      result: quoteCashOut(more),
    });
    expect(recheckCashOutQuote(quote, { ...request, fraction: 0.5 })).toMatchObject({
      reason: 'position_changed',
    });
  });
});
