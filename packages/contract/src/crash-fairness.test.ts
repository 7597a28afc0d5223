import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  crashPointFromHash,
  elapsedMsToReach,
  followsInChain,
  formatMultiplier,
  MAX_CRASH_CENTI,
  multiplierCentiAt,
  nextChainHash,
} from './crash-fairness';

/** The formula as the file's header states it, with Node's own crypto, for comparison. */
function reference(hash: string, houseEdgeBp: number, salt: string): number {
  const mac = createHmac('sha256', salt).update(Buffer.from(hash, 'hex')).digest('hex');
  const r = BigInt(`0x${mac.slice(0, 13)}`);
  const two52 = 2n ** 52n;
  const centi = (BigInt(10_000 - houseEdgeBp) * two52) / (100n * (two52 - r));
  return Math.min(MAX_CRASH_CENTI, Math.max(100, Number(centi)));
}

describe('crash fairness', () => {
  it('links a chain with SHA-256 of the raw bytes, played backwards', () => {
    const seed = createHash('sha256').update('a seed').digest('hex');
    const next = nextChainHash(seed);
    expect(next).toBe(createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex'));
    expect(followsInChain(seed, next)).toBe(true);
    expect(followsInChain(next, seed)).toBe(false);
    expect(() => nextChainHash('XYZ')).toThrow(RangeError);
  });

  it('computes the crash point the stated way, for several edges and salts', () => {
    let hash = createHash('sha256').update('chain').digest('hex');
    for (let i = 0; i < 500; i += 1) {
      hash = nextChainHash(hash);
      for (const [edge, salt] of [
        [100, 'backlay'],
        [300, ''],
        [0, 'x'],
      ] as const) {
        expect(crashPointFromHash(hash, { houseEdgeBp: edge, salt })).toBe(
          reference(hash, edge, salt),
        );
      }
    }
    expect(() => crashPointFromHash(hash, { houseEdgeBp: 1.5, salt: '' })).toThrow(RangeError);
    expect(() => crashPointFromHash(hash, { houseEdgeBp: 5_000, salt: '' })).toThrow(RangeError);
  });

  it('grows the multiplier on the clock and finds the first millisecond of a target', () => {
    expect(multiplierCentiAt(0)).toBe(100);
    expect(multiplierCentiAt(-5)).toBe(100);
    expect(multiplierCentiAt(11_552)).toBe(199);
    expect(multiplierCentiAt(11_553)).toBe(200);
    for (const target of [101, 150, 200, 1_000, 12_345, 1_000_000]) {
      const ms = elapsedMsToReach(target);
      expect(multiplierCentiAt(ms)).toBeGreaterThanOrEqual(target);
      expect(multiplierCentiAt(ms - 1)).toBeLessThan(target);
    }
    expect(elapsedMsToReach(100)).toBe(0);
    expect(formatMultiplier(250)).toBe('2.50');
  });
});
