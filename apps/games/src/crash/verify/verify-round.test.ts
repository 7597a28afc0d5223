import { describe, expect, it } from 'vitest';
import { crashPointFromHash, nextChainHash } from '@backlay/contract/crash-fairness';
import { edgeBasisPoints, verifyRound } from './verify-round';

const SEED = '5c'.repeat(32);
const ROUND = nextChainHash(SEED);
const BEFORE = nextChainHash(ROUND);

describe('verifying a round in the browser', () => {
  it('gives the crash point the shared function gives, with its HMAC and 52 bits', () => {
    for (const [hash, salt, edge, bp] of [
      [ROUND, 'backlay', '1', 100],
      [SEED, 'another salt', '3', 300],
      [BEFORE, '', '0', 0],
    ] as const) {
      const outcome = verifyRound({ hash, salt, edgePercent: edge, previous: '' });
      expect(outcome).toMatchObject({
        ok: true,
        crashPointCenti: crashPointFromHash(hash, { houseEdgeBp: bp, salt }),
        houseEdgeBp: bp,
        linked: null,
      });
      if (!outcome.ok) throw new Error('not verified');
      expect(outcome.hmacHex).toMatch(/^[0-9a-f]{64}$/);
      expect(outcome.r).toBe(String(parseInt(outcome.hmacHex.slice(0, 13), 16)));
    }
  });

  it('checks the link to the round before (SHA-256 of a round’s hash is the one before it)', () => {
    const input = { hash: ROUND, salt: 's', edgePercent: '1' };
    expect(verifyRound({ ...input, previous: BEFORE })).toMatchObject({ ok: true, linked: true });
    expect(verifyRound({ ...input, previous: SEED })).toMatchObject({ ok: true, linked: false });
    // A hash pasted in capitals or with spaces around is the same hash.
    expect(
      verifyRound({ ...input, hash: ` ${ROUND.toUpperCase()} `, previous: BEFORE }),
    ).toMatchObject({ ok: true, linked: true });
  });

  it('says which field is wrong instead of computing', () => {
    const good = { hash: ROUND, salt: 's', edgePercent: '1', previous: '' };
    expect(verifyRound({ ...good, hash: 'abc' })).toEqual({ ok: false, field: 'hash' });
    expect(verifyRound({ ...good, previous: 'xyz' })).toEqual({ ok: false, field: 'previous' });
    expect(verifyRound({ ...good, edgePercent: '11' })).toEqual({ ok: false, field: 'edge' });
    expect(verifyRound({ ...good, edgePercent: 'one' })).toEqual({ ok: false, field: 'edge' });
  });

  it('reads a house edge typed in percent as basis points', () => {
    expect(edgeBasisPoints('1')).toBe(100);
    expect(edgeBasisPoints('2.5')).toBe(250);
    expect(edgeBasisPoints('0.25 %')).toBe(25);
    expect(edgeBasisPoints('10')).toBe(1_000);
    expect(edgeBasisPoints('10.01')).toBeNull();
    expect(edgeBasisPoints('-1')).toBeNull();
  });
});
