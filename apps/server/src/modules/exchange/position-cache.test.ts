import { describe, expect, it } from 'vitest';
import { createPositionCache, type HeldPosition } from './position-cache';

const position = (heldMinor: number): HeldPosition => ({
  matched: [{ runnerId: 1, side: 'back', priceTick: 100, stakeMinor: heldMinor }],
  unmatched: [],
  heldMinor,
});

describe('the position cache', () => {
  it('gives positions back only when the market moved by exactly the taking transaction', () => {
    const cache = createPositionCache();
    cache.store('1.1', '7', null, new Map([['a', position(100)]]), []);
    expect(cache.known('1.1')?.version).toBe('7');
    expect(['a', 'b'].map((owner) => cache.known('1.1')?.knows(owner))).toEqual([true, false]);
    expect(cache.take('1.1', '8', ['a', 'b'])).toEqual(new Map([['a', position(100)]]));
    // Someone else bumped it in between: the entry goes.
    expect(cache.take('1.1', '9', ['a'])).toBeUndefined();
    expect(cache.known('1.1')).toBeUndefined();
  });

  it('keeps the other owners of the version it was based on, and forgets the changed ones', () => {
    const cache = createPositionCache();
    cache.store(
      '1.1',
      '7',
      null,
      new Map([
        ['a', position(1)],
        ['b', position(2)],
      ]),
      [],
    );
    cache.store('1.1', '8', '7', new Map([['c', position(3)]]), ['b']);
    expect(cache.take('1.1', '9', ['a', 'b', 'c'])).toEqual(
      new Map([
        ['a', position(1)],
        ['c', position(3)],
      ]),
    );
    // Based on another version: nothing of the old entry survives.
    cache.store('1.1', '12', '10', new Map([['d', position(4)]]), []);
    expect(['a', 'c', 'd'].map((owner) => cache.known('1.1')?.knows(owner))).toEqual([
      false,
      false,
      true,
    ]);
  });

  it('hands out copies, so what a batch adds before it commits never leaks into the cache', () => {
    const cache = createPositionCache();
    const stored = position(100);
    cache.store('1.1', '1', null, new Map([['a', stored]]), []);
    stored.matched.push({ runnerId: 2, side: 'lay', priceTick: 50, stakeMinor: 5 });
    const taken = cache.take('1.1', '2', ['a'])?.get('a');
    taken?.unmatched.push({ runnerId: 1, side: 'back', priceTick: 10, stakeMinor: 1 });
    if (taken) taken.heldMinor = 999;
    expect(cache.take('1.1', '2', ['a'])?.get('a')).toEqual(position(100));
  });

  it('drops a market on request, and the least recently stored market past its size', () => {
    const cache = createPositionCache(2);
    cache.store('1.1', '1', null, new Map([['a', position(1)]]), []);
    cache.store('1.2', '1', null, new Map([['a', position(1)]]), []);
    cache.store('1.1', '2', '1', new Map(), []);
    cache.store('1.3', '1', null, new Map([['a', position(1)]]), []);
    expect(cache.known('1.2')).toBeUndefined();
    expect(cache.known('1.1')?.knows('a')).toBe(true);
    cache.drop('1.1');
    expect(cache.known('1.1')).toBeUndefined();
    expect(cache.known('1.3')?.version).toBe('1');
  });
});
