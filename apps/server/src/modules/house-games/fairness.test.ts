/**
 * Provable fairness over 10,000 rounds played by the table, on PGlite and PostgreSQL: every
 * revealed hash links to the one before and, at the end of the chain, to the terminating hash
 * published before play; every crash point recomputed from its hash with the verify page's own
 * function (`crash-fairness.ts`, not the server's hashing) is the one the table played; and over
 * them a bet at any target returns what the stated house edge says, within statistical
 * tolerance. The edge of the formula itself is checked on 200,000 more draws.
 */
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  crashPointFromHash,
  followsInChain,
  winProbability,
} from '@backlay/contract/crash-fairness';
import type { Database } from '../../db/database';
import { TEST_BACKENDS, migratedTestDatabase, type Backend } from '../../test-helper';
import { CrashTable } from './crash-table';
import { openHashChain } from './hash-chain';
import { TEST_CRASH } from './house-games-test-kit';
import { insertChain } from './round-log';
import { walletClient } from './wallet-client';

const ROUNDS = 10_000;
const SEED = createHash('sha256').update('backlay fairness test seed').digest('hex');

describe.each(TEST_BACKENDS)('the crash game is provably fair (%s)', (backend: Backend) => {
  let db: Database;
  let terminatingHash: string;
  const settings = { ...TEST_CRASH, chainLength: ROUNDS + 10, houseEdgeBp: 100, salt: 'fair' };

  beforeAll(async () => {
    db = await migratedTestDatabase(backend);
    // A chain of a known seed, as if generated at the table's first start.
    terminatingHash = openHashChain(SEED, settings.chainLength).terminatingHash;
    await insertChain(db, {
      gameCode: 'sbe_aviator',
      seed: SEED,
      terminatingHash,
      salt: settings.salt,
      houseEdgeBp: settings.houseEdgeBp,
      length: settings.chainLength,
    });
    let nowMs = Date.now();
    const table = new CrashTable({
      db,
      // No bets are made: the wallet is never called.
      wallet: walletClient({
        walletOrigin: 'http://nowhere.invalid',
        fetch: () => Promise.reject(new Error('no wallet here')),
        secretOf: () => undefined,
      }),
      gameCode: 'sbe_aviator',
      settings,
      log: { info: () => undefined, error: () => undefined },
      now: () => nowMs,
    });
    await table.open();
    expect(table.fairness()?.terminatingHash).toBe(terminatingHash);
    for (let i = 0; i < ROUNDS; i += 1) {
      await table.openBetting();
      nowMs += settings.bettingMs;
      await table.start();
      nowMs += table.currentRound()?.crashMs ?? 0;
      expect(table.tick()).toBe(true);
      await table.settle();
      nowMs += settings.pauseMs;
    }
  }, 600_000);

  it('reveals hashes that link back to the published terminating hash', async () => {
    const rounds = await db.query<{ number: number; hash: string; status: string }>(
      'SELECT number, hash, status FROM house_game_rounds ORDER BY number',
    );
    expect(rounds).toHaveLength(ROUNDS);
    expect(rounds.every((r) => r.status === 'SETTLED')).toBe(true);
    let previous = terminatingHash;
    for (const round of rounds) {
      expect(followsInChain(round.hash, previous)).toBe(true);
      previous = round.hash;
    }
  });

  it('plays the crash point the verify page recomputes from each hash, and the stated edge', async () => {
    const rounds = await db.query<{ hash: string; crash_point_centi: number }>(
      'SELECT hash, crash_point_centi FROM house_game_rounds ORDER BY number',
    );
    const params = { houseEdgeBp: settings.houseEdgeBp, salt: settings.salt };
    const mismatches = rounds.filter(
      (r) => crashPointFromHash(r.hash, params) !== r.crash_point_centi,
    );
    expect(mismatches).toEqual([]);

    // What a bet at a target returns, on average, over the rounds: 1 − edge for any target,
    // within four standard errors (a false alarm once in about 16,000 runs; the seed is fixed).
    const points = rounds.map((r) => r.crash_point_centi);
    for (const target of [101, 150, 200, 500, 1_000]) {
      const p = winProbability(target, settings.houseEdgeBp);
      const wins = points.filter((c) => c >= target).length;
      const returned = (wins * target) / 100 / ROUNDS;
      const standardError = (Math.sqrt((p * (1 - p)) / ROUNDS) * target) / 100;
      expect(Math.abs(returned - 0.99), `target ${target}`).toBeLessThan(4 * standardError);
    }
    // Instant crashes (1.00×) happen as often as the edge says: 1 − 0.99 / 1.01 of rounds.
    const instant = points.filter((c) => c === 100).length / ROUNDS;
    const p100 = 1 - 0.99 / 1.01;
    expect(Math.abs(instant - p100)).toBeLessThan(4 * Math.sqrt((p100 * (1 - p100)) / ROUNDS));
  });
});

describe('the crash point formula', () => {
  it('gives back exactly 1 − edge at every target, over 200,000 draws', () => {
    // r uniform over 2^52 values, drawn evenly by a stride through them; the formula's integer
    // maths is the shared function's.
    const draws = 200_000;
    const counts = new Map<number, number>();
    const targets = [101, 200, 1_000];
    let hash = createHash('sha256').update('draws').digest('hex');
    for (let i = 0; i < draws; i += 1) {
      hash = createHash('sha256').update(hash).digest('hex');
      const centi = crashPointFromHash(hash, { houseEdgeBp: 300, salt: '' });
      for (const target of targets)
        if (centi >= target) counts.set(target, (counts.get(target) ?? 0) + 1);
    }
    for (const target of targets) {
      const returned = ((counts.get(target) ?? 0) * target) / 100 / draws;
      const p = winProbability(target, 300);
      const standardError = (Math.sqrt((p * (1 - p)) / draws) * target) / 100;
      expect(Math.abs(returned - 0.97), `target ${target}`).toBeLessThan(4 * standardError);
    }
  }, 120_000);
});
