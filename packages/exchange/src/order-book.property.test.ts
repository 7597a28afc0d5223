import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tickToPriceHundredths } from './ladder';
import { NaiveOrderBook } from './naive-order-book';
import {
  isBookCrossed,
  type BookEvent,
  type OrderBook,
  type OrderId,
  type OrderRequest,
  type OrderView,
} from './order';
import { FastOrderBook } from './order-book';

const MIN_STAKE_MINOR = 2;
const FIRST_TICK = 95;
const LAST_TICK = 106;

type Op =
  | {
      readonly kind: 'place';
      readonly ownerId: number;
      readonly side: 'back' | 'lay';
      readonly priceTick: number;
      readonly stakeMinor: number;
      readonly persistence: 'lapse' | 'keep';
      /** When set, reuse an earlier id instead of a fresh one. */
      readonly reuse: number | null;
    }
  | { readonly kind: 'cancel'; readonly pick: number }
  | { readonly kind: 'reduce'; readonly pick: number; readonly amount: number }
  | { readonly kind: 'goInPlay' }
  | { readonly kind: 'lapseAll' };

const placeArb: fc.Arbitrary<Op> = fc.record({
  kind: fc.constant('place' as const),
  ownerId: fc.integer({ min: 1, max: 4 }),
  side: fc.constantFrom('back' as const, 'lay' as const),
  // A narrow band of ticks so most orders cross and match.
  priceTick: fc.integer({ min: FIRST_TICK, max: LAST_TICK }),
  stakeMinor: fc.oneof(
    { weight: 20, arbitrary: fc.integer({ min: MIN_STAKE_MINOR, max: 400 }) },
    { weight: 1, arbitrary: fc.constantFrom(1, 0, -3, 2.5, Number.NaN) },
  ),
  persistence: fc.constantFrom('lapse' as const, 'keep' as const),
  reuse: fc.oneof({ weight: 9, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.nat() }),
});

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 40, arbitrary: placeArb },
  { weight: 8, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }) },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('reduce' as const),
      pick: fc.nat(),
      amount: fc.integer({ min: -1, max: 300 }),
    }),
  },
  { weight: 2, arbitrary: fc.constant({ kind: 'goInPlay' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'lapseAll' as const }) },
);

const flowArb = fc.array(opArb, { minLength: 1, maxLength: 120, size: 'max' });

const RUN_OPTIONS = { seed: 424_242, numRuns: 300 };

/** The id a place op uses: an earlier one when it asks to reuse, otherwise a fresh one. */
function placeId(op: Op & { kind: 'place' }, ids: readonly OrderId[], freshId: OrderId): OrderId {
  return op.reuse !== null && ids.length > 0 ? (ids[op.reuse % ids.length] as OrderId) : freshId;
}

/** Applies one op to a book; ids are resolved from the shared id history so both books agree. */
function apply(
  book: OrderBook,
  op: Op,
  ids: readonly OrderId[],
  freshId: OrderId,
  events: BookEvent[],
) {
  switch (op.kind) {
    case 'place': {
      const id = placeId(op, ids, freshId);
      const request: OrderRequest = {
        id,
        ownerId: op.ownerId,
        side: op.side,
        priceTick: op.priceTick,
        stakeMinor: op.stakeMinor,
        persistence: op.persistence,
      };
      return book.place(request, events);
    }
    case 'cancel':
      return ids.length === 0 ? 'skip' : book.cancel(ids[op.pick % ids.length] as OrderId, events);
    case 'reduce':
      return ids.length === 0
        ? 'skip'
        : book.reduce(ids[op.pick % ids.length] as OrderId, op.amount, events);
    case 'goInPlay':
      book.goInPlay(events);
      return 'ok';
    case 'lapseAll':
      book.lapseAll(events);
      return 'ok';
  }
}

/**
 * Deep equality with a cheap fast path: Vitest's matcher is costly when called tens of
 * thousands of times per property, so it only runs (to produce the diff) when strings differ.
 */
function same(actual: unknown, expected: unknown): void {
  if (JSON.stringify(actual) !== JSON.stringify(expected)) expect(actual).toEqual(expected);
}

/** Everything observable about a book after one op. */
function snapshot(book: OrderBook, code: string, events: readonly BookEvent[], ids: OrderId[]) {
  const depth: number[] = [];
  for (let priceTick = FIRST_TICK; priceTick <= LAST_TICK; priceTick++) {
    depth.push(book.depthAt('back', priceTick), book.depthAt('lay', priceTick));
  }
  return {
    code,
    events,
    resting: book.restingOrders(),
    restingCount: book.restingCount,
    best: [book.bestTick('back') ?? null, book.bestTick('lay') ?? null],
    depth,
    touched: ids.map((id) => book.getOrder(id) ?? null),
  };
}

function assertNotCrossed(book: OrderBook, resting: readonly OrderView[]): void {
  let lowestBack: number | undefined;
  let highestLay: number | undefined;
  for (const view of resting) {
    if (view.side === 'back' && (lowestBack === undefined || view.priceTick < lowestBack)) {
      lowestBack = view.priceTick;
    }
    if (view.side === 'lay' && (highestLay === undefined || view.priceTick > highestLay)) {
      highestLay = view.priceTick;
    }
  }
  // The best-price pointers must agree with the full resting list.
  same([book.bestTick('back'), book.bestTick('lay')], [lowestBack, highestLay]);
  if (isBookCrossed(book)) {
    expect.fail(`book crossed: lowest back ${lowestBack} <= highest lay ${highestLay}`);
  }
}

/** Every order id an op's events mention (resting state of the rest is compared in bulk). */
function touchedIds(events: readonly BookEvent[]): OrderId[] {
  return events.flatMap((event) =>
    event.type === 'matched' ? [event.makerOrderId, event.takerOrderId] : [event.orderId],
  );
}

/** Replays a flow on both books, checking agreement and invariants after every op. */
function runFlow(flow: readonly Op[]): { fast: OrderBook; events: BookEvent[] } {
  const fast = new FastOrderBook({ runnerId: 'r', minStakeMinor: MIN_STAKE_MINOR });
  const naive = new NaiveOrderBook({ runnerId: 'r', minStakeMinor: MIN_STAKE_MINOR });
  const ids: OrderId[] = [];
  const allEvents: BookEvent[] = [];
  flow.forEach((op, index) => {
    // Mixed numeric and string ids exercise both kinds of key.
    const freshId = index % 2 === 0 ? index : `order-${index}`;
    const fastEvents: BookEvent[] = [];
    const naiveEvents: BookEvent[] = [];
    const fastCode = apply(fast, op, ids, freshId, fastEvents);
    const naiveCode = apply(naive, op, ids, freshId, naiveEvents);
    if (fastCode !== 'ok' && fastEvents.length > 0) {
      expect.fail(`rejected op (${fastCode}) emitted events`);
    }
    const touched = touchedIds(fastEvents);
    const fastState = snapshot(fast, fastCode, fastEvents, touched);
    same(fastState, snapshot(naive, naiveCode, naiveEvents, touched));
    assertNotCrossed(fast, fastState.resting);
    if (op.kind === 'place' && fastCode === 'ok' && placeId(op, ids, freshId) === freshId) {
      ids.push(freshId);
    }
    allEvents.push(...fastEvents);
  });
  return { fast, events: allEvents };
}

/**
 * Long flows over the whole ladder, mostly orders that rest (backs high, lays low, so they never
 * cross) with some that cross the middle, so the fast book holds well over a thousand orders:
 * its slot arrays and id table grow, slots are freed and reused, and ids of every kind (small and
 * negative integers, numbers past int32, fractions, strings) share the id table and its Map.
 */
const wideOpArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 60,
    arbitrary: fc.record({
      kind: fc.constant('place' as const),
      ownerId: fc.integer({ min: 1, max: 50 }),
      side: fc.constantFrom('back' as const, 'lay' as const),
      priceTick: fc.integer({ min: 0, max: 120 }),
      stakeMinor: fc.integer({ min: MIN_STAKE_MINOR, max: 5_000 }),
      persistence: fc.constantFrom('lapse' as const, 'keep' as const),
      reuse: fc.oneof(
        { weight: 19, arbitrary: fc.constant(null) },
        { weight: 1, arbitrary: fc.nat() },
      ),
    }),
  },
  { weight: 12, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('reduce' as const),
      pick: fc.nat(),
      amount: fc.integer({ min: 1, max: 3_000 }),
    }),
  },
);

/** Where the long flows turn in play: by then the book is large, and it keeps going after. */
const WIDE_IN_PLAY_AT = 2_000;

/** Places a back at 229 + tick or a lay at 120 − tick: far from the other side, so it rests. */
function widen(op: Op, crossing: boolean): Op {
  if (op.kind !== 'place' || crossing) return op;
  return { ...op, priceTick: op.side === 'back' ? 229 + op.priceTick : 120 - op.priceTick };
}

/** An id of one of five kinds, by position in the flow. */
function wideId(index: number): OrderId {
  switch (index % 5) {
    case 0:
      return index;
    case 1:
      return `order-${index}`;
    case 2:
      return index + 0.5;
    case 3:
      return 2 ** 31 + index;
    default:
      return -index;
  }
}

function runWideFlow(flow: readonly (readonly [Op, boolean])[]): void {
  const fast = new FastOrderBook({ runnerId: 'r', minStakeMinor: MIN_STAKE_MINOR });
  const naive = new NaiveOrderBook({ runnerId: 'r', minStakeMinor: MIN_STAKE_MINOR });
  const ids: OrderId[] = [];
  let mostResting = 0;
  flow.forEach(([rawOp, crossing], index) => {
    const op: Op = index === WIDE_IN_PLAY_AT ? { kind: 'goInPlay' } : widen(rawOp, crossing);
    const freshId = wideId(index);
    const fastEvents: BookEvent[] = [];
    const naiveEvents: BookEvent[] = [];
    const fastCode = apply(fast, op, ids, freshId, fastEvents);
    const naiveCode = apply(naive, op, ids, freshId, naiveEvents);
    same({ code: fastCode, events: fastEvents }, { code: naiveCode, events: naiveEvents });
    const touched = touchedIds(fastEvents);
    same(
      touched.map((id) => fast.getOrder(id) ?? null),
      touched.map((id) => naive.getOrder(id) ?? null),
    );
    if (index % 250 === 0 || index === flow.length - 1) {
      const fastState = snapshot(fast, fastCode, fastEvents, ids);
      same(fastState, snapshot(naive, naiveCode, naiveEvents, ids));
      assertNotCrossed(fast, fastState.resting);
    }
    if (op.kind === 'place' && fastCode === 'ok' && placeId(op, ids, freshId) === freshId) {
      ids.push(freshId);
    }
    mostResting = Math.max(mostResting, fast.restingCount);
  });
  // The flow must have reached the sizes it is here for.
  expect(mostResting).toBeGreaterThan(1_100);
}

describe('order book properties', () => {
  it('fast and naive books agree on codes, events and resting state, and never cross', () => {
    fc.assert(
      fc.property(flowArb, (flow) => {
        runFlow(flow);
      }),
      RUN_OPTIONS,
    );
  });

  it('makes every fill exactly zero-sum: back winnings equal lay liability', () => {
    fc.assert(
      fc.property(flowArb, (flow) => {
        const { events } = runFlow(flow);
        for (const event of events) {
          if (event.type !== 'matched') continue;
          const hundredths = BigInt(tickToPriceHundredths(event.priceTick));
          const exactTimes100 = BigInt(event.stakeMinor) * (hundredths - 100n);
          // liability = floor(stake × (price − 1)), computed independently in BigInt.
          expect(BigInt(event.liabilityMinor)).toBe(exactTimes100 / 100n);
          expect(event.stakeMinor).toBeGreaterThan(0);
        }
      }),
      RUN_OPTIONS,
    );
  });

  it('executes at the maker price and only where the taker price allows', () => {
    fc.assert(
      fc.property(flowArb, (flow) => {
        const { events } = runFlow(flow);
        const takerTicks = new Map<OrderId, number>();
        const makerTicks = new Map<OrderId, number>();
        for (const event of events) {
          if (event.type === 'placed') {
            takerTicks.set(event.orderId, event.priceTick);
            makerTicks.set(event.orderId, event.priceTick);
          }
          if (event.type !== 'matched') continue;
          const takerTick = takerTicks.get(event.takerOrderId) as number;
          expect(event.priceTick).toBe(makerTicks.get(event.makerOrderId));
          if (event.takerSide === 'back') expect(event.priceTick).toBeGreaterThanOrEqual(takerTick);
          else expect(event.priceTick).toBeLessThanOrEqual(takerTick);
        }
      }),
      RUN_OPTIONS,
    );
  });

  it('conserves every order stake across matches, cancels, reductions, lapses and rest', () => {
    fc.assert(
      fc.property(flowArb, (flow) => {
        const { fast, events } = runFlow(flow);
        const stake = new Map<OrderId, number>();
        const accounted = new Map<OrderId, number>();
        const settle = (id: OrderId, amount: number) =>
          accounted.set(id, (accounted.get(id) ?? 0) + amount);
        const checkClosed = (id: OrderId) => {
          if (!stake.has(id)) return;
          const remaining = fast.getOrder(id)?.remainingMinor ?? 0;
          expect((accounted.get(id) ?? 0) + remaining).toBe(stake.get(id));
        };
        for (const event of events) {
          switch (event.type) {
            case 'placed':
              // An id reused after its order left the book: the earlier life must be balanced.
              if (stake.has(event.orderId)) {
                expect(accounted.get(event.orderId)).toBe(stake.get(event.orderId));
              }
              stake.set(event.orderId, event.stakeMinor);
              accounted.set(event.orderId, 0);
              break;
            case 'matched':
              settle(event.makerOrderId, event.stakeMinor);
              settle(event.takerOrderId, event.stakeMinor);
              break;
            case 'cancelled':
              settle(event.orderId, event.cancelledMinor);
              break;
            case 'reduced':
              settle(event.orderId, event.reducedByMinor);
              break;
            case 'lapsed':
              settle(event.orderId, event.lapsedMinor);
              break;
          }
        }
        for (const id of stake.keys()) checkClosed(id);
      }),
      RUN_OPTIONS,
    );
  });

  it('agrees with the naive book over long flows that rest well over a thousand orders', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(wideOpArb, fc.boolean()), { minLength: 2_500, maxLength: 3_000 }),
        (flow) => {
          // About one order in ten is placed where it can cross; the rest stay wide.
          runWideFlow(flow.map(([op, crossing], index) => [op, crossing && index % 5 === 0]));
        },
      ),
      // Shrinking thousands of ops against the naive book takes minutes: report the flow as is.
      { seed: 515_151, numRuns: 6, endOnFailure: true },
    );
  });
});
