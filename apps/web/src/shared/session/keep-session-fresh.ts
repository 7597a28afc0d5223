import { sessionStore } from './session-store';

let started = false;

/**
 * Starts renewing tokens once a session exists (restored or newly logged in). The refresh
 * code loads only then, so a guest's first visit does not download it.
 */
export function keepSessionFresh(): void {
  if (started) return;
  const start = () => {
    if (started || sessionStore.getState().accessToken === null) return;
    started = true;
    stop();
    void import('./token-refresh').then(({ startTokenRefresh }) => startTokenRefresh());
  };
  const stop = sessionStore.subscribe(start);
  start();
}
