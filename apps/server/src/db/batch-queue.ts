/**
 * Group commit: items added while a batch is being written wait and go together in the next
 * one, so under load each write carries many items (the studio's round log: one INSERT or
 * UPDATE for many bets; the abuse limits: one call counting many uses) and when quiet each goes
 * alone at once. Each caller gets its own item's result, or the batch's error.
 *
 * Up to `inFlight` batches are written at once. With one, an item that comes just after a batch
 * left waits for that batch's whole round trip and then its own; with two, it goes at once in
 * the second. Batches in flight together may finish in either order, so a caller whose item
 * depends on an earlier one awaits that one first (a studio table does: its bet's writes follow one
 * another).
 */
interface Waiting<T, R> {
  item: T;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

export class BatchQueue<T, R> {
  private waiting: Waiting<T, R>[] = [];
  private writing = 0;
  private scheduled = false;

  private readonly maxBatch: number;
  private readonly inFlight: number;

  /** `write` answers one result per item, in the items' order. */
  constructor(
    private readonly write: (items: T[]) => Promise<R[]>,
    options: { maxBatch?: number; inFlight?: number } = {},
  ) {
    this.maxBatch = options.maxBatch ?? 1_000;
    this.inFlight = options.inFlight ?? 1;
    if (!Number.isInteger(this.inFlight) || this.inFlight < 1) {
      throw new RangeError('a queue writes one batch or more at once');
    }
  }

  add(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.writing >= this.inFlight || this.scheduled) return;
    this.scheduled = true;
    // Items added in the same turn of the event loop join this batch.
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    if (this.writing >= this.inFlight || this.waiting.length === 0) return;
    this.writing += 1;
    const batch = this.waiting.splice(0, this.maxBatch);
    try {
      const results = await this.write(batch.map((w) => w.item));
      batch.forEach((w, i) => w.resolve(results[i] as R));
    } catch (error) {
      for (const w of batch) w.reject(error);
    } finally {
      this.writing -= 1;
      if (this.waiting.length > 0) this.schedule();
    }
  }
}
