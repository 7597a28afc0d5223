/** At most one quote request per market in this long, however often the prices move. */
export const QUOTE_MIN_INTERVAL_MS = 2_000;

/** Resolves after `ms`, or rejects with the signal's reason once it aborts. */
function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const abort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', abort, { once: true });
  });
}

/**
 * When one market's cash out is quoted again: a request goes at most once per
 * `QUOTE_MIN_INTERVAL_MS` (a later one waits for its turn), and a change heard while a
 * request is already on its way (prices moved, bets changed) leaves the schedule `outdated`,
 * so that one more request follows it.
 */
export class QuoteSchedule {
  private sentAt: number | null = null;
  private dirty = false;

  constructor(
    private readonly intervalMs: number = QUOTE_MIN_INTERVAL_MS,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** How long a request must wait before it may go now. */
  waitMs(): number {
    return this.sentAt === null ? 0 : Math.max(0, this.sentAt + this.intervalMs - this.now());
  }

  /** Something the quote depends on changed. */
  changed(): void {
    this.dirty = true;
  }

  /** Whether a change came after the last request went. */
  get outdated(): boolean {
    return this.dirty;
  }

  /**
   * Waits for the next turn and takes it: the request going then reflects every change so
   * far. Rejects, taking no turn, when `signal` aborts first.
   */
  async take(signal?: AbortSignal): Promise<void> {
    // Checked again after each wait: another request may have taken the turn meanwhile.
    for (let wait = this.waitMs(); wait > 0; wait = this.waitMs()) await delay(wait, signal);
    signal?.throwIfAborted();
    this.sentAt = this.now();
    this.dirty = false;
  }
}
