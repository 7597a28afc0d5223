import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  quoteCashOut,
  recheckCashOutQuote,
  type CashOutQuote,
  type CashOutRequest,
  type RunnerBestPrices,
} from './cash-out';
import { MAX_TICK, tickToPriceHundredths } from './ladder';
import type { Side } from './order';
import { ifWinMinor, settleMarket, type MatchedBet } from './position';

const RUN_OPTIONS = { seed: 424_242, numRuns: 300 };
const TOLERANCE = 1e-6;

interface Scenario {
  readonly runnerCount: number;
  readonly matched: readonly (MatchedBet & { readonly runnerId: number })[];
  readonly book: readonly RunnerBook[];
  readonly fraction: number;
}

interface RunnerBook {
  readonly backTick: number | undefined;
  readonly layTick: number | undefined;
}

/** A runner's book from the player's side: back tick ≤ lay tick, either side sometimes empty. */
function runnerBookArb(maxTick: number): fc.Arbitrary<RunnerBook> {
  return fc
    .record({
      low: fc.integer({ min: 0, max: maxTick }),
      width: fc.integer({ min: 0, max: 12 }),
      hasBack: fc.oneof({ weight: 9, arbitrary: fc.constant(true) }, fc.constant(false)),
      hasLay: fc.oneof({ weight: 9, arbitrary: fc.constant(true) }, fc.constant(false)),
    })
    .map(({ low, width, hasBack, hasLay }) => ({
      backTick: hasBack ? low : undefined,
      layTick: hasLay ? Math.min(maxTick, low + width) : undefined,
    }));
}

/** Random positions built from fills on 1–`maxRunners` runners, and a book with ticks ≤ maxTick. */
function scenarioArb(maxRunners: number, maxTick: number): fc.Arbitrary<Scenario> {
  return fc.integer({ min: 1, max: maxRunners }).chain((runnerCount) =>
    fc.record({
      runnerCount: fc.constant(runnerCount),
      matched: fc.array(
        fc.record({
          runnerId: fc.integer({ min: 0, max: runnerCount - 1 }),
          side: fc.constantFrom('back' as const, 'lay' as const),
          priceTick: fc.integer({ min: 0, max: MAX_TICK }),
          stakeMinor: fc.oneof(
            fc.integer({ min: 1, max: 1_000 }),
            fc.integer({ min: 1, max: 5_000_000 }),
          ),
        }),
        { maxLength: 12 },
      ),
      book: fc.array(runnerBookArb(maxTick), { minLength: runnerCount, maxLength: runnerCount }),
      fraction: fc.oneof(
        fc.constantFrom(0.25, 0.5, 0.75),
        fc.double({ min: 0.01, max: 0.99, noNaN: true }),
      ),
    }),
  );
}

/** Mostly short-priced books (ticks up to 4.0), sometimes the whole ladder. */
const scenarios = fc.oneof(scenarioArb(12, 169), scenarioArb(12, MAX_TICK));

function runnerIdsFor(count: number): number[] {
  return Array.from({ length: count }, (_, index) => index);
}

function pricesOf(book: readonly RunnerBook[]): RunnerBestPrices[] {
  return book.map(({ backTick, layTick }, runnerId) => ({
    runnerId,
    ...(backTick === undefined ? {} : { back: { priceTick: backTick } }),
    ...(layTick === undefined ? {} : { lay: { priceTick: layTick } }),
  }));
}

function requestOf(scenario: Scenario, extra: Partial<CashOutRequest> = {}): CashOutRequest {
  return {
    runnerIds: runnerIdsFor(scenario.runnerCount),
    matched: scenario.matched,
    prices: pricesOf(scenario.book),
    minStakeMinor: 1,
    ...extra,
  };
}

function tickOn(book: readonly RunnerBook[], runner: number, side: Side): number | undefined {
  const entry = book[runner] as RunnerBook;
  return side === 'back' ? entry.backTick : entry.layTick;
}

function spread(values: readonly number[]): number {
  return Math.max(...values) - Math.min(...values);
}

/** For each runner, the side it must be hedged on to reach the anchor's P&L (or none). */
function neededSides(position: readonly number[], anchor: number): (Side | undefined)[] {
  const target = position[anchor] as number;
  return position.map((value) => (value < target ? 'back' : value > target ? 'lay' : undefined));
}

/** The proven spread bound: max ceil(price) − 1 over the runners the hedge has to move. */
function spreadBound(
  position: readonly number[],
  anchor: number,
  book: readonly RunnerBook[],
): { bound: number; moving: number; largestGap: number } {
  let largestGap = 1;
  let moving = 0;
  neededSides(position, anchor).forEach((side, runner) => {
    if (side === undefined) return;
    moving += 1;
    const priceTick = tickOn(book, runner, side);
    if (priceTick === undefined) throw new Error('the quote anchors on an unpriced kink');
    largestGap = Math.max(largestGap, Math.ceil(tickToPriceHundredths(priceTick) / 100));
  });
  return { bound: largestGap - 1, moving, largestGap };
}

/** Exact F at a kink (independent of the module), or undefined when a needed price is missing. */
function exactGuaranteed(
  position: readonly number[],
  anchor: number,
  book: readonly RunnerBook[],
): number | undefined {
  const target = position[anchor] as number;
  let total = target;
  for (const [runner, side] of neededSides(position, anchor).entries()) {
    if (side === undefined) continue;
    const priceTick = tickOn(book, runner, side);
    if (priceTick === undefined) return undefined;
    const price = tickToPriceHundredths(priceTick) / 100;
    total -= (target - (position[runner] as number)) / price;
  }
  return total;
}

/** 1 / price of each runner the full hedge moves, summed. */
function reciprocalPriceSum(
  position: readonly number[],
  anchor: number,
  book: readonly RunnerBook[],
): number {
  let sum = 0;
  neededSides(position, anchor).forEach((side, runner) => {
    if (side === undefined) return;
    sum += 100 / tickToPriceHundredths(tickOn(book, runner, side) as number);
  });
  return sum;
}

function anchorIndex(quote: CashOutQuote): number {
  return quote.anchorRunnerId as number;
}

describe('cash-out properties', () => {
  it('equalises the P&L within the proven bound, recomputed from the fills', () => {
    fc.assert(
      fc.property(scenarios, (scenario) => {
        const request = requestOf(scenario);
        const position = ifWinMinor(request.runnerIds, scenario.matched);
        const result = quoteCashOut(request);
        if (!result.ok) {
          // With min stake 1 and unlimited size only missing prices can stop a cash out.
          expect(result.code).toBe('no_price');
          for (let anchor = 0; anchor < scenario.runnerCount; anchor++) {
            expect(exactGuaranteed(position, anchor, scenario.book)).toBeUndefined();
          }
          if (result.code === 'no_price') {
            expect(result.missing.length).toBeGreaterThan(0);
            for (const { runnerId, side } of result.missing) {
              expect(tickOn(scenario.book, runnerId as number, side)).toBeUndefined();
            }
          }
          return;
        }
        const { quote } = result;
        const anchor = anchorIndex(quote);
        const after = ifWinMinor(request.runnerIds, [...scenario.matched, ...quote.orders]);
        expect(quote.ifWinBeforeMinor).toEqual(position);
        expect(quote.ifWinAfterMinor).toEqual(after);
        expect(quote.keptIfWinMinor).toEqual(position.map(() => 0));
        expect(quote.guaranteedMinor).toBe(Math.min(...after));

        const { bound, moving, largestGap } = spreadBound(position, anchor, scenario.book);
        expect(spread(after)).toBeLessThanOrEqual(bound);
        if (moving === 1) expect(spread(after)).toBeLessThanOrEqual(Math.floor(largestGap / 2));
        if (largestGap <= 2) expect(spread(after)).toBeLessThanOrEqual(1);

        // Orders: one per moving runner at most, on the needed side at the book's tick, never
        // on the anchor, never on a side without a price, stakes whole and positive.
        const sides = neededSides(position, anchor);
        const seen = new Set<number>();
        for (const order of quote.orders) {
          const runner = order.runnerId as number;
          expect(seen.has(runner)).toBe(false);
          seen.add(runner);
          expect(order.side).toBe(sides[runner]);
          expect(order.priceTick).toBe(tickOn(scenario.book, runner, order.side));
          expect(Number.isSafeInteger(order.stakeMinor)).toBe(true);
          expect(order.stakeMinor).toBeGreaterThan(0);
        }
      }),
      RUN_OPTIONS,
    );
  });

  it('is within one paisa on every runner, as settled, when hedge prices are at most 2.00', () => {
    fc.assert(
      fc.property(scenarioArb(12, 99), (scenario) => {
        const request = requestOf(scenario);
        const result = quoteCashOut(request);
        if (!result.ok) return;
        const bets = [...scenario.matched, ...result.quote.orders].map((bet) => ({
          ...bet,
          playerId: 'player',
        }));
        const settled = request.runnerIds.map((winnerRunnerId) => {
          const settlement = settleMarket({
            runnerIds: request.runnerIds,
            outcome: { kind: 'winner', winnerRunnerId },
            bets,
            commissionBasisPoints: 0,
          });
          if (!settlement.ok) throw new Error(`settlement refused: ${settlement.code}`);
          return settlement.players[0]?.grossPnlMinor ?? 0;
        });
        expect(settled).toEqual(result.quote.ifWinAfterMinor);
        expect(spread(settled)).toBeLessThanOrEqual(1);
      }),
      RUN_OPTIONS,
    );
  });

  it('anchors on the best kink the book allows: no better equalising hedge exists', () => {
    fc.assert(
      fc.property(scenarios, (scenario) => {
        const request = requestOf(scenario);
        const result = quoteCashOut(request);
        if (!result.ok) return;
        const position = result.quote.ifWinBeforeMinor;
        const chosen = exactGuaranteed(position, anchorIndex(result.quote), scenario.book);
        if (chosen === undefined) throw new Error('the quote anchors on an unpriced kink');
        for (let anchor = 0; anchor < scenario.runnerCount; anchor++) {
          const other = exactGuaranteed(position, anchor, scenario.book);
          if (other === undefined) continue;
          expect(chosen).toBeGreaterThanOrEqual(other - TOLERANCE * Math.max(1, Math.abs(other)));
        }
      }),
      RUN_OPTIONS,
    );
  });

  it('rounds to the smallest spread, then the largest guaranteed amount (brute force)', () => {
    fc.assert(
      fc.property(scenarioArb(4, 150), (scenario) => {
        const request = requestOf(scenario);
        const result = quoteCashOut(request);
        if (!result.ok) return;
        const { quote } = result;
        const position = quote.ifWinBeforeMinor;
        const anchor = anchorIndex(quote);
        const target = position[anchor] as number;
        // In an optimum every runner ends within G − 1 ≤ 3 of the target (G = ceil(3.05)), so
        // each stake is less than 4 / 1.01 from the exact one: try every stake in that range.
        const legs = neededSides(position, anchor).flatMap((side, runner) => {
          if (side === undefined) return [];
          const priceTick = tickOn(scenario.book, runner, side) as number;
          const exact =
            (Math.abs(target - (position[runner] as number)) * 100) /
            tickToPriceHundredths(priceTick);
          const stakes: number[] = [];
          for (let stake = Math.max(0, Math.floor(exact) - 4); stake <= exact + 5; stake++) {
            stakes.push(stake);
          }
          return [{ runnerId: runner, side, priceTick, stakes }];
        });
        let best = { spread: Number.POSITIVE_INFINITY, guaranteed: Number.NEGATIVE_INFINITY };
        const visit = (depth: number, orders: MatchedBet[]): void => {
          if (depth === legs.length) {
            const after = ifWinMinor(request.runnerIds, [...scenario.matched, ...orders]);
            const candidate = { spread: spread(after), guaranteed: Math.min(...after) };
            if (
              candidate.spread < best.spread ||
              (candidate.spread === best.spread && candidate.guaranteed > best.guaranteed)
            ) {
              best = candidate;
            }
            return;
          }
          const leg = legs[depth] as (typeof legs)[number];
          for (const stakeMinor of leg.stakes) {
            const next = stakeMinor === 0 ? orders : [...orders, { ...leg, stakeMinor }];
            visit(depth + 1, next);
          }
        };
        visit(0, []);
        expect({
          spread: spread(quote.ifWinAfterMinor),
          guaranteed: quote.guaranteedMinor,
        }).toEqual(best);
      }),
      { ...RUN_OPTIONS, numRuns: 150 },
    );
  });

  it('cashes out a fraction f: that share is flattened, the rest kept, moves f of the full', () => {
    fc.assert(
      fc.property(scenarios, (scenario) => {
        const full = quoteCashOut(requestOf(scenario));
        const partial = quoteCashOut(requestOf(scenario, { fraction: scenario.fraction }));
        expect(partial.ok).toBe(full.ok);
        if (!full.ok || !partial.ok) return;
        const f = scenario.fraction;
        const one = full.quote;
        const part = partial.quote;
        const position = one.ifWinBeforeMinor;
        const anchor = anchorIndex(one);
        expect(anchorIndex(part)).toBe(anchor);
        expect(part.fraction).toBe(f);

        const share = position.map((value) => Math.round(value * f));
        expect(part.keptIfWinMinor).toEqual(
          position.map((value, runner) => value - (share[runner] as number)),
        );
        const after = ifWinMinor(runnerIdsFor(scenario.runnerCount), [
          ...scenario.matched,
          ...part.orders,
        ]);
        expect(part.ifWinAfterMinor).toEqual(after);
        const cashed = after.map(
          (value, runner) => value - (part.keptIfWinMinor[runner] as number),
        );
        expect(part.guaranteedMinor).toBe(Math.min(...cashed));
        const partSpread = spread(cashed);
        expect(partSpread).toBeLessThanOrEqual(spreadBound(share, anchor, scenario.book).bound);
        expect(partSpread).toBeLessThanOrEqual(spreadBound(position, anchor, scenario.book).bound);

        // e = the hedge's effect on each runner. Up to a shift shared by every runner,
        // e_f − f·e_1 differs between runners by at most S_f + f·S_1 + 1 (the share's rounding
        // to whole units contributes the 1). With the shift, |e_f − f·e_1| stays below
        // S_f + f·S_1 + 1 + ρ·(S_f + f·S_1 + 2 + f), ρ = Σ 1/price over the moving runners.
        const fullSpread = spread(one.ifWinAfterMinor);
        const drift = position.map(
          (value, runner) =>
            (part.ifWinAfterMinor[runner] as number) -
            value -
            f * ((one.ifWinAfterMinor[runner] as number) - value),
        );
        const relative = partSpread + f * fullSpread + 1;
        expect(spread(drift)).toBeLessThanOrEqual(relative + TOLERANCE);
        const rho = reciprocalPriceSum(position, anchor, scenario.book);
        const absolute = relative + rho * (partSpread + f * fullSpread + 2 + f);
        for (const value of drift) expect(Math.abs(value)).toBeLessThan(absolute + TOLERANCE);
      }),
      RUN_OPTIONS,
    );
  });

  it('keeps every stake placeable, giving up kinks only for stakes below the minimum', () => {
    fc.assert(
      fc.property(scenarios, fc.integer({ min: 1, max: 2_000 }), (scenario, minStakeMinor) => {
        const unconstrained = quoteCashOut(requestOf(scenario));
        const result = quoteCashOut(requestOf(scenario, { minStakeMinor }));
        if (!unconstrained.ok) {
          expect(result).toEqual(unconstrained);
          return;
        }
        const tooSmall = unconstrained.quote.orders.filter((o) => o.stakeMinor < minStakeMinor);
        if (result.ok) {
          for (const order of result.quote.orders) {
            expect(order.stakeMinor).toBeGreaterThanOrEqual(minStakeMinor);
          }
          if (result.quote.anchorRunnerId === unconstrained.quote.anchorRunnerId) {
            expect(result).toEqual(unconstrained);
          } else {
            expect(tooSmall.length).toBeGreaterThan(0);
          }
          return;
        }
        expect(result.code).toBe('stake_below_minimum');
        if (result.code === 'stake_below_minimum') expect(result.orders).toEqual(tooSmall);
      }),
      RUN_OPTIONS,
    );
  });

  it('stands against the same or better prices and requotes against worse ones', () => {
    fc.assert(
      fc.property(scenarios, fc.nat(), fc.boolean(), (scenario, pick, improve) => {
        const request = requestOf(scenario);
        const result = quoteCashOut(request);
        if (!result.ok || result.quote.orders.length === 0) return;
        const { quote } = result;
        expect(recheckCashOutQuote(quote, request)).toEqual({ status: 'still_valid' });

        const order = quote.orders[pick % quote.orders.length] as MatchedBet;
        const runner = order.runnerId as number;
        const { backTick, layTick } = scenario.book[runner] as RunnerBook;
        // Better for the player: a higher back price or a lower lay price.
        const step = (order.side === 'back') === improve ? 1 : -1;
        const moved = order.priceTick + step;
        if (moved < 0 || moved > MAX_TICK) return;
        const entry: RunnerBook =
          order.side === 'back'
            ? {
                backTick: moved,
                layTick: layTick === undefined ? undefined : Math.max(layTick, moved),
              }
            : {
                backTick: backTick === undefined ? undefined : Math.min(backTick, moved),
                layTick: moved,
              };
        const book = scenario.book.map((old, index) => (index === runner ? entry : old));
        const current = requestOf({ ...scenario, book });
        const recheck = recheckCashOutQuote(quote, current);
        if (improve) {
          expect(recheck).toEqual({ status: 'still_valid' });
        } else {
          expect(recheck).toEqual({
            status: 'requoted',
            reason: 'price_worse',
            result: quoteCashOut(current),
          });
        }
      }),
      RUN_OPTIONS,
    );
  });
});
