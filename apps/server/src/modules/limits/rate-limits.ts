/**
 * Atomic, shared counters for the abuse limits. Each window of a limit is one counter per key,
 * incremented and read in one atomic step before the work it guards, so a burst of parallel
 * requests can never slip past: the (n+1)th finds the count already at n. Where the counters
 * live decides who shares them: Redis when `REDIS_URL` is set, else the PostgreSQL server every
 * instance uses, else (the embedded database, which one process owns) the process's memory.
 * A limit whose rule says `scope: 'instance'` is always counted in the process's memory.
 */
import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { Database } from '../../db/database';
import { ApiError } from '../../http/api-error';
import {
  LIMIT_RULES,
  waitPhrase,
  type LimitName,
  type LimitRule,
  type LimitSettings,
} from './limit-rules';

/** The table of the PostgreSQL counters (migration 0009). */
export const RATE_LIMIT_TABLE = 'rate_limits';
/** Keys longer than this (they carry user input) are hashed to fit the store's key column. */
const MAX_PLAIN_KEY_LENGTH = 160;

/** A refusal by a limit: 429 with `Retry-After`, and whether it is the window's first. */
export class LimitRefusal extends ApiError {
  constructor(
    readonly limit: LimitName,
    message: string,
    retryAfterSeconds: number,
    /** The first refusal of its window: worth a log line and a record; repeats are not. */
    readonly firstInWindow: boolean,
  ) {
    super('RATE_LIMITED', message, null, retryAfterSeconds);
  }
}

export interface RateLimits {
  /**
   * Counts one use of `name` by `key` in every window of the limit; throws RATE_LIMITED (with
   * the seconds until every full window frees) when any window was already full, and then
   * counts the use in none of them.
   */
  take(name: LimitName, key: string): Promise<void>;
  /** Gives back a use that turned out not to count (a login that succeeded). */
  giveBack(name: LimitName, key: string): Promise<void>;
  /**
   * Resolves once the counters' store answers (Redis connected): until then every count would
   * go to the insurance counters, and two instances starting together would count apart.
   */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export interface RateLimitsOptions {
  db: Database;
  redisUrl?: string | null;
  settings: LimitSettings;
  /** Namespaces the counters (tests keep theirs apart on a shared Redis). */
  keyPrefix?: string;
}

/** The adapter the PostgreSQL store calls: our database, answering as `pg` does. */
function pgStoreClient(db: Database) {
  return {
    async query(q: { text: string; values?: unknown[] }) {
      const rows = await db.query(q.text, q.values ?? []);
      return { rows, rowCount: rows.length };
    },
  };
}

function storeKey(key: string): string {
  return key.length <= MAX_PLAIN_KEY_LENGTH
    ? key
    : `sha256:${createHash('sha256').update(key).digest('base64url')}`;
}

export function createRateLimits(options: RateLimitsOptions): RateLimits {
  const prefix = options.keyPrefix ?? 'limit';
  // No offline queue: while Redis is unreachable a count fails at once and the insurance
  // counters on PostgreSQL answer instead of the request waiting.
  const redis = options.redisUrl
    ? new Redis(options.redisUrl, {
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        lazyConnect: true,
      })
    : null;
  // Logged by whoever owns the app's log; an unreachable Redis must not crash the process.
  redis?.on('error', () => undefined);

  function windowLimiter(name: LimitName, index: number, points: number, duration: number) {
    const common = { keyPrefix: `${prefix}:${name}:${index}`, points, duration };
    const rule: LimitRule = LIMIT_RULES[name];
    if (options.db.kind === 'pglite' || rule.scope === 'instance') {
      return new RateLimiterMemory(common);
    }
    const postgres = new RateLimiterPostgres({
      ...common,
      storeClient: pgStoreClient(options.db),
      storeType: 'client',
      tableName: RATE_LIMIT_TABLE,
      tableCreated: true,
      // Expired rows are deleted by the server's housekeeping, once for every limit.
      clearExpiredByTimeout: false,
    });
    if (!redis) return postgres;
    // Redis first; while it is unreachable, the same limit holds on PostgreSQL.
    return new RateLimiterRedis({ ...common, storeClient: redis, insuranceLimiter: postgres });
  }

  /**
   * Seconds until a refused caller can pass: until the refusing window ends, or a later window
   * that is full too (read, not counted: the refused use spends none of them).
   */
  async function secondsUntilFree(
    name: LimitName,
    refusedAt: number,
    key: string,
    refusal: RateLimiterRes,
  ): Promise<number> {
    const windows = limiters.get(name) ?? [];
    const states = await Promise.all(
      windows.map((limiter, i) => (i > refusedAt ? limiter.get(key).catch(() => null) : null)),
    );
    let ms = refusal.msBeforeNext;
    states.forEach((state, i) => {
      const points = options.settings[name][i]?.points ?? 0;
      if (state && state.consumedPoints >= points) ms = Math.max(ms, state.msBeforeNext);
    });
    return Math.max(1, Math.ceil(ms / 1000));
  }

  const limiters = new Map<LimitName, RateLimiterAbstract[]>();
  for (const name of Object.keys(LIMIT_RULES) as LimitName[]) {
    limiters.set(
      name,
      options.settings[name].map((w, index) =>
        windowLimiter(name, index, w.points, w.durationSeconds),
      ),
    );
  }

  return {
    async take(name, key) {
      const windows = limiters.get(name) ?? [];
      const k = storeKey(key);
      // Window by window, giving back on a refusal: the caller holds a use of every window or
      // of none. Counting all windows at once let each counter order a burst its own way (with
      // 3/1h,6/1d the first three of the hour need not be among the first six of the day, and
      // a burst of 100 sent two codes, not three), and a refused use spent the longer windows.
      for (const [index, limiter] of windows.entries()) {
        try {
          await limiter.consume(k);
        } catch (reason) {
          await Promise.all(windows.slice(0, index).map((earlier) => earlier.reward(k, 1)));
          // A store failure is not a refusal: it propagates as the error it is.
          if (!(reason instanceof RateLimiterRes)) throw reason;
          const points = options.settings[name][index]?.points ?? 0;
          const seconds = await secondsUntilFree(name, index, k, reason);
          const message = LIMIT_RULES[name].message(waitPhrase(seconds));
          throw new LimitRefusal(name, message, seconds, reason.consumedPoints === points + 1);
        }
      }
    },

    async giveBack(name, key) {
      const k = storeKey(key);
      await Promise.all((limiters.get(name) ?? []).map((limiter) => limiter.reward(k, 1)));
    },

    async ready() {
      // A Redis that cannot be reached now is not fatal: the insurance counters stand in.
      await redis?.connect().catch(() => undefined);
    },

    async close() {
      redis?.disconnect();
    },
  };
}

/** Deletes counters whose windows have ended (the PostgreSQL store keeps them until then). */
export async function deleteExpiredRateLimits(db: Database, now: Date): Promise<number> {
  if (db.kind === 'pglite') return 0;
  const rows = await db.query(`DELETE FROM ${RATE_LIMIT_TABLE} WHERE expire < $1 RETURNING 1`, [
    now.getTime(),
  ]);
  return rows.length;
}
