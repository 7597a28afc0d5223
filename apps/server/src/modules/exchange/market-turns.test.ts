import { describe, expect, it } from 'vitest';
import { createMarketTurns } from './market-turns';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('turns per market', () => {
  it('runs work on one market one at a time in arrival order, other markets alongside', async () => {
    const inTurn = createMarketTurns();
    const log: string[] = [];
    const job = (market: string, name: string, fail = false) =>
      inTurn(market, async () => {
        log.push(`start ${name}`);
        await tick();
        log.push(`end ${name}`);
        if (fail) throw new Error(name);
        return name;
      });
    const results = await Promise.allSettled([
      job('m1', 'a'),
      job('m1', 'b', true),
      job('m2', 'x'),
      job('m1', 'c'),
    ]);
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    const m1 = log.filter((entry) => /[abc]$/.test(entry));
    expect(m1).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
    // m2's work did not wait for m1's queue.
    expect(log.indexOf('start x')).toBeLessThan(log.indexOf('end a'));
  });

  it('tells whether a market has work running or waiting', async () => {
    const inTurn = createMarketTurns();
    expect(inTurn.busy('m1')).toBe(false);
    const first = inTurn('m1', tick);
    const second = inTurn('m1', tick);
    expect([inTurn.busy('m1'), inTurn.busy('m2')]).toEqual([true, false]);
    await first;
    expect(inTurn.busy('m1')).toBe(true);
    await second;
    expect(inTurn.busy('m1')).toBe(false);
  });
});
