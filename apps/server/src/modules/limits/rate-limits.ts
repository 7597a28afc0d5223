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
import type { Database, Queryable } from '../../db/database';
import { ApiError } from '../../http/api-error';
import {
  LIMIT_RULES,
  waitPhrase,
  type LimitName,
  type LimitRule,
  type LimitSettings,
} from './limit-rules';
import {
  groupedTakes,
  isOver,
  memoryCounters,
  overAnyWindow,
  postgresCounters,
  redisCounters,
  type WindowCount,
  type WindowCounters,
} from './window-counters';

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

/**
 * A limit counted inside a PostgreSQL transaction of the caller's (RateLimits.inTransaction):
 * the uses count, and hold their counters' row locks, until that transaction ends, and count
 * only if it commits.
 */
export interface TransactionLimit {
  /**
   * Counts one use by each of `keys`, one after another, as `take` would; answers each use's
   * refusal, or null for a use let through. Sent at once, so it pipelines with what follows.
   */
  take(tx: Queryable, keys: readonly string[]): Promise<(LimitRefusal | null)[]>;
}

export interface RateLimits {
  /**
   * Counts one use of `name` by `key` in every window of the limit; throws RATE_LIMITED (with
   * the seconds until every full window frees) when any window was already full, and then
   * counts the use in none of them.
   */
  take(name: LimitName, key: string): Promise<void>;
  /**
   * `name` counted in the caller's own PostgreSQL transaction, when its counters live in that
   * database (PostgreSQL without Redis, a shared limit that is on): the count then costs no
   * round trip of its own. Null otherwise: count with `take`.
   */
  inTransaction(name: LimitName): TransactionLimit | null;
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

function storeKey(key: string): string {
  return key.length <= MAX_PLAIN_KEY_LENGTH
    ? key
    : `sha256:${createHash('sha256').update(key).digest('base64url')}`;
}

export function createRateLimits(options: RateLimitsOptions): RateLimits {
  const prefix = options.keyPrefix ?? 'limit';
  // No offline queue: while Redis is unreachable a count fails at once and the PostgreSQL
  // counters answer instead of the request waiting.
  const redis = options.redisUrl
    ? new Redis(options.redisUrl, {
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        lazyConnect: true,
      })
    : null;
  // Logged by whoever owns the app's log; an unreachable Redis must not crash the process.
  redis?.on('error', () => undefined);

  const memory = memoryCounters();
  const inDatabase = options.db.kind === 'postgres' && !redis;
  // A store across the network counts the uses of a turn of the event loop in one round trip.
  const shared: WindowCounters =
    options.db.kind === 'pglite'
      ? memory
      : groupedTakes(
          redis ? redisCounters(redis, postgresCounters(options.db)) : postgresCounters(options.db),
        );

  function countersOf(name: LimitName): WindowCounters {
    const rule: LimitRule = LIMIT_RULES[name];
    return rule.scope === 'instance' ? memory : shared;
  }

  /** The counters' keys of a limit's windows for a caller's key. */
  function keysOf(name: LimitName, key: string): string[] {
    const k = storeKey(key);
    return options.settings[name].map((_, index) => `${prefix}:${name}:${index}:${k}`);
  }

  /** A use's refusal, from its counts in `name`'s windows; null when every window had room. */
  function refusalOf(name: LimitName, counts: readonly WindowCount[]): LimitRefusal | null {
    const windows = options.settings[name];
    if (!overAnyWindow(counts, windows)) return null;
    // The wait is until every window that was full already has ended.
    const refusing = counts.findIndex((count, i) => isOver(count, windows[i]));
    let ms = 0;
    counts.forEach((count, i) => {
      if (isOver(count, windows[i])) ms = Math.max(ms, count.msLeft);
    });
    const seconds = Math.max(1, Math.ceil(ms / 1000));
    const first = counts[refusing]?.points === (windows[refusing]?.points ?? 0) + 1;
    return new LimitRefusal(name, LIMIT_RULES[name].message(waitPhrase(seconds)), seconds, first);
  }

  return {
    async take(name, key) {
      const windows = options.settings[name];
      if (windows.length === 0) return;
      const refusal = refusalOf(name, await countersOf(name).take(keysOf(name, key), windows));
      if (refusal) throw refusal;
    },

    inTransaction(name) {
      const windows = options.settings[name];
      if (!inDatabase || countersOf(name) !== shared || windows.length === 0) {
        return null;
      }
      return {
        async take(tx, keys) {
          const uses = keys.map((key) => ({ keys: keysOf(name, key), windows }));
          const counts = await postgresCounters(tx).takeMany(uses);
          return counts.map((useCounts) => refusalOf(name, useCounts));
        },
      };
    },

    async giveBack(name, key) {
      if (options.settings[name].length === 0) return;
      await countersOf(name).giveBack(keysOf(name, key));
    },

    async ready() {
      // A Redis that cannot be reached now is not fatal: the PostgreSQL counters stand in.
      await redis?.connect().catch(() => undefined);
    },

    async close() {
      redis?.disconnect();
    },
  };
}

/**
 * Deletes counters whose windows have ended (the PostgreSQL store keeps them until then). A
 * counter a take holds is left for the next sweep: the take is restarting it, and waiting for
 * it while holding others could deadlock with a take of several uses (which locks in key order,
 * not the order a sweep finds rows in).
 */
export async function deleteExpiredRateLimits(db: Database, now: Date): Promise<number> {
  if (db.kind === 'pglite') return 0;
  const rows = await db.query(
    `DELETE FROM ${RATE_LIMIT_TABLE} WHERE key IN (
       SELECT key FROM ${RATE_LIMIT_TABLE} WHERE expire < $1 FOR UPDATE SKIP LOCKED
     ) AND expire < $1 RETURNING 1`,
    [now.getTime()],
  );
  return rows.length;
}
