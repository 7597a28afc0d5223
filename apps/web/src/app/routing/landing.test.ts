import { describe, expect, it, vi } from 'vitest';
import { resolveLanding, type LandingInput } from './landing';

function input(overrides: Partial<LandingInput> = {}) {
  const launchCrashGame = vi
    .fn<() => Promise<string>>()
    .mockResolvedValue('https://games.example/crash?t=1');
  const storeLobbyUrl = vi.fn<(url: string) => void>();
  const value: LandingInput = {
    hasAccessToken: true,
    storedSettingDomain: 'aviatorclub.in',
    isCasinoOnlyDomain: (domain) => domain === 'aviatorclub.in',
    indexLandingHost: false,
    launchCrashGame,
    storeLobbyUrl,
    ...overrides,
  };
  return value;
}

describe('resolveLanding', () => {
  it('opens the crash game in the lobby for a player on a casino-only domain', async () => {
    const landing = input();
    await expect(resolveLanding(landing)).resolves.toBe('/lobby');
    expect(landing.launchCrashGame).toHaveBeenCalledTimes(1);
    expect(landing.storeLobbyUrl).toHaveBeenCalledWith('https://games.example/crash?t=1');
  });

  it('swallows a failed game request and lands among the casino games, as the brand has no sports', async () => {
    const landing = input({ launchCrashGame: () => Promise.reject(new Error('provider down')) });
    await expect(resolveLanding(landing)).resolves.toBe('/casino');
    expect(landing.storeLobbyUrl).not.toHaveBeenCalled();
  });

  it('swallows a failed game request on a special hostname too', async () => {
    const landing = input({
      indexLandingHost: true,
      launchCrashGame: () => Promise.reject(new Error('provider down')),
    });
    await expect(resolveLanding(landing)).resolves.toBe('/casino');
  });

  it('launches nothing for a guest on a casino-only domain', async () => {
    const landing = input({ hasAccessToken: false });
    await expect(resolveLanding(landing)).resolves.toBe('/matchlist/3');
    expect(landing.launchCrashGame).not.toHaveBeenCalled();
  });

  it('launches nothing without a stored domain setting', async () => {
    const landing = input({ storedSettingDomain: null });
    await expect(resolveLanding(landing)).resolves.toBe('/matchlist/3');
    expect(landing.launchCrashGame).not.toHaveBeenCalled();
  });

  it('launches nothing on a domain that is not casino-only', async () => {
    const landing = input({ storedSettingDomain: '99exch.com' });
    await expect(resolveLanding(landing)).resolves.toBe('/matchlist/3');
    expect(landing.launchCrashGame).not.toHaveBeenCalled();
  });

  it('lands on /index on a special hostname', async () => {
    const landing = input({ hasAccessToken: false, indexLandingHost: true });
    await expect(resolveLanding(landing)).resolves.toBe('/index');
  });
});
