import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../storage/storage-keys';
import { readAccessToken, readUserInfo } from './session';
import {
  parseUserInfo,
  restoreSession,
  sessionStore,
  storeStakes,
  storeTokens,
  storeUserInfo,
  wipeSession,
} from './session-store';

const NOW = 1_700_000_000_000;

function storeFullSession(expiresAtMs: number) {
  localStorage.setItem(STORAGE_KEYS.accessToken, 'token-a');
  localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh-a');
  localStorage.setItem(STORAGE_KEYS.expireIn, String(expiresAtMs));
  localStorage.setItem(
    STORAGE_KEYS.userInfo,
    JSON.stringify({ userId: 'u1', userName: 'alice', balance: 10.5, exposure: 2, cricket: true }),
  );
  localStorage.setItem(STORAGE_KEYS.openBets, '[{"eventId":1}]');
  localStorage.setItem(STORAGE_KEYS.baseUrl, 'https://api.example.com/');
  localStorage.setItem(STORAGE_KEYS.domainSetting, '{"domain":"test"}');
}

afterEach(() => {
  vi.useRealTimers();
});

describe('restoreSession', () => {
  it('clears an expired session on reload: token, user info, open bets and the rest of it', () => {
    storeFullSession(NOW - 1);

    const state = restoreSession(NOW);

    expect(state.accessToken).toBeNull();
    expect(readAccessToken()).toBeNull();
    for (const key of [
      STORAGE_KEYS.accessToken,
      STORAGE_KEYS.refreshToken,
      STORAGE_KEYS.expireIn,
      STORAGE_KEYS.userInfo,
      STORAGE_KEYS.openBets,
    ]) {
      expect(localStorage.getItem(key), key).toBeNull();
    }
    // What is not the player's stays.
    expect(localStorage.getItem(STORAGE_KEYS.baseUrl)).toBe('https://api.example.com/');
    expect(localStorage.getItem(STORAGE_KEYS.domainSetting)).toBe('{"domain":"test"}');
  });

  it('treats expiry at this very moment as expired', () => {
    storeFullSession(NOW);
    expect(restoreSession(NOW).accessToken).toBeNull();
  });

  it('restores a live session and its bearer', () => {
    storeFullSession(NOW + 60_000);

    const state = restoreSession(NOW);

    expect(state).toMatchObject({
      accessToken: 'token-a',
      refreshToken: 'refresh-a',
      expiresAtMs: NOW + 60_000,
    });
    expect(readAccessToken()).toBe('token-a');
    expect(readUserInfo()).toMatchObject({ userName: 'alice', balance: 10.5, cricket: true });
    expect(localStorage.getItem(STORAGE_KEYS.openBets)).toBe('[{"eventId":1}]');
  });

  it('keeps a token stored without an expiry: presence alone means logged in', () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, 'token-b');
    expect(restoreSession(NOW).accessToken).toBe('token-b');
  });

  it('follows a login or logout made in another tab', () => {
    restoreSession(NOW);
    localStorage.setItem(STORAGE_KEYS.accessToken, 'from-other-tab');
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.accessToken }));
    expect(readAccessToken()).toBe('from-other-tab');

    localStorage.clear();
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    expect(readAccessToken()).toBeNull();
  });
});

describe('storing the session', () => {
  it('stores tokens with the expiry in ms: now + expireInSeconds × 1000', () => {
    storeTokens({ accessToken: 'a', refreshToken: 'r', expireInSeconds: 1800 }, NOW);
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('a');
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('r');
    expect(localStorage.getItem(STORAGE_KEYS.expireIn)).toBe(String(NOW + 1_800_000));
    expect(sessionStore.getState().expiresAtMs).toBe(NOW + 1_800_000);
  });

  it('stores user info with the stake buttons the bet slip reads', () => {
    storeTokens({ accessToken: 'a', refreshToken: 'r', expireInSeconds: 60 }, NOW);
    const info = parseUserInfo({ userId: 'u1', userName: 'Demo', isDemo: true, balance: 1 });
    if (!info) throw new Error('unparsed');
    storeUserInfo(info);
    storeStakes([{ title: '1k', value: 1000 }]);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.userInfo) ?? '{}')).toMatchObject({
      userName: 'Demo',
      isDemo: true,
      stakes: [{ title: '1k', value: 1000 }],
    });
  });

  it('wipes token, refresh token, expiry and user info on a 401, and nothing else', () => {
    storeFullSession(NOW + 60_000);
    restoreSession(NOW);
    wipeSession();
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.expireIn)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.userInfo)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.baseUrl)).not.toBeNull();
  });
});

describe('parseUserInfo', () => {
  it('reads stored data leniently: unknown amounts are NaN, missing flags off', () => {
    expect(parseUserInfo({ userId: 7, balance: '12.50' })).toMatchObject({
      userId: 7,
      userName: '',
      balance: 12.5,
      exposure: Number.NaN,
      football: false,
      stakes: null,
    });
  });

  it('refuses what has neither an id nor a name', () => {
    expect(parseUserInfo({ balance: 1 })).toBeNull();
    expect(parseUserInfo('alice')).toBeNull();
  });

  it('drops stake buttons that are not buttons', () => {
    expect(parseUserInfo({ userId: 1, stakes: [{ title: '', value: 1 }] })?.stakes).toBeNull();
    expect(parseUserInfo({ userId: 1, stakes: [{ title: 'a', value: -1 }] })?.stakes).toBeNull();
  });
});
