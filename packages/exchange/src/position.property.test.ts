import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PRICE_COUNT, tickToPriceHundredths } from './ladder';
import { Market } from './market';
import type { BookEvent, MatchedEvent, OwnerId, RunnerId } from './order';
import {
  betsFromFill,
  exposureDeltaMinor,
  exposureMinor,
  ifWinMinor,
  settleMarket,
  type MatchedBet,
  type SettlementBet,
  type UnmatchedOrder,
} from './position';

const RUN_OPTIONS = { seed: 777_001, numRuns: 300 };

/** Reference maths in BigInt, written independently of money.ts. */
function referenceWinnings(stakeMinor: number, priceTick: number): bigint {
  return (BigInt(stakeMinor) * BigInt(tickToPriceHundredths(priceTick) - 100)) / 100n;
}

function referenceIfWin(runnerCount: number, bets: readonly (MatchedBet & { runnerId: number })[]) {
  const result = Array.from({ length: runnerCount }, () => 0n);
  for (const bet of bets) {
    const winnings = referenceWinnings(bet.stakeMinor, bet.priceTick);
    for (let runner = 0; runner < runnerCount; runner++) {
      const wins = runner === bet.runnerId;
      const pnl =
        bet.side === 'back'
          ? wins
            ? winnings
            : -BigInt(bet.stakeMinor)
          : wins
            ? -winnings
            : BigInt(bet.stakeMinor);
      result[runner] = (result[runner] as bigint) + pnl;
    }
  }
  return result;
}

function referenceUnmatched(orders: readonly UnmatchedOrder[]): bigint {
  let total = 0n;
  for (const order of orders) {
    total +=
      order.side === 'back'
        ? BigInt(order.stakeMinor)
        : referenceWinnings(order.stakeMinor, order.priceTick);
  }
  return total;
}

function runnerIdsFor(count: number): number[] {
  return Array.from({ length: count }, (_, index) => index);
}

const positionArb = fc.integer({ min: 2, max: 6 }).chain((runnerCount) => {
  const betArb = fc.record({
    runnerId: fc.integer({ min: 0, max: runnerCount - 1 }),
    side: fc.constantFrom('back' as const, 'lay' as const),
    priceTick: fc.integer({ min: 0, max: PRICE_COUNT - 1 }),
    stakeMinor: fc.integer({ min: 1, max: 5_000_000 }),
  });
  return fc.record({
    runnerCount: fc.constant(runnerCount),
    matched: fc.array(betArb, { maxLength: 30, size: 'max' }),
    unmatched: fc.array(betArb, { maxLength: 10, size: 'max' }),
    proposed: betArb,
  });
});

describe('position properties', () => {
  it('exposure equals max(0, −min(if-win)) plus unmatched liability', () => {
    fc.assert(
      fc.property(positionArb, ({ runnerCount, matched, unmatched }) => {
        const runnerIds = runnerIdsFor(runnerCount);
        const ifWin = ifWinMinor(runnerIds, matched);
        const reference = referenceIfWin(runnerCount, matched);
        expect(ifWin.map((value) => BigInt(value))).toEqual(reference);
        const worst = reference.reduce((low, value) => (value < low ? value : low));
        const floored = worst < 0n ? -worst : 0n;
        const exposure = exposureMinor(runnerIds, matched, unmatched);
        expect(BigInt(exposure)).toBe(floored + referenceUnmatched(unmatched));
        expect(exposure).toBeGreaterThanOrEqual(0);
        // No single outcome can lose more than the exposure.
        for (const value of ifWin) expect(-value).toBeLessThanOrEqual(exposure);
      }),
      RUN_OPTIONS,
    );
  });

  it('the exposure delta of a proposed bet is its unmatched liability', () => {
    fc.assert(
      fc.property(positionArb, ({ runnerCount, matched, unmatched, proposed }) => {
        const runnerIds = runnerIdsFor(runnerCount);
        const delta = exposureDeltaMinor(runnerIds, matched, unmatched, proposed);
        expect(delta).toBe(
          exposureMinor(runnerIds, matched, [...unmatched, proposed]) -
            exposureMinor(runnerIds, matched, unmatched),
        );
        expect(BigInt(delta)).toBe(referenceUnmatched([proposed]));
      }),
      RUN_OPTIONS,
    );
  });
});

const marketFlowArb = fc.integer({ min: 2, max: 5 }).chain((runnerCount) =>
  fc.record({
    runnerCount: fc.constant(runnerCount),
    orders: fc.array(
      fc.record({
        runner: fc.integer({ min: 0, max: runnerCount - 1 }),
        ownerId: fc.constantFrom('ann', 'bob', 'cat', 'dan'),
        side: fc.constantFrom('back' as const, 'lay' as const),
        priceTick: fc.integer({ min: 0, max: 12 }).map((offset) => 40 + offset * 17),
        stakeMinor: fc.integer({ min: 1, max: 20_000 }),
      }),
      { maxLength: 80, size: 'max' },
    ),
    winner: fc.nat(),
    voidMask: fc.array(fc.boolean(), { minLength: runnerCount, maxLength: runnerCount }),
    commissionBasisPoints: fc.oneof(
      fc.integer({ min: 0, max: 10_000 }),
      fc.constantFrom(0, 500, 10_000),
    ),
  }),
);

interface FlowOrder {
  readonly runner: number;
  readonly ownerId: string;
  readonly side: 'back' | 'lay';
  readonly priceTick: number;
  readonly stakeMinor: number;
}

/** Plays random orders through a market and returns every fill. */
function playMarket(runnerIds: readonly RunnerId[], orders: readonly FlowOrder[]): MatchedEvent[] {
  const market = new Market({ runnerIds, minStakeMinor: 1 });
  const events: BookEvent[] = [];
  orders.forEach((order, index) => {
    const code = market.place(
      runnerIds[order.runner] as RunnerId,
      {
        id: index,
        ownerId: order.ownerId,
        side: order.side,
        priceTick: order.priceTick,
        stakeMinor: order.stakeMinor,
        persistence: 'keep',
      },
      events,
    );
    expect(code).toBe('ok');
  });
  return events.filter((event): event is MatchedEvent => event.type === 'matched');
}

function betsByPlayer(bets: readonly SettlementBet[]): Map<OwnerId, SettlementBet[]> {
  const grouped = new Map<OwnerId, SettlementBet[]>();
  for (const bet of bets) grouped.set(bet.playerId, [...(grouped.get(bet.playerId) ?? []), bet]);
  return grouped;
}

describe('settlement properties', () => {
  it('every fill is zero-sum for every possible winner', () => {
    fc.assert(
      fc.property(marketFlowArb, ({ runnerCount, orders }) => {
        const runnerIds = runnerIdsFor(runnerCount);
        for (const fill of playMarket(runnerIds, orders)) {
          const [backBet, layBet] = betsFromFill(fill);
          const backIfWin = ifWinMinor(runnerIds, [backBet]);
          const layIfWin = ifWinMinor(runnerIds, [layBet]);
          expect(backIfWin.map((value, runner) => value + (layIfWin[runner] as number))).toEqual(
            runnerIds.map(() => 0),
          );
          expect(backIfWin[fill.runnerId as number]).toBe(fill.liabilityMinor);
        }
      }),
      RUN_OPTIONS,
    );
  });

  it('pays each player their if-win value for the winner, zero-sum, with floored commission', () => {
    fc.assert(
      fc.property(marketFlowArb, ({ runnerCount, orders, winner, commissionBasisPoints }) => {
        const runnerIds = runnerIdsFor(runnerCount);
        const bets = playMarket(runnerIds, orders).flatMap((fill) => betsFromFill(fill));
        const winnerRunnerId = winner % runnerCount;
        const result = settleMarket({
          runnerIds,
          outcome: { kind: 'winner', winnerRunnerId },
          bets,
          commissionBasisPoints,
        });
        if (!result.ok) throw new Error(`settlement refused: ${result.code}`);
        const grouped = betsByPlayer(bets);
        expect(result.players.map((player) => player.playerId)).toEqual([...grouped.keys()]);
        let grossTotal = 0;
        let netTotal = 0;
        let commissionTotal = 0;
        for (const player of result.players) {
          const ifWin = ifWinMinor(runnerIds, grouped.get(player.playerId) ?? []);
          expect(player.grossPnlMinor).toBe(ifWin[winnerRunnerId]);
          const positive = player.grossPnlMinor > 0 ? BigInt(player.grossPnlMinor) : 0n;
          expect(BigInt(player.commissionMinor)).toBe(
            (positive * BigInt(commissionBasisPoints)) / 10_000n,
          );
          expect(player.commissionMinor).toBeLessThanOrEqual(Math.max(0, player.grossPnlMinor));
          expect(player.netPnlMinor).toBe(player.grossPnlMinor - player.commissionMinor);
          grossTotal += player.grossPnlMinor;
          netTotal += player.netPnlMinor;
          commissionTotal += player.commissionMinor;
        }
        expect(grossTotal).toBe(0);
        expect(commissionTotal).toBe(result.commissionTotalMinor);
        expect(netTotal + commissionTotal).toBe(0);
      }),
      RUN_OPTIONS,
    );
  });

  it('settles void runners and void markets at zero and stays zero-sum', () => {
    fc.assert(
      fc.property(
        marketFlowArb,
        ({ runnerCount, orders, winner, voidMask, commissionBasisPoints }) => {
          const runnerIds = runnerIdsFor(runnerCount);
          const bets = playMarket(runnerIds, orders).flatMap((fill) => betsFromFill(fill));
          const winnerRunnerId = winner % runnerCount;
          const voidRunnerIds = runnerIds.filter(
            (runner) => voidMask[runner] && runner !== winnerRunnerId,
          );
          const result = settleMarket({
            runnerIds,
            outcome: { kind: 'winner', winnerRunnerId, voidRunnerIds },
            bets,
            commissionBasisPoints,
          });
          if (!result.ok) throw new Error(`settlement refused: ${result.code}`);
          const live = betsByPlayer(
            bets.filter((bet) => !voidRunnerIds.includes(bet.runnerId as number)),
          );
          let grossTotal = 0;
          for (const player of result.players) {
            const ifWin = ifWinMinor(runnerIds, live.get(player.playerId) ?? []);
            expect(player.grossPnlMinor).toBe(ifWin[winnerRunnerId]);
            grossTotal += player.grossPnlMinor;
          }
          expect(grossTotal).toBe(0);

          const voided = settleMarket({
            runnerIds,
            outcome: { kind: 'void' },
            bets,
            commissionBasisPoints,
          });
          if (!voided.ok) throw new Error(`settlement refused: ${voided.code}`);
          for (const player of voided.players) {
            expect([player.grossPnlMinor, player.commissionMinor, player.netPnlMinor]).toEqual([
              0, 0, 0,
            ]);
          }
          expect(voided.commissionTotalMinor).toBe(0);
        },
      ),
      RUN_OPTIONS,
    );
  });
});
