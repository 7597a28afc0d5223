import { useEffect, useState } from 'react';

/** Whole seconds from now until a moment (ms since the epoch), never below zero. */
export function secondsUntil(targetMs: number | null, nowMs: number = Date.now()): number {
  if (targetMs === null) return 0;
  return Math.max(0, Math.ceil((targetMs - nowMs) / 1000));
}

/** Formats seconds as m:ss. */
export function formatCountdown(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * The seconds left until a moment, re-rendering once a second until it is reached. The
 * clock is read on every render, so a new target counts from now, not from the last tick.
 */
export function useCountdown(targetMs: number | null): number {
  const [, setTick] = useState(0);
  const left = secondsUntil(targetMs);
  useEffect(() => {
    if (left <= 0) return;
    const id = setInterval(() => setTick((t) => t + 1), 1000);
    return () => clearInterval(id);
  }, [left]);
  return left;
}
