import { describe, expect, it } from 'vitest';
import { tickToPrice } from './ladder';
import { NaiveOrderBook } from './naive-order-book';
import {
  isBookCrossed,
  ticksCross,
  type BookEvent,
  type MatchedEvent,
  type OrderBook,
  type OrderBookOptions,
  type OrderRequest,
} from './order';
import { FastOrderBook } from './order-book';
import { tick } from './test-fills';

const MIN_STAKE_MINOR = 200;

function back(id: string, price: number, stakeMinor: number, extra: Partial<OrderRequest> = {}) {
  return order(id, 'back', price, stakeMinor, extra);
}

function lay(id: string, price: number, stakeMinor: number, extra: Partial<OrderRequest> = {}) {
  return order(id, 'lay', price, stakeMinor, extra);
}

function order(
  id: string,
  side: 'back' | 'lay',
  price: number,
  stakeMinor: number,
  extra: Partial<OrderRequest>,
): OrderRequest {
  return {
    id,
    ownerId: `owner-${id}`,
    side,
    priceTick: tick(price),
    stakeMinor,
    persistence: 'keep',
    ...extra,
  };
}

function fills(events: readonly BookEvent[]): MatchedEvent[] {
  return events.filter((event): event is MatchedEvent => event.type === 'matched');
}

/** Compact fill summary: [maker id, taker id, price, stake]. */
function fillSummary(events: readonly BookEvent[]): [unknown, unknown, number, number][] {
  return fills(events).map((fill) => [
    fill.makerOrderId,
    fill.takerOrderId,
    tickToPrice(fill.priceTick),
    fill.stakeMinor,
  ]);
}

const IMPLEMENTATIONS: readonly [string, (options: OrderBookOptions) => OrderBook][] = [
  ['fast', (options) => new FastOrderBook(options)],
  ['naive', (options) => new NaiveOrderBook(options)],
];

describe.each(IMPLEMENTATIONS)('%s order book', (_name, create) => {
  function newBook(): OrderBook {
    return create({ runnerId: 'runner-1', minStakeMinor: MIN_STAKE_MINOR });
  }

  describe('validation', () => {
    it.each([
      ['below the minimum', 199, 'stake_below_minimum'],
      ['zero', 0, 'invalid_stake'],
      ['negative', -500, 'invalid_stake'],
      ['fractional minor units', 250.5, 'invalid_stake'],
      ['not a number', Number.NaN, 'invalid_stake'],
      ['unsafe integer', 2 ** 53, 'invalid_stake'],
      ['above the maximum', 1_000_000_000_001, 'stake_above_maximum'],
    ])('rejects a stake %s', (_label, stakeMinor, code) => {
      const book = newBook();
      const events: BookEvent[] = [];
      expect(book.place(back('a', 2, stakeMinor), events)).toBe(code);
      expect(events).toEqual([]);
      expect(book.restingCount).toBe(0);
    });

    it('accepts a stake exactly at the minimum', () => {
      const book = newBook();
      expect(book.place(back('a', 2, MIN_STAKE_MINOR), [])).toBe('ok');
      expect(book.restingCount).toBe(1);
    });

    it.each([-1, 350, 1.5, Number.NaN])('rejects off-ladder tick %s', (priceTick) => {
      const book = newBook();
      const events: BookEvent[] = [];
      expect(book.place({ ...back('a', 2, 500), priceTick }, events)).toBe('invalid_price');
      expect(events).toEqual([]);
    });

    it('rejects bad sides, persistence and ids', () => {
      const book = newBook();
      const bad = (patch: Record<string, unknown>) =>
        book.place({ ...back('a', 2, 500), ...patch } as OrderRequest, []);
      expect(bad({ side: 'buy' })).toBe('invalid_side');
      expect(bad({ persistence: 'forever' })).toBe('invalid_persistence');
      expect(bad({ id: undefined })).toBe('invalid_order_id');
      expect(bad({ id: Number.POSITIVE_INFINITY })).toBe('invalid_order_id');
      expect(bad({ ownerId: null })).toBe('invalid_owner_id');
      expect(book.restingCount).toBe(0);
    });

    it('rejects an id that is already resting but allows it once the order is gone', () => {
      const book = newBook();
      expect(book.place(back('a', 2, 500), [])).toBe('ok');
      const events: BookEvent[] = [];
      expect(book.place(lay('a', 1.5, 500), events)).toBe('duplicate_order_id');
      expect(events).toEqual([]);
      expect(book.cancel('a', [])).toBe('ok');
      expect(book.place(lay('a', 1.5, 500), [])).toBe('ok');
    });

    it('refuses an invalid minimum stake setting', () => {
      expect(() => create({ runnerId: 'r', minStakeMinor: 0 })).toThrow(RangeError);
      expect(() => create({ runnerId: 'r', minStakeMinor: 1.5 })).toThrow(RangeError);
    });
  });

  describe('matching', () => {
    it('rests a back order with no lays and reports it as the best back', () => {
      const book = newBook();
      const events: BookEvent[] = [];
      expect(book.place(back('a', 2.5, 1_000), events)).toBe('ok');
      expect(events).toEqual([
        {
          type: 'placed',
          runnerId: 'runner-1',
          orderId: 'a',
          ownerId: 'owner-a',
          side: 'back',
          priceTick: tick(2.5),
          stakeMinor: 1_000,
          persistence: 'keep',
          sequence: 1,
        },
      ]);
      expect(book.bestTick('back')).toBe(tick(2.5));
      expect(book.bestTick('lay')).toBeUndefined();
      expect(book.depthAt('back', tick(2.5))).toBe(1_000);
    });

    it('does not match a back above the best lay and leaves an uncrossed book', () => {
      const book = newBook();
      book.place(lay('l', 2.8, 1_000), []);
      const events: BookEvent[] = [];
      book.place(back('b', 3, 1_000), events);
      expect(fills(events)).toEqual([]);
      expect(book.bestTick('back')).toBe(tick(3));
      expect(book.bestTick('lay')).toBe(tick(2.8));
      expect(book.restingCount).toBe(2);
    });

    it('matches a back taker against the highest lay first, at the resting price', () => {
      const book = newBook();
      book.place(lay('l1', 3, 500), []);
      book.place(lay('l2', 3.5, 500), []);
      book.place(lay('l3', 2, 500), []);
      const events: BookEvent[] = [];
      expect(book.place(back('b', 2.5, 800), events)).toBe('ok');
      expect(fillSummary(events)).toEqual([
        ['l2', 'b', 3.5, 500],
        ['l1', 'b', 3, 300],
      ]);
      const [first] = fills(events);
      expect(first).toMatchObject({
        makerOwnerId: 'owner-l2',
        takerOwnerId: 'owner-b',
        takerSide: 'back',
        liabilityMinor: 1_250,
        makerRemainingMinor: 0,
        takerRemainingMinor: 300,
      });
      expect(book.getOrder('l1')).toMatchObject({ remainingMinor: 200, matchedMinor: 300 });
      expect(book.getOrder('l2')).toBeUndefined();
      expect(book.getOrder('b')).toBeUndefined();
      expect(book.bestTick('lay')).toBe(tick(3));
    });

    it('matches a lay taker against the lowest back first, at the resting price', () => {
      const book = newBook();
      book.place(back('b1', 4, 500), []);
      book.place(back('b2', 3.05, 500), []);
      book.place(back('b3', 5, 500), []);
      const events: BookEvent[] = [];
      book.place(lay('l', 4.1, 2_000), events);
      expect(fillSummary(events)).toEqual([
        ['b2', 'l', 3.05, 500],
        ['b1', 'l', 4, 500],
      ]);
      expect(fills(events).map((fill) => fill.liabilityMinor)).toEqual([1_025, 1_500]);
      expect(book.getOrder('l')).toMatchObject({
        side: 'lay',
        priceTick: tick(4.1),
        stakeMinor: 2_000,
        matchedMinor: 1_000,
        remainingMinor: 1_000,
      });
      expect(book.bestTick('back')).toBe(tick(5));
      expect(book.bestTick('lay')).toBe(tick(4.1));
    });

    it('fills orders at one price in time order', () => {
      const book = newBook();
      book.place(lay('first', 3, 400), []);
      book.place(lay('second', 3, 400), []);
      book.place(lay('third', 3, 400), []);
      const events: BookEvent[] = [];
      book.place(back('b', 3, 600), events);
      expect(fillSummary(events)).toEqual([
        ['first', 'b', 3, 400],
        ['second', 'b', 3, 200],
      ]);
      expect(book.restingOrders().map((view) => [view.id, view.remainingMinor])).toEqual([
        ['second', 200],
        ['third', 400],
      ]);
    });

    it('gives a better price priority over an earlier order', () => {
      const book = newBook();
      book.place(back('early', 2.5, 300), []);
      book.place(back('better', 2, 300), []);
      const events: BookEvent[] = [];
      book.place(lay('l', 3, 300), events);
      expect(fillSummary(events)).toEqual([['better', 'l', 2, 300]]);
    });

    it('partially fills a large maker and keeps its queue position', () => {
      const book = newBook();
      book.place(back('big', 2, 1_000), []);
      book.place(back('next', 2, 1_000), []);
      book.place(lay('l1', 2, 300), []);
      const events: BookEvent[] = [];
      book.place(lay('l2', 2, 300), events);
      expect(fillSummary(events)).toEqual([['big', 'l2', 2, 300]]);
      expect(book.getOrder('big')).toMatchObject({ remainingMinor: 400, matchedMinor: 600 });
      expect(book.depthAt('back', tick(2))).toBe(1_400);
    });

    it('assigns increasing sequences and lists resting orders in priority order', () => {
      const book = newBook();
      book.place(back('b-high', 3, 500), []);
      book.place(back('b-low', 2.5, 500), []);
      book.place(lay('l-low', 1.5, 500), []);
      book.place(lay('l-high', 2, 500), []);
      book.place(back('b-low-2', 2.5, 500), []);
      expect(book.restingOrders().map((view) => [view.id, view.sequence])).toEqual([
        ['b-low', 2],
        ['b-low-2', 5],
        ['b-high', 1],
        ['l-high', 4],
        ['l-low', 3],
      ]);
    });
  });

  describe('cancel and reduce', () => {
    it('cancels only the unmatched remainder', () => {
      const book = newBook();
      book.place(back('b', 2, 1_000), []);
      book.place(lay('l', 2, 400), []);
      const events: BookEvent[] = [];
      expect(book.cancel('b', events)).toBe('ok');
      expect(events).toEqual([
        {
          type: 'cancelled',
          runnerId: 'runner-1',
          orderId: 'b',
          ownerId: 'owner-b',
          cancelledMinor: 600,
        },
      ]);
      expect(book.restingCount).toBe(0);
      expect(book.bestTick('back')).toBeUndefined();
      expect(book.depthAt('back', tick(2))).toBe(0);
    });

    it('reports unknown orders, including fully matched ones', () => {
      const book = newBook();
      book.place(back('b', 2, 500), []);
      book.place(lay('l', 2, 500), []);
      const events: BookEvent[] = [];
      expect(book.cancel('b', events)).toBe('unknown_order');
      expect(book.cancel('nope', events)).toBe('unknown_order');
      expect(book.reduce('nope', 10, events)).toBe('unknown_order');
      expect(events).toEqual([]);
    });

    it('moves the best price when the best level is cancelled', () => {
      const book = newBook();
      book.place(lay('l1', 2, 500), []);
      book.place(lay('l2', 1.5, 500), []);
      book.cancel('l1', []);
      expect(book.bestTick('lay')).toBe(tick(1.5));
      book.cancel('l2', []);
      expect(book.bestTick('lay')).toBeUndefined();
    });

    it('reduces a remainder without losing time priority', () => {
      const book = newBook();
      book.place(lay('first', 3, 1_000), []);
      book.place(lay('second', 3, 1_000), []);
      const events: BookEvent[] = [];
      expect(book.reduce('first', 700, events)).toBe('ok');
      expect(events).toEqual([
        {
          type: 'reduced',
          runnerId: 'runner-1',
          orderId: 'first',
          ownerId: 'owner-first',
          reducedByMinor: 700,
          remainingMinor: 300,
        },
      ]);
      expect(book.depthAt('lay', tick(3))).toBe(1_300);
      const matchEvents: BookEvent[] = [];
      book.place(back('b', 3, 500), matchEvents);
      expect(fillSummary(matchEvents)).toEqual([
        ['first', 'b', 3, 300],
        ['second', 'b', 3, 200],
      ]);
    });

    it.each([
      [0, 'invalid_reduction'],
      [-5, 'invalid_reduction'],
      [2.5, 'invalid_reduction'],
      [1_000, 'reduction_not_below_remaining'],
      [1_500, 'reduction_not_below_remaining'],
    ] as const)('rejects a reduction of %s as %s', (amount, code) => {
      const book = newBook();
      book.place(lay('l', 3, 1_000), []);
      const events: BookEvent[] = [];
      expect(book.reduce('l', amount, events)).toBe(code);
      expect(events).toEqual([]);
      expect(book.getOrder('l')).toMatchObject({ remainingMinor: 1_000 });
    });
  });

  describe('in play', () => {
    it("lapses 'lapse' orders in sequence order and keeps the others matchable", () => {
      const book = newBook();
      book.place(back('b-lapse', 3, 500, { persistence: 'lapse' }), []);
      book.place(back('b-keep', 3, 500), []);
      book.place(lay('l-lapse', 2, 500, { persistence: 'lapse' }), []);
      book.place(lay('l-keep', 2, 500), []);
      book.place(back('b-lapse-2', 3.5, 500, { persistence: 'lapse' }), []);
      book.place(lay('partial', 3, 200), []);
      const events: BookEvent[] = [];
      book.goInPlay(events);
      expect(events).toEqual([
        {
          type: 'lapsed',
          runnerId: 'runner-1',
          orderId: 'b-lapse',
          ownerId: 'owner-b-lapse',
          lapsedMinor: 300,
        },
        {
          type: 'lapsed',
          runnerId: 'runner-1',
          orderId: 'l-lapse',
          ownerId: 'owner-l-lapse',
          lapsedMinor: 500,
        },
        {
          type: 'lapsed',
          runnerId: 'runner-1',
          orderId: 'b-lapse-2',
          ownerId: 'owner-b-lapse-2',
          lapsedMinor: 500,
        },
      ]);
      expect(book.restingOrders().map((view) => view.id)).toEqual(['b-keep', 'l-keep']);
      expect(book.bestTick('back')).toBe(tick(3));
      expect(book.bestTick('lay')).toBe(tick(2));
      const matchEvents: BookEvent[] = [];
      book.place(lay('taker', 3, 500), matchEvents);
      expect(fillSummary(matchEvents)).toEqual([['b-keep', 'taker', 3, 500]]);
    });

    it('lapses everything on lapseAll', () => {
      const book = newBook();
      book.place(back('b', 3, 500), []);
      book.place(lay('l', 2, 500, { persistence: 'lapse' }), []);
      const events: BookEvent[] = [];
      book.lapseAll(events);
      expect(events.map((event) => event.type === 'lapsed' && event.orderId)).toEqual(['b', 'l']);
      expect(book.restingCount).toBe(0);
      expect(book.bestTick('back')).toBeUndefined();
      expect(book.bestTick('lay')).toBeUndefined();
    });
  });

  it('reports zero depth for ticks off the ladder', () => {
    expect(newBook().depthAt('back', 999)).toBe(0);
  });
});

describe('crossed book definition', () => {
  const stub = (lowestBack: number | undefined, highestLay: number | undefined) => ({
    bestTick: (side: 'back' | 'lay') => (side === 'back' ? lowestBack : highestLay),
  });

  it('is crossed exactly when the lowest back tick is at or below the highest lay tick', () => {
    expect(isBookCrossed(stub(10, 10))).toBe(true);
    expect(isBookCrossed(stub(9, 10))).toBe(true);
    expect(isBookCrossed(stub(11, 10))).toBe(false);
    expect(isBookCrossed(stub(undefined, 10))).toBe(false);
    expect(isBookCrossed(stub(10, undefined))).toBe(false);
    expect(ticksCross(5, 5)).toBe(true);
    expect(ticksCross(6, 5)).toBe(false);
  });
});
