/**
 * The simulated feed's clock: simulated time as a function of wall time, anchored at one moment
 * and running `timeScale` times faster (FEED_TIME_SCALE). It is stored with the run, so a
 * restart goes on with the same clock rather than starting a new one.
 */

export interface FeedClock {
  /** At this wall time… */
  wallMs: number;
  /** …the feed's clock read this simulated time… */
  feedMs: number;
  /** …and it runs this many times faster than the wall clock. */
  timeScale: number;
}

/**
 * At most this much simulated time that passed while the feed was down is played through after a
 * restart. A day covers any outage an operator would sit through at real time, and keeps a fast
 * demo clock (60 simulated days for a day's stop at scale 60) from meaning hours of catching up.
 */
export const MAX_CATCH_UP_MS = 24 * 3_600_000;

/** The simulated time at a wall time. */
export function feedTimeMs(clock: FeedClock, wallMs: number): number {
  return clock.feedMs + (wallMs - clock.wallMs) * clock.timeScale;
}

/**
 * The clock a resumed run goes on with, the feed having applied everything up to `resumeFromMs`
 * (simulated). The time it was down counts, at the scale it ran at: a real match plays on while
 * nobody watches, and the feed catches up with its clock. More than MAX_CATCH_UP_MS behind, the
 * clock is set back (by `setBackMs`) to that much ahead of the feed, which then runs that much
 * behind the wall clock for good. The clock goes on at `timeScale` from now, so a new
 * FEED_TIME_SCALE takes effect at a restart without a jump.
 */
export function resumedClock(
  stored: FeedClock,
  resumeFromMs: number,
  wallMs: number,
  timeScale: number,
): { clock: FeedClock; setBackMs: number } {
  const dueMs = feedTimeMs(stored, wallMs);
  const setBackMs = Math.max(0, dueMs - resumeFromMs - MAX_CATCH_UP_MS);
  return { clock: { wallMs, feedMs: dueMs - setBackMs, timeScale }, setBackMs };
}
