import { sessionStore } from './session-store';

/** Waiting for a session to exist; null once renewing (or before the first call). */
let waiting: (() => void) | null = null;
/** Renewing tokens: stops it. */
let renewing: Promise<() => void> | null = null;

/**
 * Starts renewing tokens once a session exists (restored or newly logged in). The refresh
 * code loads only then, so a guest's first visit does not download it. Idempotent.
 */
export function keepSessionFresh(): void {
  if (waiting || renewing) return;
  const start = () => {
    if (renewing || sessionStore.getState().accessToken === null) return;
    waiting?.();
    waiting = null;
    renewing = import('./token-refresh').then(({ startTokenRefresh }) => startTokenRefresh());
  };
  waiting = sessionStore.subscribe(start);
  start();
}

/**
 * Stops renewing tokens, or waiting to: a page never needs it, a test's app must not renew
 * the next test's sessions.
 */
export async function stopKeepingSessionFresh(): Promise<void> {
  waiting?.();
  waiting = null;
  const stop = renewing;
  renewing = null;
  (await stop)?.();
}
