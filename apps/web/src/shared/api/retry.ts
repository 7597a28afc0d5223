export interface RetryOptions {
  /** Attempts after the first one. */
  retries: number;
  /** The wait before the first retry; each later wait doubles. */
  baseDelayMs: number;
  shouldRetry: (error: unknown) => boolean;
  sleep?: (ms: number) => Promise<void>;
}

/** Waits for a number of milliseconds. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The wait before retry number `retry` (0-based): base, 2×base, 4×base… */
export function backoffDelayMs(retry: number, baseDelayMs: number): number {
  return baseDelayMs * 2 ** retry;
}

/** Runs `task`, retrying with exponential backoff while `shouldRetry` allows it. */
export async function withRetries<T>(task: () => Promise<T>, options: RetryOptions): Promise<T> {
  const wait = options.sleep ?? sleep;
  for (let retry = 0; ; retry++) {
    try {
      return await task();
    } catch (error) {
      if (retry >= options.retries || !options.shouldRetry(error)) throw error;
      await wait(backoffDelayMs(retry, options.baseDelayMs));
    }
  }
}
