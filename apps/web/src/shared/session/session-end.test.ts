import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LANGUAGE_KEY } from '../i18n/locale';
import { STORAGE_KEYS } from '../storage/storage-keys';
import { endUnauthorizedSession, logout, onSessionEnd, type SessionEnd } from './session-end';
import { restoreSession, sessionStore } from './session-store';

let ends: SessionEnd[];
let stop: () => void;
beforeEach(() => {
  ends = [];
  stop = onSessionEnd((end) => ends.push(end));
});
afterEach(() => stop());

describe('logout', () => {
  it('clears all local storage except the saved base URL and ends the session', () => {
    const kept = 'https://api.example.com/api/';
    localStorage.setItem(STORAGE_KEYS.baseUrl, kept);
    for (const key of [
      STORAGE_KEYS.accessToken,
      STORAGE_KEYS.refreshToken,
      STORAGE_KEYS.expireIn,
      STORAGE_KEYS.userInfo,
      STORAGE_KEYS.openBets,
      STORAGE_KEYS.domainSetting,
      STORAGE_KEYS.siteSuspended,
      STORAGE_KEYS.lobbyUrl,
      STORAGE_KEYS.uiPreferences,
      'somethingElse',
    ]) {
      localStorage.setItem(key, 'x');
    }
    restoreSession();
    expect(sessionStore.getState().accessToken).toBe('x');

    logout();

    expect(Object.keys(localStorage)).toEqual([STORAGE_KEYS.baseUrl]);
    expect(localStorage.getItem(STORAGE_KEYS.baseUrl)).toBe(kept);
    expect(sessionStore.getState()).toEqual({
      accessToken: null,
      refreshToken: null,
      expiresAtMs: null,
      userInfo: null,
    });
    expect(ends).toEqual([{ reason: 'logout', hadSession: true }]);
  });

  it("keeps the device's language, chosen before any login", () => {
    localStorage.setItem(LANGUAGE_KEY, 'hi');
    localStorage.setItem(STORAGE_KEYS.accessToken, 'x');
    logout();
    expect(Object.keys(localStorage)).toEqual([LANGUAGE_KEY]);
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('hi');
  });

  it('works without a saved base URL too', () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, 'x');
    logout();
    expect(localStorage.length).toBe(0);
  });
});

describe('endUnauthorizedSession', () => {
  it('says whether a session was still held, so a repeated 401 is told apart', () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, 'x');
    restoreSession();
    endUnauthorizedSession();
    endUnauthorizedSession();
    expect(ends).toEqual([
      { reason: 'unauthorized', hadSession: true },
      { reason: 'unauthorized', hadSession: false },
    ]);
  });
});
