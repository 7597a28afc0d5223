import { describe, expect, it } from 'vitest';
import { Market } from './market';
import { NaiveOrderBook } from './naive-order-book';
import type { BookEvent, OrderRequest } from './order';

function request(
  id: string,
  side: 'back' | 'lay',
  priceTick: number,
  extra: Partial<OrderRequest> = {},
): OrderRequest {
  return { id, ownerId: 'p1', side, priceTick, stakeMinor: 500, persistence: 'keep', ...extra };
}

function newMarket(): Market {
  return new Market({ runnerIds: ['home', 'draw', 'away'], minStakeMinor: 100 });
}

describe('market', () => {
  it('starts open and not in play', () => {
    const market = newMarket();
    expect(market.status).toBe('open');
    expect(market.inPlay).toBe(false);
    expect(market.runnerIds).toEqual(['home', 'draw', 'away']);
  });

  it('routes orders to the runner book and tags events with the runner', () => {
    const market = newMarket();
    const events: BookEvent[] = [];
    expect(market.place('draw', request('a', 'back', 100), events)).toBe('ok');
    expect(events).toMatchObject([{ type: 'placed', runnerId: 'draw', orderId: 'a' }]);
    expect(market.book('draw')?.restingCount).toBe(1);
    expect(market.book('home')?.restingCount).toBe(0);
  });

  it('rejects orders for an unknown runner', () => {
    const market = newMarket();
    const events: BookEvent[] = [];
    expect(market.place('nobody', request('a', 'back', 100), events)).toBe('unknown_runner');
    expect(market.cancel('nobody', 'a', events)).toBe('unknown_runner');
    expect(market.reduce('nobody', 'a', 10, events)).toBe('unknown_runner');
    expect(market.book('nobody')).toBeUndefined();
    expect(events).toEqual([]);
  });

  it('passes book-level rejections through', () => {
    const market = newMarket();
    expect(market.place('home', request('a', 'back', 100, { stakeMinor: 99 }), [])).toBe(
      'stake_below_minimum',
    );
    expect(market.place('home', request('a', 'back', 400), [])).toBe('invalid_price');
  });

  it('rejects placements while suspended but still allows cancel and reduce', () => {
    const market = newMarket();
    market.place('home', request('a', 'back', 100), []);
    market.place('home', request('b', 'back', 101), []);
    expect(market.suspend()).toBe('ok');
    expect(market.suspend()).toBe('already_suspended');
    expect(market.status).toBe('suspended');
    const events: BookEvent[] = [];
    expect(market.place('home', request('c', 'lay', 100), events)).toBe('market_suspended');
    expect(events).toEqual([]);
    expect(market.reduce('home', 'a', 100, events)).toBe('ok');
    expect(market.cancel('home', 'b', events)).toBe('ok');
    expect(events.map((event) => event.type)).toEqual(['reduced', 'cancelled']);
    expect(market.resume()).toBe('ok');
    expect(market.resume()).toBe('not_suspended');
    expect(market.place('home', request('c', 'lay', 100), [])).toBe('ok');
  });

  it('lapses every unmatched order on close and then rejects everything', () => {
    const market = newMarket();
    market.place('home', request('a', 'back', 100), []);
    market.place('away', request('b', 'lay', 90, { persistence: 'lapse' }), []);
    const events: BookEvent[] = [];
    expect(market.close(events)).toBe('ok');
    expect(events).toMatchObject([
      { type: 'lapsed', runnerId: 'home', orderId: 'a', lapsedMinor: 500 },
      { type: 'lapsed', runnerId: 'away', orderId: 'b', lapsedMinor: 500 },
    ]);
    expect(market.status).toBe('closed');
    expect(market.place('home', request('c', 'back', 100), [])).toBe('market_closed');
    expect(market.cancel('home', 'a', [])).toBe('market_closed');
    expect(market.reduce('home', 'a', 1, [])).toBe('market_closed');
    expect(market.suspend()).toBe('market_closed');
    expect(market.resume()).toBe('market_closed');
    expect(market.goInPlay([])).toBe('market_closed');
    expect(market.close([])).toBe('market_closed');
  });

  it('goes in play once, lapsing lapse orders on every runner', () => {
    const market = newMarket();
    market.place('home', request('h-lapse', 'back', 100, { persistence: 'lapse' }), []);
    market.place('home', request('h-keep', 'back', 100), []);
    market.place('away', request('a-lapse', 'lay', 50, { persistence: 'lapse' }), []);
    market.suspend();
    const events: BookEvent[] = [];
    expect(market.goInPlay(events)).toBe('ok');
    expect(market.inPlay).toBe(true);
    expect(events).toMatchObject([
      { type: 'lapsed', runnerId: 'home', orderId: 'h-lapse' },
      { type: 'lapsed', runnerId: 'away', orderId: 'a-lapse' },
    ]);
    expect(market.goInPlay([])).toBe('already_in_play');
    expect(
      market
        .book('home')
        ?.restingOrders()
        .map((view) => view.id),
    ).toEqual(['h-keep']);
  });

  it('can run on the naive reference book', () => {
    const market = new Market({
      runnerIds: [1, 2],
      minStakeMinor: 1,
      createBook: (options) => new NaiveOrderBook(options),
    });
    const events: BookEvent[] = [];
    market.place(1, request('a', 'back', 10), events);
    market.place(1, request('b', 'lay', 10), events);
    expect(events.filter((event) => event.type === 'matched')).toHaveLength(1);
    expect(market.book(1)).toBeInstanceOf(NaiveOrderBook);
  });

  it('refuses to build a market without runners or with duplicate runners', () => {
    expect(() => new Market({ runnerIds: [], minStakeMinor: 1 })).toThrow(RangeError);
    expect(() => new Market({ runnerIds: ['a', 'a'], minStakeMinor: 1 })).toThrow(RangeError);
  });
});
