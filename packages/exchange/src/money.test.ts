import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PRICE_COUNT, tickToPriceHundredths } from './ladder';
import {
  MAX_STAKE_MINOR,
  commissionMinor,
  fromMinorUnits,
  layLiabilityMinor,
  mulDivFloor,
  toMinorUnits,
  winningsMinor,
} from './money';
import { tick } from './test-fills';

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

/** Largest minor amount that survives the round trip: beyond every stake and liability. */
const ROUND_TRIP_LIMIT = 2 ** 51;

/** The two-place decimal for integer minor units, written out as the API would send it. */
function decimalText(minor: number): string {
  const abs = BigInt(Math.abs(minor));
  const fraction = String(abs % 100n).padStart(2, '0');
  return `${minor < 0 ? '-' : ''}${abs / 100n}.${fraction}`;
}

describe('minor units', () => {
  it('converts wire amounts to minor units and back', () => {
    expect(toMinorUnits(12.34)).toBe(1_234);
    expect(fromMinorUnits(1_234)).toBe(12.34);
    expect(toMinorUnits(0)).toBe(0);
    expect(fromMinorUnits(0)).toBe(0);
    expect(toMinorUnits(-300.5)).toBe(-30_050);
    expect(fromMinorUnits(-30_050)).toBe(-300.5);
    expect(toMinorUnits(10_000_000_000)).toBe(MAX_STAKE_MINOR);
  });

  it('takes floats a hair off the two-place value to the paisa that was meant', () => {
    expect(toMinorUnits(0.1 + 0.2)).toBe(30);
    expect(toMinorUnits(1.15)).toBe(115);
    expect(toMinorUnits(4.35)).toBe(435);
    expect(toMinorUnits(0.29)).toBe(29);
    expect(toMinorUnits(1.1 + 2.2)).toBe(330);
    expect(toMinorUnits(0.7 - 0.4)).toBe(30);
  });

  it('rounds more than two places to the nearest paisa, halves up', () => {
    expect(toMinorUnits(1.234)).toBe(123);
    expect(toMinorUnits(1.236)).toBe(124);
    expect(toMinorUnits(0.125)).toBe(13);
    expect(toMinorUnits(-0.125)).toBe(-12);
  });

  it('gives zero, never negative zero', () => {
    expect(Object.is(toMinorUnits(-0), 0)).toBe(true);
    expect(Object.is(toMinorUnits(-0.001), 0)).toBe(true);
  });

  it('refuses amounts that are not finite numbers', () => {
    expect(() => toMinorUnits(Number.NaN)).toThrow(RangeError);
    expect(() => toMinorUnits(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => toMinorUnits(Number.NEGATIVE_INFINITY)).toThrow(RangeError);
  });

  it('round-trips every integer minor amount in the safe range', () => {
    expect(MAX_STAKE_MINOR * 999).toBeLessThan(ROUND_TRIP_LIMIT);
    for (let minor = -20_000; minor <= 20_000; minor++) {
      expect(toMinorUnits(fromMinorUnits(minor))).toBe(minor);
    }
    fc.assert(
      fc.property(fc.integer({ min: -ROUND_TRIP_LIMIT, max: ROUND_TRIP_LIMIT }), (minor) => {
        expect(toMinorUnits(fromMinorUnits(minor))).toBe(minor);
      }),
      { seed: 2_024, numRuns: 10_000 },
    );
  });

  it('matches the two-place decimal as written, both ways', () => {
    fc.assert(
      fc.property(fc.integer({ min: -ROUND_TRIP_LIMIT, max: ROUND_TRIP_LIMIT }), (minor) => {
        const wire = Number(decimalText(minor));
        expect(fromMinorUnits(minor)).toBe(wire);
        expect(toMinorUnits(wire)).toBe(minor);
        expect(toMinorUnits(Number(JSON.parse(JSON.stringify(fromMinorUnits(minor)))))).toBe(minor);
      }),
      { seed: 7, numRuns: 10_000 },
    );
  });

  it('adds wire amounts in minor units without float drift', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 20 }),
        (minors) => {
          const wireSum = minors.reduce((sum, minor) => sum + fromMinorUnits(minor), 0);
          const exact = minors.reduce((sum, minor) => sum + minor, 0);
          expect(toMinorUnits(wireSum)).toBe(exact);
        },
      ),
      { seed: 99, numRuns: 2_000 },
    );
  });
});
