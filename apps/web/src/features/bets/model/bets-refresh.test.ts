import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BALANCE_ECHO_WINDOW_MS, BETS_REFRESH_COALESCE_MS, BetsRefresh } from './bets-refresh';

const WALLET = { balance: 9_000, exposure: 1_000 };

/** A read that finishes when the test says so. */
function controlledRead() {
  const finishers: (() => void)[] = [];
  const read = vi.fn(
    () => new Promise<void>((resolve) => finishers.push(resolve)) as Promise<unknown>,
  );
  return {
    read,
    finish: async () => {
      finishers.shift()?.();
      await vi.advanceTimersByTimeAsync(0);
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('BetsRefresh', () => {
  it('reads once for an answer and the push of the same wallet that follows it', async () => {
    const { read, finish } = controlledRead();
    const refresh = new BetsRefresh(read);

    const answered = refresh.answered(WALLET);
    await vi.advanceTimersByTimeAsync(BETS_REFRESH_COALESCE_MS);
    const pushed = refresh.pushed(WALLET);
    await finish();

    await expect(Promise.all([answered, pushed])).resolves.toBeDefined();
    await vi.advanceTimersByTimeAsync(BALANCE_ECHO_WINDOW_MS);
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('reads once when the push comes first, and the answer waits for that read', async () => {
    const { read, finish } = controlledRead();
    const refresh = new BetsRefresh(read);

    void refresh.pushed(WALLET);
    await vi.advanceTimersByTimeAsync(BETS_REFRESH_COALESCE_MS);
    let answerSettled = false;
    void refresh.answered(WALLET).then(() => (answerSettled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(answerSettled).toBe(false);

    await finish();
    expect(answerSettled).toBe(true);
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('reads once for a burst of requests', async () => {
    const { read, finish } = controlledRead();
    const refresh = new BetsRefresh(read);

    void refresh.pushed({ balance: 1, exposure: 0 });
    void refresh.pushed({ balance: 2, exposure: 0 });
    void refresh.request();
    await vi.advanceTimersByTimeAsync(BETS_REFRESH_COALESCE_MS);
    await finish();

    expect(read).toHaveBeenCalledTimes(1);
  });

  it('reads once more after a running read when asked during it, never cancelling it', async () => {
    const { read, finish } = controlledRead();
    const refresh = new BetsRefresh(read);

    void refresh.request();
    await vi.advanceTimersByTimeAsync(BETS_REFRESH_COALESCE_MS);
    void refresh.pushed({ balance: 5, exposure: 0 });
    void refresh.pushed({ balance: 6, exposure: 0 });
    await vi.advanceTimersByTimeAsync(BETS_REFRESH_COALESCE_MS);
    expect(read).toHaveBeenCalledTimes(1);

    await finish();
    expect(read).toHaveBeenCalledTimes(2);
    await finish();
    await vi.advanceTimersByTimeAsync(BETS_REFRESH_COALESCE_MS);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('reads for every push, even one with unchanged figures: a bet may have matched', async () => {
    const { read, finish } = controlledRead();
    const refresh = new BetsRefresh(read);

    void refresh.pushed(WALLET);
    await vi.advanceTimersByTimeAsync(BETS_REFRESH_COALESCE_MS);
    await finish();
    void refresh.pushed(WALLET);
    await vi.advanceTimersByTimeAsync(BETS_REFRESH_COALESCE_MS);
    await finish();

    expect(read).toHaveBeenCalledTimes(2);
  });

  it('pairs an answer with one push only, of the same figures, within the echo window', async () => {
    let now = 0;
    const { read, finish } = controlledRead();
    const refresh = new BetsRefresh(read, () => now);
    const settle = async () => {
      await vi.advanceTimersByTimeAsync(BETS_REFRESH_COALESCE_MS);
      await finish();
    };

    void refresh.answered(WALLET);
    await settle();
    // Other figures: another change.
    void refresh.pushed({ balance: 8_000, exposure: 2_000 });
    await settle();
    expect(read).toHaveBeenCalledTimes(2);

    void refresh.answered(WALLET);
    await settle();
    now += BALANCE_ECHO_WINDOW_MS + 1;
    // Too late to be the answer's echo.
    void refresh.pushed(WALLET);
    await settle();
    expect(read).toHaveBeenCalledTimes(4);

    now += BALANCE_ECHO_WINDOW_MS + 1;
    void refresh.answered(WALLET);
    await settle();
    void refresh.pushed(WALLET);
    void refresh.pushed(WALLET);
    await settle();
    expect(read).toHaveBeenCalledTimes(6);
  });
});
