import type { FastifyBaseLogger } from 'fastify';

/** Keys remembered at most; past it they are forgotten, which only means an early line. */
const MAX_KEYS = 1_000;

/**
 * Warns of a kind of event at most once a minute per domain and reason, saying how many came
 * since the last line: a flood of forged tokens is one readable line a minute, not a flood.
 */
export function summarisedWarnings(
  log: Pick<FastifyBaseLogger, 'warn'>,
  message: string,
  intervalMs = 60_000,
) {
  const since = new Map<string, { atMs: number; count: number }>();
  return {
    note(domain: string, reason: string): void {
      const key = `${domain}\n${reason}`;
      const nowMs = Date.now();
      const last = since.get(key);
      if (last && nowMs - last.atMs < intervalMs) {
        last.count++;
        return;
      }
      log.warn({ domain, reason, count: (last?.count ?? 0) + 1 }, message);
      if (since.size >= MAX_KEYS) since.clear();
      since.set(key, { atMs: nowMs, count: 0 });
    },
  };
}
