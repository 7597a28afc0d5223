import type { SessionEndReason } from '../paths';

/** Where the operator's session is kept: this tab only, and gone when the tab closes. */
export const SESSION_STORAGE_KEY = 'backlay.admin.session';

/** The bearer of the operator's calls and when it stops working. */
export interface AdminSession {
  token: string;
  /** ISO time from `session/sign-in`. */
  expiresAt: string;
}

/** The longest delay a browser timer takes (about 24.8 days); later expiries are re-armed. */
const MAX_TIMER_MS = 2 ** 31 - 1;

type Listener = () => void;
type EndListener = (reason: SessionEndReason) => void;

let current: AdminSession | null = null;
let expiryTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<Listener>();
const endListeners = new Set<EndListener>();

function isSession(value: unknown): value is AdminSession {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as AdminSession).token === 'string' &&
    (value as AdminSession).token !== '' &&
    typeof (value as AdminSession).expiresAt === 'string'
  );
}

function expiresAtMs(session: AdminSession): number {
  const ms = Date.parse(session.expiresAt);
  // An unreadable expiry counts as already past: the server's answer was not understood.
  return Number.isNaN(ms) ? 0 : ms;
}

function notify(): void {
  for (const listener of listeners) listener();
}

function armExpiry(session: AdminSession): void {
  clearTimeout(expiryTimer);
  const remainingMs = expiresAtMs(session) - Date.now();
  expiryTimer = setTimeout(
    () => {
      if (current !== session) return;
      if (expiresAtMs(session) <= Date.now()) endSession('expired');
      else armExpiry(session);
    },
    Math.min(Math.max(remainingMs, 0), MAX_TIMER_MS),
  );
}

/** Keeps a new session (after sign-in) in this tab's storage and arms its expiry. */
export function startSession(session: AdminSession): void {
  current = session;
  sessionStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
  armExpiry(session);
  notify();
}

/**
 * Ends the session: forgets the token in memory and storage and tells the listeners why
 * (signed out, refused by the server, or expired). Ending no session does nothing.
 */
export function endSession(reason: SessionEndReason): void {
  const had = current !== null || sessionStorage.getItem(SESSION_STORAGE_KEY) !== null;
  current = null;
  clearTimeout(expiryTimer);
  sessionStorage.removeItem(SESSION_STORAGE_KEY);
  if (!had) return;
  notify();
  for (const listener of endListeners) listener(reason);
}

function parseStored(raw: string | null): unknown {
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    // A hand-edited or truncated value is no session; it is cleared below.
    return null;
  }
}

/** Reads the stored session back at start; an expired or unreadable one is cleared. */
export function restoreSession(): void {
  const stored = parseStored(sessionStorage.getItem(SESSION_STORAGE_KEY));
  if (!isSession(stored) || expiresAtMs(stored) <= Date.now()) {
    sessionStorage.removeItem(SESSION_STORAGE_KEY);
    current = null;
    return;
  }
  current = stored;
  armExpiry(stored);
}

/** The live session, or null; one found past its expiry is ended on the spot. */
export function currentSession(): AdminSession | null {
  if (current && expiresAtMs(current) <= Date.now()) endSession('expired');
  return current;
}

/** Whether an operator is signed in in this tab. */
export function isSignedIn(): boolean {
  return currentSession() !== null;
}

/** Calls `listener` whenever the session starts or ends; returns the unsubscribe. */
export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Calls `listener` with the reason each time a session ends; returns the unsubscribe. */
export function onSessionEnd(listener: EndListener): () => void {
  endListeners.add(listener);
  return () => endListeners.delete(listener);
}

/** Forgets the session and every listener without telling anyone (tests). */
export function resetSessionForTests(): void {
  current = null;
  clearTimeout(expiryTimer);
  listeners.clear();
  endListeners.clear();
}
