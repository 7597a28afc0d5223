import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PRICE_COUNT, priceToTick, tickToPriceHundredths } from './ladder';
import {
  MAX_STAKE_MINOR,
  commissionMinor,
  layLiabilityMinor,
  mulDivFloor,
  winningsMinor,
} from './money';

function tick(price: number): number {
  const result = priceToTick(price);
  if (result === undefined) throw new Error(`test price ${price} is off the ladder`);
  return result;
}

describe('money', () => {
  it('floors fractional winnings so rounding never creates money', () => {
    expect(winningsMinor(1, tick(1.01))).toBe(0);
    expect(winningsMinor(100, tick(1.01))).toBe(1);
    expect(winningsMinor(150, tick(1.01))).toBe(1);
    expect(winningsMinor(333, tick(2.5))).toBe(499);
    expect(winningsMinor(1_000, tick(3.05))).toBe(2_050);
    expect(winningsMinor(7, tick(1000))).toBe(6_993);
  });

  it('stays exact at the maximum stake and the top of the ladder', () => {
    expect(winningsMinor(MAX_STAKE_MINOR, tick(1000))).toBe(999_000_000_000_000);
    expect(winningsMinor(MAX_STAKE_MINOR - 1, tick(1.01))).toBe(9_999_999_999);
  });

  it('gives the layer exactly the backer winnings as liability', () => {
    for (let priceTick = 0; priceTick < PRICE_COUNT; priceTick++) {
      expect(layLiabilityMinor(12_345, priceTick)).toBe(winningsMinor(12_345, priceTick));
    }
  });

  it('matches an exact BigInt floor for any stake and tick', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: MAX_STAKE_MINOR }),
        fc.integer({ min: 0, max: PRICE_COUNT - 1 }),
        (stakeMinor, priceTick) => {
          const expected =
            (BigInt(stakeMinor) * BigInt(tickToPriceHundredths(priceTick) - 100)) / 100n;
          expect(BigInt(winningsMinor(stakeMinor, priceTick))).toBe(expected);
        },
      ),
      { seed: 1_234, numRuns: 2_000 },
    );
  });

  it('computes mulDivFloor exactly where a naive product would lose precision', () => {
    const value = 9_007_199_254_740; // value × 99_900 exceeds 2^53
    expect(BigInt(mulDivFloor(value, 99_900, 100))).toBe((BigInt(value) * 99_900n) / 100n);
  });

  it('takes commission only on positive winnings, floored, never above the winnings', () => {
    expect(commissionMinor(0, 500)).toBe(0);
    expect(commissionMinor(-1_000, 500)).toBe(0);
    expect(commissionMinor(1_000, 500)).toBe(50);
    expect(commissionMinor(999, 500)).toBe(49);
    expect(commissionMinor(1, 9_999)).toBe(0);
    expect(commissionMinor(1, 10_000)).toBe(1);
    expect(commissionMinor(123_457, 0)).toBe(0);
  });
});
