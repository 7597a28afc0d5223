/**
 * Who is online, across instances: with Redis, each instance shares its connections every few
 * seconds, so an operator asking any instance sees a player connected to another one, and a
 * player who leaves (or an instance that stops) drops out of the picture. Declared only when
 * both DATABASE_URL and REDIS_URL are set, since it needs both servers.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import * as calls from '@backlay/contract/admin-calls';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { testAppConfig, migratedTestDatabase } from '../../test-helper';
import { adminKit } from '../admin/admin-test-kit';
import { demoLogin, hubClient } from './hub-test-kit';

const { DATABASE_URL, REDIS_URL } = process.env;
const SHARE_MS = 100;

/** Waits until `condition` holds (checked every 25 ms), failing after `timeoutMs`. */
async function until(condition: () => Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error('the condition never held');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe.runIf(Boolean(DATABASE_URL && REDIS_URL))('who is online, across instances', () => {
  it('shows an operator on one instance the players connected to another', async () => {
    const db = await migratedTestDatabase('postgres');
    const config = testAppConfig({
      redisUrl: REDIS_URL ?? null,
      limits: { ...testAppConfig().limits, demoAddress: [] },
    });
    // A prefix of their own: other tests' instances on this Redis are not in this picture.
    const channelPrefix = `backlay:test-${randomBytes(4).toString('hex')}:`;
    const build = () =>
      buildApp({
        config,
        db,
        logger: false,
        hub: { presenceShareMs: SHARE_MS, channelPrefix },
      });
    const a = await build();
    const b: FastifyInstance = await build();
    let bClosed = false;
    try {
      const originB = await b.listen({ port: 0, host: '127.0.0.1' });
      const player = await demoLogin(originB);
      const client = hubClient(originB, { token: player.token });
      await client.connection.start();
      await client.connection.invoke('RegisterClient', {
        Browser: 'Shared presence test',
        Domain: 'localhost',
        CurrentPage: '/casino',
        Token: player.token,
      });
      const onA = async () =>
        (await a.hub.onlineEverywhere()).filter((entry) => entry.playerId === player.userId);

      await until(async () => (await onA()).length === 1);
      expect((await onA())[0]).toMatchObject({ domain: 'test', currentPage: '/casino' });
      expect((await onA())[0]?.connectedAt).toBeInstanceOf(Date);
      // A knows of it only from B's share: none of A's own connections is the player's.
      expect(a.hub.online().entries).toHaveLength(0);

      // The console on A lists the player, by name.
      const { call, owner } = adminKit(a);
      const boss = await owner('presence.owner');
      const online = await call(calls.onlineRoute, { token: boss.token });
      expect(online.result?.items).toEqual([
        expect.objectContaining({ playerId: player.userId, page: '/casino', domain: 'test' }),
      ]);
      expect(online.result?.items[0]?.userName).toBeTruthy();
      const dashboard = await call(calls.dashboardRoute, { token: boss.token, input: {} });
      expect(dashboard.result?.online.players).toBe(1);

      // The player leaves: gone from A's picture with B's next share.
      await client.connection.stop();
      await until(async () => (await onA()).length === 0);

      // An instance that stops withdraws its share at once.
      const other = hubClient(originB, { token: player.token });
      await other.connection.start();
      await other.connection.invoke('RegisterClient', {
        Browser: 'Shared presence test',
        Domain: 'localhost',
        CurrentPage: '/inplay',
        Token: player.token,
      });
      await until(async () => (await onA()).length === 1);
      // No wait: the share would otherwise outlive the instance for three share periods.
      await b.close();
      bClosed = true;
      expect(await onA()).toEqual([]);

      // An instance that died without withdrawing: its old share is ignored, and dropped.
      const redis = new Redis(REDIS_URL ?? '');
      try {
        const ghost = {
          instanceId: 'ghost',
          sharedAt: Date.now() - 60_000,
          entries: [{ domain: 'test', playerId: player.userId, lastSeenAt: new Date() }],
        };
        await redis.hset(`${channelPrefix}presence`, 'ghost', JSON.stringify(ghost));
        expect(await onA()).toEqual([]);
        await until(async () => (await redis.hexists(`${channelPrefix}presence`, 'ghost')) === 0);
      } finally {
        redis.disconnect();
      }
    } finally {
      if (!bClosed) await b.close();
      await a.close();
    }
  });
});
