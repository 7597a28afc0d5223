import {} from '@backlay/contract/account';
import { refreshTokenRoute } from '@backlay/contract/account-calls';
import { callParsed } from '../api/call-api';
import { RequestError } from '../api/request-error';
import { logout } from './session-end';
import { readStoredSession, sessionStore, storeTokens, type SessionState } from './session-store';

/** How long before the access token expires it is renewed. */
export const REFRESH_LEAD_MS = 60_000;
/** The wait before trying again after a refresh that failed for want of a network. */
export const REFRESH_RETRY_MS = 15_000;
/** The longest delay `setTimeout` keeps; longer waits are taken in steps. */
const MAX_TIMER_MS = 2_147_483_647;
/** Tabs of one browser share the stored session; one of them renews it at a time. */
const REFRESH_LOCK_NAME = 'backlay-token-refresh';

let timer: ReturnType<typeof setTimeout> | undefined;
let inFlight: Promise<boolean> | null = null;

function setTimer(delayMs: number, run: () => void): void {
  clearTimeout(timer);
  timer = setTimeout(run, Math.min(Math.max(0, delayMs), MAX_TIMER_MS));
}

/** Runs the task while holding the cross-tab refresh lock, where the browser has one. */
async function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return task();
  return locks.request(REFRESH_LOCK_NAME, task);
}

async function renew(): Promise<boolean> {
  const held = sessionStore.getState();
  // Another tab may have renewed the shared session while this one waited for the lock:
  // its rotated tokens are in storage, and the old refresh token is spent.
  const stored = readStoredSession();
  if (
    stored.refreshToken !== null &&
    stored.refreshToken !== held.refreshToken &&
    (stored.expiresAtMs ?? 0) > (held.expiresAtMs ?? 0)
  ) {
    sessionStore.setState(stored, true);
    return true;
  }
  const { refreshToken, expiresAtMs } = held;
  if (!refreshToken) return false;
  try {
    const tokens = await callParsed(refreshTokenRoute, {
      query: { refreshToken },
    });
    // A logout or a new login while the call ran wins over its answer.
    if (sessionStore.getState().refreshToken !== refreshToken) return false;
    // The refresh token rotates: the new one replaces the spent one.
    storeTokens(tokens);
    return true;
  } catch (error) {
    // A refused refresh token ends the session for good, even though the 401 has already
    // wiped the tokens; otherwise a logout or login made meanwhile wins.
    const refused = error instanceof RequestError && error.status === 401;
    if (!refused && sessionStore.getState().refreshToken !== refreshToken) return false;
    const transient = error instanceof RequestError && error.retryable;
    if (transient && expiresAtMs !== null && Date.now() + REFRESH_RETRY_MS < expiresAtMs) {
      setTimer(REFRESH_RETRY_MS, () => void refreshSession());
    } else {
      logout();
    }
    return false;
  }
}

/**
 * Renews the access token with the refresh token and stores the rotated pair and the new
 * expiry. Only one refresh runs at a time; a second caller joins it. A refusal, or a
 * network failure that lasts until the token expires, logs the player out.
 */
export function refreshSession(): Promise<boolean> {
  inFlight ??= withRefreshLock(renew).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/** Plans the next refresh for a session: REFRESH_LEAD_MS before its expiry. */
function schedule(state: SessionState): void {
  clearTimeout(timer);
  timer = undefined;
  const { accessToken, expiresAtMs } = state;
  if (accessToken === null || expiresAtMs === null) return;
  const check = () => {
    const now = Date.now();
    const current = sessionStore.getState();
    if (current.expiresAtMs === null || current.accessToken === null) return;
    if (now < current.expiresAtMs - REFRESH_LEAD_MS) {
      setTimer(current.expiresAtMs - REFRESH_LEAD_MS - now, check);
    } else if (current.refreshToken) {
      void refreshSession();
    } else if (now < current.expiresAtMs) {
      // Nothing to renew with: the session simply ends when the token does.
      setTimer(current.expiresAtMs - now, check);
    } else {
      logout();
    }
  };
  setTimer(expiresAtMs - REFRESH_LEAD_MS - Date.now(), check);
}

let unsubscribe: (() => void) | null = null;

/**
 * Keeps the session renewed: schedules a refresh shortly before each expiry, and plans
 * again whenever the tokens change (login, refresh, another tab). Idempotent.
 */
export function startTokenRefresh(): () => void {
  if (!unsubscribe) {
    schedule(sessionStore.getState());
    const stop = sessionStore.subscribe((state, previous) => {
      if (
        state.accessToken !== previous.accessToken ||
        state.refreshToken !== previous.refreshToken ||
        state.expiresAtMs !== previous.expiresAtMs
      ) {
        schedule(state);
      }
    });
    unsubscribe = () => {
      stop();
      clearTimeout(timer);
      timer = undefined;
      unsubscribe = null;
    };
  }
  return unsubscribe;
}
