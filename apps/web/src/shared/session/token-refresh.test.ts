import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../storage/storage-keys';
import { jsonResponse, okEnvelope, requestOf, unauthorizedEnvelope } from '../test/fixtures';
import { onSessionEnd, type SessionEnd } from './session-end';
import { sessionStore, storeTokens } from './session-store';
import {
  REFRESH_LEAD_MS,
  REFRESH_RETRY_MS,
  refreshSession,
  startTokenRefresh,
} from './token-refresh';

const START = 1_700_000_000_000;
const LIFE_S = 1800;

function rotated(n: number) {
  return okEnvelope({
    accessToken: `access-${n}`,
    refreshToken: `refresh-${n}-0123456789abcdef`,
    expireInSeconds: LIFE_S,
  });
}

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
let ends: SessionEnd[];
let stops: (() => void)[];

beforeEach(() => {
  vi.useFakeTimers({ now: START });
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  ends = [];
  stops = [onSessionEnd((end) => ends.push(end))];
  localStorage.setItem(STORAGE_KEYS.baseUrl, '/api/');
  storeTokens({
    accessToken: 'access-1',
    refreshToken: 'refresh-1-0123456789abcdef',
    expireInSeconds: LIFE_S,
  });
});

afterEach(() => {
  for (const stop of stops) stop();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const refreshCalls = () =>
  fetchMock.mock.calls.filter(([url]) => String(url).includes('/Account/RefreshToken'));

describe('token refresh', () => {
  it('renews the token REFRESH_LEAD_MS before expiry and stores the rotated pair', async () => {
    fetchMock.mockResolvedValue(jsonResponse(rotated(2)));
    stops.push(startTokenRefresh());

    await vi.advanceTimersByTimeAsync(LIFE_S * 1000 - REFRESH_LEAD_MS - 1);
    expect(refreshCalls()).toHaveLength(0);

    await vi.advanceTimersByTimeAsync(1);
    expect(refreshCalls()).toHaveLength(1);
    const sent = requestOf(refreshCalls()[0]);
    expect(sent.method).toBe('GET');
    expect(sent.url.searchParams.get('refreshToken')).toBe('refresh-1-0123456789abcdef');
    expect(sent.headers.has('Authorization')).toBe(false);

    const renewedAt = START + LIFE_S * 1000 - REFRESH_LEAD_MS;
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('access-2');
    // The refresh token rotates: the new one must replace the spent one.
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-2-0123456789abcdef');
    expect(localStorage.getItem(STORAGE_KEYS.expireIn)).toBe(String(renewedAt + LIFE_S * 1000));
    expect(sessionStore.getState().accessToken).toBe('access-2');

    // The next refresh follows the new expiry, with the new refresh token.
    fetchMock.mockResolvedValue(jsonResponse(rotated(3)));
    await vi.advanceTimersByTimeAsync(LIFE_S * 1000 - REFRESH_LEAD_MS - 1);
    expect(refreshCalls()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(refreshCalls()).toHaveLength(2);
    expect(requestOf(refreshCalls()[1]).url.searchParams.get('refreshToken')).toBe(
      'refresh-2-0123456789abcdef',
    );
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('access-3');
  });

  it('plans again when a new login changes the expiry', async () => {
    fetchMock.mockResolvedValue(jsonResponse(rotated(2)));
    stops.push(startTokenRefresh());
    storeTokens({
      accessToken: 'other',
      refreshToken: 'refresh-x-0123456789',
      expireInSeconds: 120,
    });

    await vi.advanceTimersByTimeAsync(120_000 - REFRESH_LEAD_MS);
    expect(refreshCalls()).toHaveLength(1);
    expect(requestOf(refreshCalls()[0]).url.searchParams.get('refreshToken')).toBe(
      'refresh-x-0123456789',
    );
  });

  it('runs one refresh at a time', async () => {
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockImplementation(() => new Promise((resolve) => (answer = resolve)));

    const first = refreshSession();
    const second = refreshSession();
    await vi.advanceTimersByTimeAsync(0);
    expect(refreshCalls()).toHaveLength(1);
    answer(jsonResponse(rotated(2)));

    await expect(first).resolves.toBe(true);
    await expect(second).resolves.toBe(true);
    expect(refreshCalls()).toHaveLength(1);
  });

  it('logs out when the refresh token is refused', async () => {
    localStorage.setItem(STORAGE_KEYS.domainSetting, '{}');
    fetchMock.mockResolvedValue(jsonResponse(unauthorizedEnvelope(), 401));

    await expect(refreshSession()).resolves.toBe(false);

    expect(Object.keys(localStorage)).toEqual([STORAGE_KEYS.baseUrl]);
    expect(sessionStore.getState().accessToken).toBeNull();
    expect(ends.map((e) => e.reason)).toContain('logout');
  });

  it('tries again after a network failure, while the token still lives', async () => {
    fetchMock
      .mockRejectedValueOnce(new TypeError('offline'))
      .mockResolvedValueOnce(jsonResponse(rotated(2)));

    await expect(refreshSession()).resolves.toBe(false);
    expect(sessionStore.getState().accessToken).toBe('access-1');
    expect(ends).toEqual([]);

    await vi.advanceTimersByTimeAsync(REFRESH_RETRY_MS);
    expect(refreshCalls()).toHaveLength(2);
    expect(sessionStore.getState().accessToken).toBe('access-2');
  });

  it('logs out when the network stays away until the token expires', async () => {
    fetchMock.mockRejectedValue(new TypeError('offline'));
    stops.push(startTokenRefresh());
    await vi.advanceTimersByTimeAsync(LIFE_S * 1000);
    expect(sessionStore.getState().accessToken).toBeNull();
    expect(ends.map((e) => e.reason)).toEqual(['logout']);
  });

  it('takes the pair another tab already renewed instead of spending the old token', async () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, 'access-from-tab-b');
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh-from-tab-b-0123');
    localStorage.setItem(STORAGE_KEYS.expireIn, String(START + 2 * LIFE_S * 1000));

    await expect(refreshSession()).resolves.toBe(true);

    expect(fetchMock).not.toHaveBeenCalled();
    expect(sessionStore.getState().accessToken).toBe('access-from-tab-b');
  });

  it('ends a session that has no refresh token when its token expires', async () => {
    storeTokens({ accessToken: 'only', refreshToken: '', expireInSeconds: 300 });
    stops.push(startTokenRefresh());
    await vi.advanceTimersByTimeAsync(300_000 - 1);
    expect(sessionStore.getState().accessToken).toBe('only');
    await vi.advanceTimersByTimeAsync(1);
    expect(sessionStore.getState().accessToken).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
