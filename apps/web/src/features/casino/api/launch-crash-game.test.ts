import { CRASH_GAME_CODE, CRASH_GAME_ID } from '@backlay/contract/casino';
import { describe, expect, it, vi } from 'vitest';
import { restoreSession } from '../../../shared/session/session-store';
import { STORAGE_KEYS } from '../../../shared/storage/storage-keys';
import { failedEnvelope, jsonResponse } from '../../../shared/test/fixtures';
import { launchCrashGame } from './launch-crash-game';

describe('launchCrashGame', () => {
  it('asks LaunchMac for the crash game as the stored user, with the bearer token', async () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, 'secret-token');
    localStorage.setItem(
      STORAGE_KEYS.userInfo,
      JSON.stringify({ userId: 42, balance: 0, exposure: 0 }),
    );
    // As on a page load: the stored session comes back with its bearer.
    restoreSession();
    const fetchImpl = vi.fn<typeof fetch>().mockResolvedValue(
      jsonResponse({
        success: true,
        result: { url: 'https://games.example/crash' },
        error: null,
        unAuthorizedRequest: false,
      }),
    );

    await expect(launchCrashGame(fetchImpl)).resolves.toBe('https://games.example/crash');

    const [url, init] = fetchImpl.mock.calls[0] ?? [];
    expect(url).toBe('/api/Casino/LaunchMac');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer secret-token');
    expect(JSON.parse(String(init?.body))).toEqual({
      userId: 42,
      gameCode: 'sbe_aviator',
      gameId: 201206,
      country: 'IN',
      language: 'en',
    });
    // The spec's crash game (§9), as the contract names it.
    expect([CRASH_GAME_CODE, CRASH_GAME_ID]).toEqual(['sbe_aviator', 201206]);
  });

  it('fails with the server message when the envelope says so', async () => {
    const fetchImpl = vi
      .fn<typeof fetch>()
      .mockResolvedValue(jsonResponse(failedEnvelope('Provider unavailable', 'UNAVAILABLE')));
    await expect(launchCrashGame(fetchImpl)).rejects.toThrow('Provider unavailable');
  });

  it('fails when the result has no URL', async () => {
    const fetchImpl = vi
      .fn<typeof fetch>()
      .mockResolvedValue(
        jsonResponse({ success: true, result: {}, error: null, unAuthorizedRequest: false }),
      );
    await expect(launchCrashGame(fetchImpl)).rejects.toThrow();
  });
});
