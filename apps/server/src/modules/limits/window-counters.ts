/**
 * The counters behind the abuse limits: one per window of a limit and key. A use is counted in
 * every window of its limit in one atomic step (one statement on PostgreSQL, one script on
 * Redis, one synchronous step in memory), and when any window was already full it is given
 * back from every window that had room, so a refused use spends none of them. (The full ones
 * keep counting refusals until they end: the first refusal of a window is the one worth a log
 * line.) Counting the windows in one step also keeps every window's order of a burst the same
 * (the windows are always taken in one order), which counting them one by one in separate
 * steps did not.
 *
 * Several uses can be counted in one call (`takeMany`: one statement, one script), each still
 * its own atomic step; `groupedTakes` sends the uses of one turn of the event loop together, so
 * a busy server spends one round trip on a crowd of bets instead of one each.
 */
import type { Redis } from 'ioredis';
import { BatchQueue } from '../../db/batch-queue';
import type { Queryable } from '../../db/database';
import type { LimitWindow } from './limit-rules';

/** A window after a use was counted in it: its count, and when it ends (ms from now). */
export interface WindowCount {
  points: number;
  msLeft: number;
}

/** One use of a limit: its counters' keys, one per window, in the windows' order. */
export interface CounterUse {
  keys: readonly string[];
  windows: readonly LimitWindow[];
}

export interface WindowCounters {
  /**
   * Counts one use under each key (one per window, in the windows' order); when any count is
   * over its window's points, gives the use back from the windows that had room before
   * answering. Answers the counts as they were with the use counted.
   */
  take(keys: readonly string[], windows: readonly LimitWindow[]): Promise<WindowCount[]>;
  /**
   * Counts several uses, each as `take` would alone, one after another (a key's uses in the
   * order given); answers each use's counts, in the uses' order.
   */
  takeMany(uses: readonly CounterUse[]): Promise<WindowCount[][]>;
  /** Gives one use back under each key (never below zero). */
  giveBack(keys: readonly string[]): Promise<void>;
}

/**
 * Uses in the order PostgreSQL counts them, locking their counters as it goes: by first key, a
 * key's uses in their order. Every call locks in this one order, so no two wait in a circle.
 */
function inKeyOrder(uses: readonly CounterUse[]): number[] {
  const order = uses.map((_, i) => i);
  // Array.prototype.sort is stable: one key's uses keep the order they came in.
  return order.sort((a, b) => {
    const ka = uses[a]?.keys[0] ?? '';
    const kb = uses[b]?.keys[0] ?? '';
    return ka < kb ? -1 : ka > kb ? 1 : 0;
  });
}

/** Answers of uses counted in `order`, put back in the uses' own order. */
function inUseOrder(order: readonly number[], counted: WindowCount[][]): WindowCount[][] {
  const answers: WindowCount[][] = new Array<WindowCount[]>(order.length);
  order.forEach((use, i) => {
    answers[use] = counted[i] ?? [];
  });
  return answers;
}

/** Uses in one call each, as `takeMany` on a store that counts one use a call. */
async function oneByOne(
  take: WindowCounters['take'],
  uses: readonly CounterUse[],
): Promise<WindowCount[][]> {
  const answers: WindowCount[][] = [];
  for (const use of uses) answers.push(await take(use.keys, use.windows));
  return answers;
}

/** Uses counted in one group at most: bounds a statement's arrays and a script's run. */
const MAX_GROUPED_USES = 200;
/**
 * Groups out at once: a use that comes while one is out goes at once in a second instead of
 * waiting for the first's round trip.
 */
const GROUPS_IN_FLIGHT = 2;

/**
 * `counters` with each `take` sent together with the others of its turn of the event loop, in
 * one `takeMany`: under load many uses a call, when quiet each alone at once (a turn later).
 * Each use is still counted on its own, exactly: grouping changes the round trips, not the
 * counts.
 */
export function groupedTakes(counters: WindowCounters): WindowCounters {
  const queue = new BatchQueue<CounterUse, WindowCount[]>((uses) => counters.takeMany(uses), {
    maxBatch: MAX_GROUPED_USES,
    inFlight: GROUPS_IN_FLIGHT,
  });
  return {
    take: (keys, windows) => queue.add({ keys, windows }),
    takeMany: (uses) => counters.takeMany(uses),
    giveBack: (keys) => counters.giveBack(keys),
  };
}

/** Whether a window is over its points with the use counted: the use is refused. */
export function isOver(count: WindowCount | undefined, window: LimitWindow | undefined): boolean {
  return (count?.points ?? 0) > (window?.points ?? 0);
}

/** Whether any window is over its points: the use is refused. */
export function overAnyWindow(
  counts: readonly WindowCount[],
  windows: readonly LimitWindow[],
): boolean {
  return counts.some((count, i) => isOver(count, windows[i]));
}

/** Counters in the process's memory (one process owns them: the embedded database, or a limit
 * scoped to one instance). */
export function memoryCounters(now: () => number = Date.now): WindowCounters {
  const counters = new Map<string, { points: number; endsAt: number }>();
  let sinceSweep = 0;
  function sweep(at: number) {
    // Ended windows are dropped now and then, so the map holds only live ones.
    if (++sinceSweep < 10_000) return;
    sinceSweep = 0;
    for (const [key, counter] of counters) if (counter.endsAt <= at) counters.delete(key);
  }
  const take: WindowCounters['take'] = async (keys, windows) => {
    const at = now();
    sweep(at);
    const counts = keys.map((key, i) => {
      const durationMs = (windows[i]?.durationSeconds ?? 0) * 1000;
      let counter = counters.get(key);
      if (!counter || counter.endsAt <= at) {
        counter = { points: 0, endsAt: at + durationMs };
        counters.set(key, counter);
      }
      counter.points += 1;
      return { points: counter.points, msLeft: counter.endsAt - at };
    });
    if (overAnyWindow(counts, windows)) {
      keys.forEach((key, i) => {
        const counter = counters.get(key);
        if (counter && !isOver(counts[i], windows[i])) counter.points -= 1;
      });
    }
    return counts;
  };
  return {
    take,
    takeMany: (uses) => oneByOne(take, uses),
    async giveBack(keys) {
      for (const key of keys) {
        const counter = counters.get(key);
        if (counter && counter.points > 0) counter.points -= 1;
      }
    },
  };
}

/**
 * Counters in a PostgreSQL table (`rate_limits`, unlogged: migration 0009), shared by every
 * instance: one call of the database function `rate_limit_take` counts every window and gives a
 * refused use back, under the counters' row locks; `rate_limit_take_uses` does so for several
 * uses in one call, taking the counters' locks in key order (as every call does). `db` may be a
 * transaction: the locks are then held, and the counts kept, until it ends.
 */
export function postgresCounters(db: Queryable, now: () => number = Date.now): WindowCounters {
  const take: WindowCounters['take'] = async (keys, windows) => {
    const at = now();
    const rows = await db.query<{ n: number; points: number; expire: string | number }>(
      'SELECT n, points, expire FROM rate_limit_take($1::text[], $2::bigint[], $3::int[], $4)',
      [
        keys,
        windows.map((window) => at + window.durationSeconds * 1000),
        windows.map((window) => window.points),
        at,
      ],
    );
    if (rows.length !== keys.length) throw new Error('a rate limit counter went missing');
    return rows.map((row) => ({
      points: row.points,
      msLeft: Math.max(0, Number(row.expire) - at),
    }));
  };
  return {
    take,
    async takeMany(uses) {
      const only = uses.length === 1 ? uses[0] : undefined;
      if (only) return [await take(only.keys, only.windows)];
      const at = now();
      const order = inKeyOrder(uses);
      const keys: string[] = [];
      const useOf: number[] = [];
      const expires: number[] = [];
      const points: number[] = [];
      for (const use of order) {
        const { keys: useKeys, windows } = uses[use] as CounterUse;
        useKeys.forEach((key, i) => {
          keys.push(key);
          useOf.push(use);
          expires.push(at + (windows[i]?.durationSeconds ?? 0) * 1000);
          points.push(windows[i]?.points ?? 0);
        });
      }
      const rows = await db.query<{ n: number; points: number; expire: string | number }>(
        `SELECT n, points, expire
         FROM rate_limit_take_uses($1::text[], $2::int[], $3::bigint[], $4::int[], $5)`,
        [keys, useOf, expires, points, at],
      );
      if (rows.length !== keys.length) throw new Error('a rate limit counter went missing');
      const byKey = new Map(rows.map((row) => [row.n, row]));
      let next = 1;
      const counted = order.map((use) =>
        (uses[use] as CounterUse).keys.map(() => {
          const row = byKey.get(next++);
          if (!row) throw new Error('a rate limit counter went missing');
          return { points: row.points, msLeft: Math.max(0, Number(row.expire) - at) };
        }),
      );
      return inUseOrder(order, counted);
    },
    async giveBack(keys) {
      if (keys.length === 0) return;
      await db.query(
        'UPDATE rate_limits SET points = points - 1 WHERE key = ANY ($1::text[]) AND points > 0',
        [keys],
      );
    },
  };
}

/**
 * Counts uses one after another, each in every window of its limit, giving a use back from the
 * windows with room when one is over: one script, atomic on Redis. KEYS every use's keys side by
 * side (one per window, in the windows' order); ARGV each key's window length in ms, then its
 * points, then its use's number.
 */
const TAKE_USES_SCRIPT = `
local n = #KEYS
local answer = {}
local from = 1
while from <= n do
  local to = from
  while to < n and ARGV[2 * n + to + 1] == ARGV[2 * n + from] do to = to + 1 end
  local over = false
  local counts = {}
  for i = from, to do
    local count = redis.call('INCR', KEYS[i])
    if count == 1 or redis.call('PTTL', KEYS[i]) < 0 then
      redis.call('PEXPIRE', KEYS[i], ARGV[i])
    end
    counts[i] = count
    if count > tonumber(ARGV[n + i]) then over = true end
  end
  for i = from, to do
    if over and counts[i] <= tonumber(ARGV[n + i]) then redis.call('DECR', KEYS[i]) end
    answer[2 * i - 1] = counts[i]
    answer[2 * i] = redis.call('PTTL', KEYS[i])
  end
  from = to + 1
end
return answer`;

const GIVE_BACK_SCRIPT = `
for i = 1, #KEYS do
  if tonumber(redis.call('GET', KEYS[i]) or '0') > 0 then redis.call('DECR', KEYS[i]) end
end
return 0`;

/**
 * Counters on Redis, shared by every instance; while Redis cannot be reached, `fallback` (the
 * PostgreSQL counters) counts instead, so a limit never lapses with it.
 */
export function redisCounters(redis: Redis, fallback: WindowCounters): WindowCounters {
  const takeMany: WindowCounters['takeMany'] = async (uses) => {
    const keys = uses.flatMap((use) => use.keys);
    let reply: unknown;
    try {
      reply = await redis.eval(
        TAKE_USES_SCRIPT,
        keys.length,
        ...keys,
        ...uses.flatMap((use) => use.windows.map((window) => window.durationSeconds * 1000)),
        ...uses.flatMap((use) => use.windows.map((window) => window.points)),
        ...uses.flatMap((use, i) => use.keys.map(() => i)),
      );
    } catch {
      return fallback.takeMany(uses);
    }
    const values = (reply as (number | string)[]).map(Number);
    let at = 0;
    return uses.map((use) =>
      use.keys.map(() => {
        const count = {
          points: values[2 * at] ?? 0,
          msLeft: Math.max(0, values[2 * at + 1] ?? 0),
        };
        at += 1;
        return count;
      }),
    );
  };
  return {
    take: async (keys, windows) => (await takeMany([{ keys, windows }]))[0] ?? [],
    takeMany,
    async giveBack(keys) {
      try {
        await redis.eval(GIVE_BACK_SCRIPT, keys.length, ...keys);
      } catch {
        await fallback.giveBack(keys);
      }
    },
  };
}
