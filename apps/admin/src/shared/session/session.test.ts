import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  currentSession,
  endSession,
  isSignedIn,
  onSessionEnd,
  restoreSession,
  SESSION_STORAGE_KEY,
  startSession,
} from './session';

const NOW = Date.parse('2026-05-01T10:00:00.000Z');
const inMinutes = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

describe('the operator session', () => {
  it('is kept in this tab’s storage under backlay.admin.session, token and expiry', () => {
    startSession({ token: 'abc', expiresAt: inMinutes(30) });
    expect(JSON.parse(sessionStorage.getItem(SESSION_STORAGE_KEY) ?? 'null')).toEqual({
      token: 'abc',
      expiresAt: inMinutes(30),
    });
    expect(localStorage.length).toBe(0);
  });

  it('comes back after a reload while it lasts', () => {
    sessionStorage.setItem(
      SESSION_STORAGE_KEY,
      JSON.stringify({ token: 'abc', expiresAt: inMinutes(5) }),
    );
    restoreSession();
    expect(currentSession()?.token).toBe('abc');
  });

  it('is cleared at start when expired or unreadable', () => {
    sessionStorage.setItem(
      SESSION_STORAGE_KEY,
      JSON.stringify({ token: 'abc', expiresAt: inMinutes(-1) }),
    );
    restoreSession();
    expect(isSignedIn()).toBe(false);
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();

    sessionStorage.setItem(SESSION_STORAGE_KEY, '{not json');
    restoreSession();
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('ends by itself at its expiry and says so', () => {
    const ended = vi.fn();
    onSessionEnd(ended);
    startSession({ token: 'abc', expiresAt: inMinutes(10) });
    vi.advanceTimersByTime(10 * 60_000 - 1);
    expect(ended).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    // The timer ends it, with nobody reading the session: the sign-in page opens by itself.
    expect(ended).toHaveBeenCalledWith('expired');
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(isSignedIn()).toBe(false);
  });

  it('is cleared on sign-out, and ending no session tells nobody', () => {
    const ended = vi.fn();
    onSessionEnd(ended);
    startSession({ token: 'abc', expiresAt: inMinutes(10) });
    endSession('signed-out');
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    endSession('unauthorized');
    expect(ended.mock.calls).toEqual([['signed-out']]);
  });
});
