import { describe, expect, it } from 'vitest';
import { HUB_PATH } from '@backlay/contract/hub';
import { listenHubApp, rawClient, upgradeStatus } from './hub-test-kit';

// Tight limits, so a test reaches them quickly; every request here comes from 127.0.0.1.
const { origin } = await listenHubApp({
  limits: {
    hubNegotiateAddress: [{ points: 3, durationSeconds: 60 }],
    hubConnectAddress: [{ points: 4, durationSeconds: 60 }],
  },
});
const crowded = await listenHubApp({ hub: { maxConnectionsPerAddress: 2 } });

describe('hub limits per address', () => {
  it('answers negotiations past the limit with 429 and Retry-After', async () => {
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${origin}${HUB_PATH}/negotiate?negotiateVersion=1`, {
        method: 'POST',
      });
      statuses.push(res.status);
      if (res.status === 429) retryAfter = res.headers.get('retry-after');
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });

  it('refuses WebSocket opens past the limit', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push(await upgradeStatus(origin));
    expect(statuses).toEqual([101, 101, 101, 101, 429, 429]);
  });

  it('keeps at most the set number of connections from one address open at once', async () => {
    const first = await rawClient(crowded.origin);
    await rawClient(crowded.origin);
    expect(await upgradeStatus(crowded.origin)).toBe(429);
    // A closed connection gives its place back.
    first.socket.close();
    await first.closed;
    await expect.poll(() => upgradeStatus(crowded.origin)).toBe(101);
  });

  it('serves no unknown or malformed host', async () => {
    expect(
      await upgradeStatus(crowded.origin, { headers: { host: 'made-up-brand.example' } }),
    ).toBe(503);
    expect(
      await upgradeStatus(crowded.origin, { headers: { host: `${'a'.repeat(254)}.com` } }),
    ).toBe(400);
    const negotiate = await crowded.app.inject({
      method: 'POST',
      url: `${HUB_PATH}/negotiate`,
      headers: { host: 'made-up-brand.example' },
    });
    expect(negotiate.statusCode).toBe(503);
    expect(negotiate.json()).toMatchObject({ error: { code: 'SITE_SUSPENDED' } });
  });
});
