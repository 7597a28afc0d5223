import { describe, expect, it } from 'vitest';
import { MAX_CATCH_UP_MS, feedTimeMs, resumedClock, type FeedClock } from './feed-clock';

const MINUTE_MS = 60_000;
const T0 = Date.parse('2026-04-01T09:00:00Z');

describe('the feed clock', () => {
  const clock: FeedClock = { wallMs: T0, feedMs: T0, timeScale: 60 };

  it('runs timeScale times faster than the wall clock from its anchor', () => {
    expect(feedTimeMs(clock, T0)).toBe(T0);
    expect(feedTimeMs(clock, T0 + MINUTE_MS)).toBe(T0 + 60 * MINUTE_MS);
  });

  it('counts a short outage at the scale it ran at, so the feed catches up', () => {
    const stoppedMs = T0 + 10 * MINUTE_MS;
    const appliedMs = feedTimeMs(clock, stoppedMs);
    const wallMs = stoppedMs + 5 * MINUTE_MS;
    const { clock: resumed, setBackMs } = resumedClock(clock, appliedMs, wallMs, 60);
    expect(setBackMs).toBe(0);
    expect(feedTimeMs(resumed, wallMs)).toBe(feedTimeMs(clock, wallMs));
    expect(feedTimeMs(resumed, wallMs + MINUTE_MS)).toBe(feedTimeMs(clock, wallMs + MINUTE_MS));
  });

  it('takes a new time scale from the restart on, without a jump', () => {
    const wallMs = T0 + 10 * MINUTE_MS;
    const { clock: resumed } = resumedClock(clock, feedTimeMs(clock, wallMs), wallMs, 1);
    expect(feedTimeMs(resumed, wallMs)).toBe(feedTimeMs(clock, wallMs));
    expect(feedTimeMs(resumed, wallMs + MINUTE_MS)).toBe(feedTimeMs(clock, wallMs) + MINUTE_MS);
  });

  it('catches up at most MAX_CATCH_UP_MS after a long outage, then runs that much behind', () => {
    const realTime: FeedClock = { wallMs: T0, feedMs: T0, timeScale: 1 };
    const wallMs = T0 + 3 * 24 * 60 * MINUTE_MS;
    const { clock: resumed, setBackMs } = resumedClock(realTime, T0, wallMs, 1);
    expect(feedTimeMs(resumed, wallMs)).toBe(T0 + MAX_CATCH_UP_MS);
    expect(setBackMs).toBe(wallMs - T0 - MAX_CATCH_UP_MS);
  });
});
