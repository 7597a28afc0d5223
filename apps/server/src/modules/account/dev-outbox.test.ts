import { describe, expect, it } from 'vitest';
import { build } from '../../test-helper';

const { app } = await build();

/** The outbox as a caller at `remoteAddress` sees it. */
const outboxFrom = (remoteAddress: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: '/api/dev/outbox', remoteAddress, headers });

describe('the development outbox', () => {
  it.each(['127.0.0.1', '127.0.1.1', '::1', '::ffff:127.0.0.1'])('answers %s', async (address) => {
    const res = await outboxFrom(address);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, result: expect.any(Array) });
  });

  it.each(['10.0.0.5', '192.168.1.20', '203.0.113.9', '::ffff:10.0.0.5', '2001:db8::7'])(
    'does not exist for %s',
    async (address) => {
      const res = await outboxFrom(address);
      const missing = await app.inject({
        method: 'GET',
        url: '/api/dev/nothing',
        remoteAddress: address,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        success: false,
        result: null,
        error: {
          code: 'NOT_FOUND',
          message: 'There is no API call GET /api/dev/outbox.',
          details: null,
        },
        unAuthorizedRequest: false,
      });
      expect(missing.json().error.code).toBe('NOT_FOUND');
    },
  );

  it('refuses what a proxy on this machine forwards', async () => {
    const forwarded: Record<string, string>[] = [
      { 'x-forwarded-for': '203.0.113.9' },
      { 'x-forwarded-for': '127.0.0.1' },
      { forwarded: 'for=203.0.113.9' },
      { 'x-real-ip': '203.0.113.9' },
    ];
    for (const headers of forwarded) {
      expect((await outboxFrom('127.0.0.1', headers)).statusCode, JSON.stringify(headers)).toBe(
        404,
      );
    }
  });

  it('refuses a remote client behind a trusted proxy', async () => {
    const { app: proxied } = await build({ config: { trustProxy: true } });
    const res = await proxied.inject({
      method: 'GET',
      url: '/api/dev/outbox',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '198.51.100.4' },
    });
    expect(res.statusCode).toBe(404);
  });
});
