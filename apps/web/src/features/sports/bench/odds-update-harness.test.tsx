import { afterEach, describe, expect, it } from 'vitest';
import { mountOddsBench, oddsUpdate, type OddsBench } from './odds-update-harness';

const OPTIONS = { markets: 3, runners: 3 };
let bench: OddsBench | null = null;

afterEach(() => {
  bench?.unmount();
  bench = null;
});

describe('the odds-update benchmark harness', () => {
  it('renders three prices a side for every runner of every market', () => {
    const container = document.createElement('div');
    bench = mountOddsBench(container, OPTIONS);
    expect(container.querySelectorAll('[data-market-id]')).toHaveLength(3);
    expect(container.querySelectorAll('button.price')).toHaveLength(3 * 3 * 6);
  });

  it('commits each pushed update before push returns', () => {
    const container = document.createElement('div');
    bench = mountOddsBench(container, OPTIONS);
    for (let n = 3; n < 12; n++) {
      bench.push(n);
      expect(bench.showsBestBack(n, 0)).toBe(true);
      expect(bench.showsBestBack(n, 2)).toBe(true);
    }
  });

  it('does not show an update before it is pushed', () => {
    const container = document.createElement('div');
    bench = mountOddsBench(container, OPTIONS);
    expect(bench.showsBestBack(4, 0)).toBe(false);
    bench.push(4);
    expect(bench.showsBestBack(4, 0)).toBe(true);
  });

  it('moves one market per update, every runner in it', () => {
    const update = oddsUpdate(4, OPTIONS);
    expect(update.MarketId).toBe('1.101');
    expect(update.Runners).toHaveLength(3);
    expect(update.Runners[0]?.Back).toHaveLength(3);
  });
});
