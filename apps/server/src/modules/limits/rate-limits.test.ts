/**
 * A limit of several windows under a burst: exactly as many callers pass as the tightest window
 * allows, a refused use spends none of the windows, and the refusal waits for every full window.
 * In memory (PGlite), on PostgreSQL and, with `REDIS_URL`, on Redis.
 */
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/database';
import { migratedTestDatabase, TEST_BACKENDS } from '../../test-helper';
import { loadLimitSettings, type LimitSettings } from './limit-rules';
import {
  createRateLimits,
  deleteExpiredRateLimits,
  LimitRefusal,
  type RateLimits,
} from './rate-limits';

const setups = [
  ...TEST_BACKENDS.map((backend) => ({ name: backend, backend, redisUrl: null })),
  ...(process.env.DATABASE_URL && process.env.REDIS_URL
    ? [{ name: 'redis', backend: 'postgres' as const, redisUrl: process.env.REDIS_URL }]
    : []),
];

/** The product's settings, with the SMS-per-number limit set to the windows under test. */
function settings(smsMobile: string): LimitSettings {
  return loadLimitSettings({ LIMIT_SMS_MOBILE: smsMobile });
}

/** Takes a use and says whether it passed; anything but a refusal fails the test. */
async function passes(limits: RateLimits, key: string): Promise<boolean> {
  try {
    await limits.take('smsMobile', key);
    return true;
  } catch (error) {
    if (error instanceof LimitRefusal) return false;
    throw error;
  }
}

/** A key prefix of its own: a test's counters apart from every other's on a shared store. */
const freshPrefix = () => `rl-${randomBytes(6).toString('hex')}`;

/** Limits counting on `db` (and on Redis at `redisUrl`), ready to take. */
async function openLimits(
  db: Database,
  redisUrl: string | null,
  limitSettings: LimitSettings,
  keyPrefix: string = freshPrefix(),
): Promise<RateLimits> {
  const limits = createRateLimits({ db, redisUrl, settings: limitSettings, keyPrefix });
  await limits.ready();
  return limits;
}

describe.each(setups)('rate limits on $name', ({ backend, redisUrl }) => {
  const database = migratedTestDatabase(backend);

  const open = async (windows: string) => openLimits(await database, redisUrl, settings(windows));

  it('lets exactly the short window’s allowance through each of five bursts of 100', async () => {
    const limits = await open('3/1h,6/1d');
    for (let round = 0; round < 5; round++) {
      const key = `+91${round}`;
      const outcomes = await Promise.all(Array.from({ length: 100 }, () => passes(limits, key)));
      expect(outcomes.filter(Boolean).length).toBe(3);
    }
    await limits.close();
  });

  it('counts a burst over many keys, interleaved, exactly per key', async () => {
    const limits = await open('3/1h,6/1d');
    const keys = Array.from({ length: 12 }, (_, i) => `+92${i}`);
    // Each key 20 times, the keys taken in turn, all in one turn of the event loop.
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () => keys.map((key) => passes(limits, key))).flat(),
    );
    keys.forEach((_, k) => {
      const ofKey = outcomes.filter((_, i) => i % keys.length === k);
      // A key's uses keep their order: its first three pass, the rest are refused.
      expect(ofKey).toEqual([true, true, true, ...Array<boolean>(17).fill(false)]);
    });
    await limits.close();
  });

  it('does not count a refused use against the longer window', async () => {
    const limits = await open('2/1s,3/1h');
    const key = 'refused-then-later';
    const burst = await Promise.all(Array.from({ length: 20 }, () => passes(limits, key)));
    expect(burst.filter(Boolean).length).toBe(2);
    // Once the second is over the hour has one use left, not none: the 18 refusals spent none.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await passes(limits, key)).toBe(true);
    expect(await passes(limits, key)).toBe(false);
    await limits.close();
  });

  it('tells a refused caller to wait for the longer window when it is full too', async () => {
    const limits = await open('1/1m,2/1d');
    const key = 'both-full';
    expect(await passes(limits, key)).toBe(true);
    const refusal = await limits.take('smsMobile', key).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(LimitRefusal);
    expect((refusal as LimitRefusal).retryAfterSeconds).toBeLessThanOrEqual(60);
    expect((refusal as LimitRefusal).message).toMatch(/in \d+ seconds/);
    // The minute is full, the day is not: a minute. Then with the day full too: a day.
    const dayKey = 'day-full';
    const dayLimits = await open('1/1s,1/1d');
    expect(await passes(dayLimits, dayKey)).toBe(true);
    const dayRefusal = await dayLimits.take('smsMobile', dayKey).catch((error: unknown) => error);
    expect((dayRefusal as LimitRefusal).retryAfterSeconds).toBeGreaterThan(86_000);
    expect((dayRefusal as LimitRefusal).message).toMatch(/24 hours/);
    await limits.close();
    await dayLimits.close();
  });
});

describe.each(setups.filter((setup) => setup.backend === 'postgres'))(
  'uses counted together on $name',
  ({ redisUrl }) => {
    it('sends the uses of a turn of the event loop in one call', async () => {
      const db = await migratedTestDatabase('postgres');
      const limits = await openLimits(db, redisUrl, settings('50/1h'));
      const query = vi.spyOn(db, 'query');
      const outcomes = await Promise.all(
        Array.from({ length: 60 }, (_, i) => passes(limits, `+93${i % 3}`)),
      );
      // 20 uses of each of three numbers, all under the limit: one call counted them all.
      expect(outcomes.every(Boolean)).toBe(true);
      const calls = query.mock.calls.filter(([text]) => String(text).includes('rate_limit_take'));
      expect(calls).toHaveLength(redisUrl ? 0 : 1);
      query.mockRestore();
      await limits.close();
    });

    it('lets two instances count crossing bursts of many keys without a deadlock', async () => {
      const db = await migratedTestDatabase('postgres');
      const keyPrefix = freshPrefix();
      const open = () => openLimits(db, redisUrl, settings('4/1h,9/1d'), keyPrefix);
      const [one, two] = [await open(), await open()];
      const keys = Array.from({ length: 40 }, (_, i) => `+94${String(i).padStart(2, '0')}`);
      // One instance takes the keys in one order, the other in the opposite one, several times
      // each, every use of a round at once: calls locking counters in the order they were
      // given would wait on each other in a cycle.
      const outcomes: boolean[][] = keys.map(() => []);
      for (let round = 0; round < 3; round++) {
        const forward = keys.map((key, k) => passes(one, key).then((ok) => outcomes[k]?.push(ok)));
        const backward = [...keys]
          .reverse()
          .map((key, r) => passes(two, key).then((ok) => outcomes[keys.length - 1 - r]?.push(ok)));
        await Promise.all([...forward, ...backward]);
      }
      // Six uses of each key: exactly the hour's four passed, whichever instance took them.
      for (const ofKey of outcomes) expect(ofKey.filter(Boolean)).toHaveLength(4);
      await one.close();
      await two.close();
    });

    it('counts uses together exactly as one at a time, refusals and ended windows included', async () => {
      const db = await migratedTestDatabase('postgres');
      const now = Date.now();
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 24 }),
          fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 4, maxLength: 4 }),
          // Now and then a first window that ends as it starts: no limit rule makes one, and the
          // function counts such a call one use at a time, its other path.
          fc.boolean(),
          async (players, before, noLength) => {
            // Two windows of 3 and 5 points a player; player 2's first window has already ended,
            // so its count starts again.
            const windows = [
              { suffix: 'a', points: 3, endsAt: noLength ? now : now + 1_000 },
              { suffix: 'b', points: 5, endsAt: now + 3_600_000 },
            ];
            const [together, alone] = [freshPrefix(), freshPrefix()];
            const keysOf = (prefix: string, player: number) =>
              windows.map((window) => `${prefix}:${player}:${window.suffix}`);
            // Counts already there: some under, some at or over their points, one ended.
            for (const prefix of [together, alone]) {
              for (const [player, points] of before.entries()) {
                const [a, b] = keysOf(prefix, player);
                await db.query(
                  `INSERT INTO rate_limits (key, points, expire)
                   VALUES ($1, $3, $4), ($2, $3, $5)`,
                  [a, b, points, player === 2 ? now - 1 : now + 500, now + 1_800_000],
                );
              }
            }
            const order = players
              .map((_, i) => i)
              .sort((x, y) => {
                const [kx, ky] = [players[x] as number, players[y] as number];
                return kx - ky || x - y;
              });
            const keys = order.flatMap((use) => keysOf(together, players[use] as number));
            const rows = await db.query<{ n: number; points: number; expire: string }>(
              `SELECT n, points, expire
               FROM rate_limit_take_uses($1::text[], $2::int[], $3::bigint[], $4::int[], $5)`,
              [
                keys,
                order.flatMap((use) => windows.map(() => use)),
                order.flatMap(() => windows.map((window) => window.endsAt)),
                order.flatMap(() => windows.map((window) => window.points)),
                now,
              ],
            );
            const expected: { n: number; points: number; expire: string }[] = [];
            for (const [at, use] of order.entries()) {
              const answers = await db.query<{ n: number; points: number; expire: string }>(
                'SELECT n, points, expire FROM rate_limit_take($1::text[], $2::bigint[], $3::int[], $4)',
                [
                  keysOf(alone, players[use] as number),
                  windows.map((window) => window.endsAt),
                  windows.map((window) => window.points),
                  now,
                ],
              );
              for (const answer of answers) {
                expected.push({ ...answer, n: at * windows.length + answer.n });
              }
            }
            expect(rows.sort((x, y) => x.n - y.n)).toEqual(expected);
            const stored = (prefix: string) =>
              db.query<{ key: string; points: number; expire: string }>(
                `SELECT substr(key, $2) AS key, points, expire FROM rate_limits
                 WHERE key LIKE $1 ORDER BY key`,
                [`${prefix}:%`, prefix.length + 2],
              );
            expect(await stored(together)).toEqual(await stored(alone));
          },
        ),
        { numRuns: 60, seed: 4_207 },
      );
    });

    it('sweeps ended windows and keeps the live ones', async () => {
      const db = await migratedTestDatabase('postgres');
      const keyPrefix = freshPrefix();
      const limits = await openLimits(db, null, settings('1/1s,5/1h'), keyPrefix);
      expect(await passes(limits, 'swept')).toBe(true);
      const stored = () =>
        db.query<{ key: string }>(`SELECT key FROM rate_limits WHERE key LIKE $1 ORDER BY key`, [
          `${keyPrefix}%`,
        ]);
      expect(await stored()).toHaveLength(2);
      await deleteExpiredRateLimits(db, new Date(Date.now() + 2_000));
      // The second's window ended and went; the hour's stays.
      expect((await stored()).map((row) => row.key)).toEqual([`${keyPrefix}:smsMobile:1:swept`]);
      await limits.close();
    });
  },
);

describe.each(setups)('an instance-scoped limit on $name', ({ backend, redisUrl }) => {
  it('holds exactly under a burst, counted in each instance apart and never in a store', async () => {
    const db = await migratedTestDatabase(backend);
    const limitSettings = loadLimitSettings({ LIMIT_CASINO_CALLBACKS_PROVIDER: '5/1m' });
    const keyPrefix = freshPrefix();
    const open = () => openLimits(db, redisUrl, limitSettings, keyPrefix);
    const [one, two] = [await open(), await open()];
    const burst = (limits: RateLimits) =>
      Promise.all(
        Array.from({ length: 40 }, () =>
          limits.take('casinoCallbacksProvider', 'mac').then(
            () => true,
            (error: unknown) => {
              if (error instanceof LimitRefusal) return false;
              throw error;
            },
          ),
        ),
      );
    expect((await burst(one)).filter(Boolean)).toHaveLength(5);
    // The other instance has its own allowance: the limit is a ceiling on one instance's load.
    expect((await burst(two)).filter(Boolean)).toHaveLength(5);
    if (db.kind === 'postgres') {
      const stored = await db.query(`SELECT 1 FROM rate_limits WHERE key LIKE $1`, [
        `${keyPrefix}%`,
      ]);
      expect(stored).toEqual([]);
    }
    await one.close();
    await two.close();
  });
});

describe.each(setups)('refusals on $name', ({ backend, redisUrl }) => {
  it('says which refusal is the window’s first', async () => {
    const db = await migratedTestDatabase(backend);
    const limits = await openLimits(db, redisUrl, settings('2/1m,5/1h'));
    const firsts: boolean[] = [];
    for (let i = 0; i < 5; i++) {
      const outcome = await limits.take('smsMobile', 'first-refusal').catch((e: unknown) => e);
      if (outcome instanceof LimitRefusal) firsts.push(outcome.firstInWindow);
    }
    expect(firsts).toEqual([true, false, false]);
    await limits.close();
  });
});

describe.runIf(Boolean(process.env.DATABASE_URL))('rate limits while Redis is unreachable', () => {
  it('count on PostgreSQL instead, exactly, and never lapse', async () => {
    const db = await migratedTestDatabase('postgres');
    // Nothing listens there: every count fails at once and PostgreSQL counts instead.
    const limits = await openLimits(db, 'redis://127.0.0.1:1', settings('3/1h'));
    const outcomes = await Promise.all(Array.from({ length: 30 }, () => passes(limits, 'down')));
    expect(outcomes.filter(Boolean)).toHaveLength(3);
    await limits.close();
  });
});

describe.each(setups)('a limit counted in a transaction of the caller’s on $name', (setup) => {
  const { backend, redisUrl } = setup;

  it('is offered only where the counters live in that database, for a shared limit that is on', async () => {
    const db = await migratedTestDatabase(backend);
    const limits = await openLimits(
      db,
      redisUrl,
      loadLimitSettings({ LIMIT_SMS_MOBILE: '2/1m', LIMIT_SMS_DOMAIN: 'off' }),
    );
    const inDatabase = backend === 'postgres' && !redisUrl;
    expect(limits.inTransaction('smsMobile') !== null).toBe(inDatabase);
    expect(limits.inTransaction('smsDomain')).toBeNull();
    expect(limits.inTransaction('casinoCallbacksProvider')).toBeNull();
    await limits.close();
  });
});

describe.each(setups.filter((setup) => setup.backend === 'postgres' && !setup.redisUrl))(
  'a limit counted in a transaction on $name',
  ({ backend, redisUrl }) => {
    it('counts only if the transaction commits, refusing past the allowance within it', async () => {
      const db = await migratedTestDatabase(backend);
      const limits = await openLimits(db, redisUrl, settings('2/1m'));
      const limit = limits.inTransaction('smsMobile');
      if (!limit) throw new Error('counted in the database');
      // Rolled back: none of the three uses stays counted.
      await expect(
        db.transaction(async (tx) => {
          const refusals = await limit.take(tx, ['a', 'a', 'a']);
          expect(refusals.map((refusal) => refusal?.code ?? null)).toEqual([
            null,
            null,
            'RATE_LIMITED',
          ]);
          throw new Error('rolled back for the test');
        }),
      ).rejects.toThrow('rolled back for the test');
      expect(await passes(limits, 'a')).toBe(true);
      // Committed: one more use of 'a' fits, then the key is full; 'b' is counted apart.
      const committed = await db.transaction((tx) => limit.take(tx, ['a', 'b', 'a']));
      expect(committed.map((refusal) => refusal?.retryAfterSeconds ?? null)).toEqual([
        null,
        null,
        60,
      ]);
      expect(await passes(limits, 'a')).toBe(false);
      expect(await passes(limits, 'b')).toBe(true);
      expect(await passes(limits, 'b')).toBe(false);
      await limits.close();
    });
  },
);
