import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QUOTE_MIN_INTERVAL_MS, QuoteSchedule } from './quote-schedule';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Whether a promise has settled, after the microtasks queued so far have run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

describe('the quote schedule of a market', () => {
  it('lets the first request go at once and the next only two seconds after it', async () => {
    const schedule = new QuoteSchedule();
    expect(await settled(schedule.take())).toBe(true);

    await vi.advanceTimersByTimeAsync(500);
    expect(schedule.waitMs()).toBe(QUOTE_MIN_INTERVAL_MS - 500);
    const second = schedule.take();
    await vi.advanceTimersByTimeAsync(QUOTE_MIN_INTERVAL_MS - 501);
    expect(await settled(second)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(second)).toBe(true);
    expect(schedule.waitMs()).toBe(QUOTE_MIN_INTERVAL_MS);
  });

  it('lets two waiting requests go one turn apart', async () => {
    const schedule = new QuoteSchedule();
    await schedule.take();
    const sent: number[] = [];
    void schedule.take().then(() => sent.push(Date.now()));
    void schedule.take().then(() => sent.push(Date.now()));
    await vi.advanceTimersByTimeAsync(3 * QUOTE_MIN_INTERVAL_MS);
    expect(sent).toHaveLength(2);
    expect((sent[1] ?? 0) - (sent[0] ?? 0)).toBeGreaterThanOrEqual(QUOTE_MIN_INTERVAL_MS);
  });

  it('gives up a wait when the request is abandoned, without taking the turn', async () => {
    const schedule = new QuoteSchedule();
    await schedule.take();
    const abandon = new AbortController();
    const waiting = schedule.take(abandon.signal);
    const outcome = waiting.then(
      () => 'sent',
      () => 'abandoned',
    );
    abandon.abort();
    expect(await outcome).toBe('abandoned');
    await vi.advanceTimersByTimeAsync(QUOTE_MIN_INTERVAL_MS);
    // The turn is still free: the next request goes at once.
    expect(await settled(schedule.take())).toBe(true);
  });

  it('is outdated by a change until the next request goes', async () => {
    const schedule = new QuoteSchedule();
    expect(schedule.outdated).toBe(false);
    schedule.changed();
    expect(schedule.outdated).toBe(true);
    await schedule.take();
    expect(schedule.outdated).toBe(false);
  });
});
