/**
 * Group commit (the studio's round log, the abuse limits' counters): items that come while a batch is out go together in the next,
 * each caller gets its own item's result (or the batch's error), and no more batches are out at
 * once than the queue allows.
 */
import { describe, expect, it } from 'vitest';
import { BatchQueue } from './batch-queue';

/** A write the test finishes by hand: each call's items, and a way to answer it. */
function manualWrite() {
  const calls: { items: number[]; finish: (error?: Error) => void }[] = [];
  const write = (items: number[]) =>
    new Promise<string[]>((resolve, reject) => {
      calls.push({
        items,
        finish: (error) => (error ? reject(error) : resolve(items.map((i) => `done ${i}`))),
      });
    });
  return { calls, write };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('BatchQueue', () => {
  it('writes items of one turn together, and those that come meanwhile in the next batch', async () => {
    const { calls, write } = manualWrite();
    const queue = new BatchQueue(write);
    const first = [queue.add(1), queue.add(2)];
    await turn();
    expect(calls.map((c) => c.items)).toEqual([[1, 2]]);
    const later = [queue.add(3), queue.add(4)];
    await turn();
    // One batch at a time by default: 3 and 4 wait for the first.
    expect(calls).toHaveLength(1);
    calls[0]?.finish();
    expect(await Promise.all(first)).toEqual(['done 1', 'done 2']);
    await turn();
    expect(calls.map((c) => c.items)).toEqual([
      [1, 2],
      [3, 4],
    ]);
    calls[1]?.finish();
    expect(await Promise.all(later)).toEqual(['done 3', 'done 4']);
  });

  it('writes up to inFlight batches at once, each caller getting its own result or error', async () => {
    const { calls, write } = manualWrite();
    const queue = new BatchQueue(write, { inFlight: 2 });
    const a = queue.add(1);
    await turn();
    const b = queue.add(2);
    await turn();
    // The second batch went while the first is out.
    expect(calls.map((c) => c.items)).toEqual([[1], [2]]);
    const c = queue.add(3);
    await turn();
    // Two out: the third waits.
    expect(calls).toHaveLength(2);
    // They may finish in either order.
    calls[1]?.finish(new Error('the second failed'));
    await expect(b).rejects.toThrow('the second failed');
    await turn();
    expect(calls.map((call) => call.items)).toEqual([[1], [2], [3]]);
    calls[0]?.finish();
    calls[2]?.finish();
    expect(await a).toBe('done 1');
    expect(await c).toBe('done 3');
  });

  it('keeps batches to maxBatch items and refuses a queue that writes nothing at once', async () => {
    const { calls, write } = manualWrite();
    const queue = new BatchQueue(write, { maxBatch: 2 });
    const all = [1, 2, 3].map((i) => queue.add(i));
    await turn();
    expect(calls.map((c) => c.items)).toEqual([[1, 2]]);
    calls[0]?.finish();
    await turn();
    await turn();
    expect(calls.map((c) => c.items)).toEqual([[1, 2], [3]]);
    calls[1]?.finish();
    expect(await Promise.all(all)).toEqual(['done 1', 'done 2', 'done 3']);
    expect(() => new BatchQueue(write, { inFlight: 0 })).toThrow(RangeError);
  });
});
