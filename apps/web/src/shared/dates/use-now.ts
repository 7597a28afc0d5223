import { useEffect, useState } from 'react';

/** The time now, in ms, updated every `intervalMs` while `running`; for countdowns. */
export function useNow(running: boolean, intervalMs = 1_000): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [running, intervalMs]);
  return now;
}
