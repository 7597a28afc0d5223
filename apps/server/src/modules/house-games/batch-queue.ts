/**
 * Group commit for the round log: items added while a batch is being written wait and go
 * together in the next one, so under load each write carries many bets (one INSERT or UPDATE
 * for all of them) and when quiet each goes alone at once. Each caller gets its own item's
 * result, or the batch's error.
 */
interface Waiting<T, R> {
  item: T;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

export class BatchQueue<T, R> {
  private waiting: Waiting<T, R>[] = [];
  private writing = false;
  private scheduled = false;

  /** `write` answers one result per item, in the items' order. */
  constructor(
    private readonly write: (items: T[]) => Promise<R[]>,
    private readonly maxBatch = 1_000,
  ) {}

  add(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.writing || this.scheduled) return;
    this.scheduled = true;
    // Items added in the same turn of the event loop join this batch.
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    if (this.writing || this.waiting.length === 0) return;
    this.writing = true;
    const batch = this.waiting.splice(0, this.maxBatch);
    try {
      const results = await this.write(batch.map((w) => w.item));
      batch.forEach((w, i) => w.resolve(results[i] as R));
    } catch (error) {
      for (const w of batch) w.reject(error);
    } finally {
      this.writing = false;
      if (this.waiting.length > 0) this.schedule();
    }
  }
}
