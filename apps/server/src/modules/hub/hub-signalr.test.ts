// The hub driven by the real `@microsoft/signalr` client over a real socket, on every test
// backend: PGlite in-process, and PostgreSQL with the Redis backplane when both are configured.
import { HubConnectionState } from '@microsoft/signalr';
import { describe, expect, it } from 'vitest';
import {
  HUB_MESSAGE_CODES,
  HUB_PATH,
  type DecodedHubMessage,
  type MarketOddsData,
} from '@backlay/contract/hub';
import { fakeWebDist, migratedTestDatabase, TEST_BACKENDS } from '../../test-helper';
import {
  apiCall,
  demoLogin,
  eventually,
  holdBet,
  holdBetIn,
  hubClient,
  listenHubApp,
  loseBet,
  redisClientNames,
  startInstance,
  upgradeStatus,
  seedMarkets,
} from './hub-test-kit';

const SETUPS = TEST_BACKENDS.map((backend) => ({
  backend,
  redisUrl: backend === 'postgres' ? (process.env.REDIS_URL ?? null) : null,
}));
const APPS = await Promise.all(
  SETUPS.map(async (setup) => ({ ...setup, t: await listenHubApp(setup) })),
);

const BROWSER = 'Mozilla/5.0 (Linux; Android 14) TestPhone';
const registration = (token: string | null, page = '/matchlist/3') => ({
  Browser: BROWSER,
  Domain: 'localhost',
  CurrentPage: page,
  Token: token,
});
const isBalance =
  (balance: number, exposure = 0) =>
  (message: DecodedHubMessage) =>
    message.code === 'UserBalance' &&
    message.data.Balance === balance &&
    message.data.Exposure === exposure;

function odds(marketId: string, price: number): MarketOddsData {
  return {
    MarketId: marketId,
    Runners: [{ RunnerId: 1, Back: [{ Price: price, Size: 250 }], Lay: [] }],
    PublishedAt: Date.now(),
  };
}

describe.each(APPS)('the hub on $backend (redis: $redisUrl)', ({ t }) => {
  const { app, db, origin } = t;

  it('negotiates version 1 with a connection token, and version 0 without', async () => {
    const v1 = await fetch(`${origin}${HUB_PATH}/negotiate?negotiateVersion=1`, {
      method: 'POST',
    });
    expect(v1.status).toBe(200);
    const body = (await v1.json()) as Record<string, string>;
    expect(body).toEqual({
      negotiateVersion: 1,
      connectionId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      connectionToken: expect.any(String),
      availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text', 'Binary'] }],
    });
    expect(body.connectionToken).not.toContain(body.connectionId);

    const v0 = (await (
      await fetch(`${origin}${HUB_PATH}/negotiate`, { method: 'POST' })
    ).json()) as Record<string, string>;
    expect(v0.negotiateVersion).toBe(0);
    expect(v0.connectionToken).toBeUndefined();
    expect(v0.connectionId?.length).toBeGreaterThan(36);

    const later = (await (
      await fetch(`${origin}${HUB_PATH}/negotiate?negotiateVersion=7`, { method: 'POST' })
    ).json()) as Record<string, unknown>;
    expect(later.negotiateVersion).toBe(1);
    const bad = await fetch(`${origin}${HUB_PATH}/negotiate?negotiateVersion=x`, {
      method: 'POST',
    });
    expect(bad.status).toBe(400);
  });

  it('connects a player, registers and beats, and tracks where they are', async () => {
    const player = await demoLogin(origin);
    const client = hubClient(origin, { token: player.token });
    await client.connection.start();
    expect(client.connection.state).toBe(HubConnectionState.Connected);

    const result = await client.connection.invoke('RegisterClient', registration(player.token));
    expect(result).toEqual({ ConnectionId: client.connection.connectionId, Authenticated: true });
    const [entry] = app.hub.online({ playerId: player.userId }).entries;
    expect(entry).toMatchObject({
      connectionId: client.connection.connectionId,
      domain: 'test',
      playerId: player.userId,
      clientDomain: 'localhost',
      browser: BROWSER,
      currentPage: '/matchlist/3',
      groupBy: null,
    });
    const registeredAt = entry?.lastSeenAt.getTime() ?? Infinity;

    await new Promise((resolve) => setTimeout(resolve, 5));
    // A heartbeat answers with no result (a void method) and records the page and group.
    const beat = await client.connection.invoke('SendHeartbeat', {
      ...registration(player.token, '/casino'),
      GroupBy: 'sports',
    });
    expect(beat).toBeUndefined();
    const [after] = app.hub.online({ playerId: player.userId }).entries;
    expect(after).toMatchObject({ currentPage: '/casino', groupBy: 'sports' });
    expect(after?.lastSeenAt.getTime()).toBeGreaterThan(registeredAt);
    expect(app.hub.online({ domain: 'test' }).summary.pages).toContainEqual({
      page: '/casino',
      connections: expect.any(Number),
    });

    await client.connection.stop();
    await eventually(() => app.hub.online({ playerId: player.userId }).entries.length === 0);
  });

  it('closes every connection of a player whose login is locked, and only theirs', async () => {
    const locked = await demoLogin(origin);
    const other = await demoLogin(origin);
    const clients = [locked, locked, other].map((p) => hubClient(origin, { token: p.token }));
    for (const client of clients) await client.connection.start();
    for (const [i, client] of clients.entries()) {
      const who = i < 2 ? locked : other;
      await client.connection.invoke('RegisterClient', registration(who.token));
    }
    const closedWith: (Error | undefined)[] = [];
    for (const client of clients.slice(0, 2)) client.connection.onclose((e) => closedWith.push(e));

    await app.hub.closePlayer('test', locked.userId, 'This account is disabled.');
    await eventually(() => closedWith.length === 2);
    expect(closedWith.map((e) => e?.message)).toEqual([
      expect.stringContaining('This account is disabled.'),
      expect.stringContaining('This account is disabled.'),
    ]);
    await eventually(() => app.hub.online({ playerId: locked.userId }).entries.length === 0);
    expect(clients[2]?.connection.state).toBe(HubConnectionState.Connected);
  });

  it('pushes UserBalance after every committed money movement, to that player only', async () => {
    const alice = await demoLogin(origin);
    const bob = await demoLogin(origin);
    const aliceTab1 = hubClient(origin, { token: alice.token });
    const aliceTab2 = hubClient(origin, { token: alice.token });
    const bobClient = hubClient(origin, { token: bob.token });
    await Promise.all([aliceTab1, aliceTab2, bobClient].map((c) => c.connection.start()));

    // A bet held as exposure: the wallet announces the committed figures, nobody publishes.
    await holdBet(db, alice.userId, 2_500_00);
    await aliceTab1.next(isBalance(100_000, 2_500));
    expect(aliceTab1.raw.at(-1)).toEqual({
      Code: 'UserBalance',
      Data: expect.stringMatching(/^\{"Balance":100000\.00,"Exposure":2500\.00,"Version":\d+\}$/),
    });

    // A lost bet, then the demo top-up adds play money; each commit is pushed.
    await loseBet(db, alice.userId, 1_234_50);
    await aliceTab2.next(isBalance(98_765.5, 2_500));
    const topUp = await apiCall(origin, 'POST', 'Account/TopUpDemoBalance', alice.token);
    expect(topUp.body.result).toEqual({ balance: 198_765.5, exposure: 2_500 });
    for (const tab of [aliceTab1, aliceTab2]) {
      await eventually(() => tab.messages.length === 3);
      expect(tab.messages.map((m) => ({ ...m.data, Version: undefined }))).toEqual([
        { Balance: 100_000, Exposure: 2_500, Version: undefined },
        { Balance: 98_765.5, Exposure: 2_500, Version: undefined },
        { Balance: 198_765.5, Exposure: 2_500, Version: undefined },
      ]);
      const versions = tab.messages.map((m) => (m.code === 'UserBalance' ? m.data.Version : -1));
      expect(versions).toEqual([...versions].sort((a, b) => (a ?? 0) - (b ?? 0)));
      expect(new Set(versions).size).toBe(3);
    }

    // Bob's own push arrives after Alice's on the same publisher: had hers leaked, they
    // would already be here.
    await holdBet(db, bob.userId, 10_00);
    await bobClient.next(isBalance(100_000, 10));
    expect(bobClient.messages).toEqual([
      {
        code: 'UserBalance',
        data: { Balance: 100_000, Exposure: 10, Version: expect.any(Number) },
      },
    ]);
  });

  it('pushes nothing for a transaction that rolls back', async () => {
    const player = await demoLogin(origin);
    const client = hubClient(origin, { token: player.token });
    await client.connection.start();
    await expect(
      db.transaction(async (tx) => {
        await holdBetIn(tx, player.userId, 5_00);
        throw new Error('rolled back after the hold');
      }),
    ).rejects.toThrow('rolled back after the hold');
    await holdBet(db, player.userId, 2_00);
    await client.next(isBalance(100_000, 2));
    expect(client.messages).toHaveLength(1);
  });

  it('refuses a bad token on negotiate and on the WebSocket', async () => {
    const negotiate = await fetch(`${origin}${HUB_PATH}/negotiate?negotiateVersion=1`, {
      method: 'POST',
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(negotiate.status).toBe(401);
    expect(await negotiate.json()).toMatchObject({ success: false, unAuthorizedRequest: true });

    const client = hubClient(origin, { token: 'not-a-token' });
    await expect(client.connection.start()).rejects.toThrow(/401/);
    expect(client.connection.state).toBe(HubConnectionState.Disconnected);

    expect(await upgradeStatus(origin, { query: 'access_token=not-a-token' })).toBe(401);
    expect(await upgradeStatus(origin, { headers: { authorization: 'Bearer not-a-token' } })).toBe(
      401,
    );
    // A good token of another domain is as bad here.
    const player = await demoLogin(origin);
    expect(
      await upgradeStatus(origin, {
        query: `access_token=${player.token}`,
        headers: { host: '99exch.com' },
      }),
    ).toBe(401);
    expect(await upgradeStatus(origin, { query: `access_token=${player.token}` })).toBe(101);
  });

  it('connects without negotiation when the client skips it', async () => {
    const player = await demoLogin(origin);
    const client = hubClient(origin, {
      token: player.token,
      connection: { skipNegotiation: true },
    });
    await client.connection.start();
    const result = await client.connection.invoke('RegisterClient', registration(player.token));
    expect(result.Authenticated).toBe(true);
  });

  it('answers unknown methods and bad arguments with completion errors', async () => {
    const client = hubClient(origin);
    await client.connection.start();
    await expect(client.connection.invoke('NoSuchMethod', 1)).rejects.toThrow(
      "Unknown hub method 'NoSuchMethod'.",
    );
    await expect(client.connection.invoke('RegisterClient')).rejects.toThrow(
      "'RegisterClient' takes one argument, { Browser, Domain, CurrentPage, Token }; it was given 0.",
    );
    await expect(
      client.connection.invoke('RegisterClient', { Browser: 5, Domain: '', CurrentPage: '/' }),
    ).rejects.toThrow(/^Invalid argument for 'RegisterClient': Browser: .*; Domain: /);
    await expect(
      client.connection.invoke('RegisterClient', registration('forged.token.value')),
    ).rejects.toThrow('Your session has ended. Please log in again.');
    // The connection survives all of it.
    expect(await client.connection.invoke('RegisterClient', registration(null))).toMatchObject({
      Authenticated: false,
    });
  });

  it('lets guests watch markets, and pushes odds and status to watchers only', async () => {
    const guest = hubClient(origin);
    const other = hubClient(origin);
    await Promise.all([guest.connection.start(), other.connection.start()]);
    const marketId = `1.${Date.now()}`;
    await seedMarkets(db, [marketId, 'm-2', 'm-3']);
    expect(await guest.connection.invoke('WatchMarkets', [marketId, 'm-2'])).toEqual({
      Watching: [marketId, 'm-2'],
    });
    expect(await other.connection.invoke('WatchMarkets', ['m-3'])).toEqual({
      Watching: ['m-3'],
    });

    await app.hub.publishMarketOdds(odds(marketId, 1.95));
    await app.hub.publishMarketStatus({
      MarketId: marketId,
      Status: 'suspended',
      InPlay: true,
      PublishedAt: Date.now(),
    });
    const pushed = await guest.next((m) => m.code === 'MarketStatus');
    expect(pushed.data).toMatchObject({ MarketId: marketId, Status: 'suspended', InPlay: true });
    expect(guest.messages[0]).toMatchObject({
      code: HUB_MESSAGE_CODES.marketOdds,
      data: { MarketId: marketId, Runners: [{ RunnerId: 1, Back: [{ Price: 1.95, Size: 250 }] }] },
    });

    expect(await guest.connection.invoke('UnwatchMarkets', [marketId])).toEqual({
      Watching: ['m-2'],
    });
    await app.hub.publishMarketOdds(odds(marketId, 2.5));
    await app.hub.publishMarketOdds(odds('m-3', 3));
    await other.next((m) => m.code === 'MarketOdds');
    await app.hub.publishMarketOdds(odds('m-2', 4));
    await guest.next((m) => m.code === 'MarketOdds' && m.data.MarketId === 'm-2');
    expect(guest.messages.map((m) => m.code)).toEqual(['MarketOdds', 'MarketStatus', 'MarketOdds']);
    expect(other.messages).toHaveLength(1);

    await expect(app.hub.publishMarketOdds(odds(marketId, 0.5))).rejects.toThrow();
    await expect(guest.connection.invoke('WatchMarkets', ['bad id!'])).rejects.toThrow(
      /Invalid argument for 'WatchMarkets'/,
    );
    // Only markets that exist; a made-up id would still cost a backplane subscription.
    await expect(guest.connection.invoke('WatchMarkets', ['made-up-1', 'm-3'])).rejects.toThrow(
      'There is no market made-up-1.',
    );
    expect(await guest.connection.invoke('UnwatchMarkets', ['made-up-1'])).toEqual({
      Watching: ['m-2'],
    });
    const many = Array.from({ length: 100 }, (_, i) => `bulk-${i}`);
    await expect(guest.connection.invoke('WatchMarkets', many)).rejects.toThrow(
      'A connection can watch at most 100 markets; unwatch some first.',
    );
  });

  it('turns a guest connection into the player who registers with a token', async () => {
    const player = await demoLogin(origin);
    const stranger = await demoLogin(origin);
    const client = hubClient(origin);
    await client.connection.start();
    expect(await client.connection.invoke('RegisterClient', registration(null))).toMatchObject({
      Authenticated: false,
    });
    expect(
      await client.connection.invoke('RegisterClient', registration(player.token)),
    ).toMatchObject({ Authenticated: true });
    await holdBet(db, player.userId, 7_00);
    await client.next(isBalance(100_000, 7));

    await expect(
      client.connection.invoke('SendHeartbeat', { ...registration(stranger.token), GroupBy: 1 }),
    ).rejects.toThrow('The token belongs to another account than this connection.');
  });

  it('reconnects by itself after the server drops the socket or asks it to', async () => {
    const player = await demoLogin(origin);
    const client = hubClient(origin, { token: player.token, reconnect: [0, 50, 100] });
    const reconnected: (string | undefined)[] = [];
    const registrations: Promise<unknown>[] = [];
    client.connection.onreconnected((id) => {
      reconnected.push(id);
      // The spec's client registers again on every connect.
      registrations.push(client.connection.invoke('RegisterClient', registration(player.token)));
    });
    // Closing while a registration is still on its way would fail that call, not the test's point.
    const registered = () => Promise.all(registrations);
    await client.connection.start();
    const firstId = client.connection.connectionId ?? '';

    expect(app.hub.disconnect(firstId, { abort: true })).toBe(true);
    await eventually(() => reconnected.length === 1);
    expect(client.connection.state).toBe(HubConnectionState.Connected);
    expect(reconnected[0]).not.toBe(firstId);
    await registered();

    app.hub.disconnect(reconnected[0] ?? '', { error: 'Moving you over.', allowReconnect: true });
    await eventually(() => reconnected.length === 2);
    await eventually(() => app.hub.online({ playerId: player.userId }).entries.length === 1);

    await holdBet(db, player.userId, 3_00);
    await client.next(isBalance(100_000, 3));

    // A close that allows no reconnect ends the connection with the server's error.
    await registered();
    const closed = new Promise<Error | undefined>((resolve) => client.connection.onclose(resolve));
    app.hub.disconnect(reconnected[1] ?? '', { error: 'Go away.', allowReconnect: false });
    expect((await closed)?.message).toContain('Go away.');
    expect(reconnected).toHaveLength(2);
  });
});

// Scale-out: two server processes (the real `main.ts`) on one PostgreSQL schema and one Redis.
// A change made through one instance reaches the player's connection on the other. Declared only
// when both DATABASE_URL and REDIS_URL are set, since it needs both servers.
const { DATABASE_URL, REDIS_URL } = process.env;
if (DATABASE_URL && REDIS_URL) {
  const db = await migratedTestDatabase('postgres');
  const [row] = await db.query<{ schema: string }>('SELECT current_schema() AS schema');
  if (!row) throw new Error('the test schema is unknown');
  const url = new URL(DATABASE_URL);
  url.searchParams.set('options', `-c search_path=${row.schema}`);
  // An in-test instance on the same Redis, to publish market odds the way a feed would.
  const feed = await listenHubApp({ backend: 'postgres', redisUrl: REDIS_URL });

  describe('the hub across two server processes', () => {
    it('brings a change made through instance A to the player connected to instance B', async () => {
      const env = {
        PORT: '0',
        HOST: '127.0.0.1',
        DATABASE_URL: url.toString(),
        REDIS_URL,
        WEB_DIST_DIR: fakeWebDist(),
      };
      const a = startInstance(env);
      const b = startInstance(env);
      try {
        const [originA, originB] = await Promise.all([a.listening, b.listening]);
        const player = await demoLogin(originA);
        const bystander = await demoLogin(originA);
        const onB = hubClient(originB, { token: player.token });
        const bystanderOnA = hubClient(originA, { token: bystander.token });
        await Promise.all([onB.connection.start(), bystanderOnA.connection.start()]);
        await seedMarkets(db, ['scale-1']);
        expect(await onB.connection.invoke('WatchMarkets', ['scale-1'])).toEqual({
          Watching: ['scale-1'],
        });

        await loseBet(db, player.userId, 4_321_00);
        const topUp = await apiCall(originA, 'POST', 'Account/TopUpDemoBalance', player.token);
        expect(topUp.body.result).toEqual({ balance: 195_679, exposure: 0 });
        const pushed = await onB.next((m: DecodedHubMessage) => m.code === 'UserBalance');
        expect(pushed.data).toEqual({ Balance: 195_679, Exposure: 0, Version: expect.any(Number) });

        // The demo player watches the play-money book's prices.
        await feed.app.hub.publishMarketOdds(
          {
            MarketId: 'scale-1',
            Runners: [{ RunnerId: 7, Back: [{ Price: 2.02, Size: 10 }], Lay: [] }],
            PublishedAt: Date.now(),
          },
          'play',
        );
        const odds = await onB.next((m) => m.code === 'MarketOdds');
        expect(odds.data).toMatchObject({ MarketId: 'scale-1', Runners: [{ RunnerId: 7 }] });
        expect(onB.messages.map((m) => m.code)).toEqual(['UserBalance', 'MarketOdds']);
        expect(bystanderOnA.messages).toEqual([]);

        // Stopping B ends its connection with a Close that lets the client go elsewhere.
        const closed = new Promise<Error | undefined>((resolve) => onB.connection.onclose(resolve));
        b.child.kill('SIGTERM');
        expect(await b.exited).toBe(0);
        expect((await closed)?.message).toContain('The server is shutting down.');
      } finally {
        for (const instance of [a, b])
          if (instance.child.exitCode === null) instance.child.kill('SIGTERM');
        await Promise.all([a.exited, b.exited]);
      }
    });

    it('closes its Redis connections when the app closes', async () => {
      const id = feed.app.hub.instanceId;
      expect(await redisClientNames(REDIS_URL)).toEqual(
        expect.arrayContaining([`${id}-pub`, `${id}-sub`]),
      );
      await feed.app.close();
      let left = await redisClientNames(REDIS_URL);
      for (let i = 0; i < 20 && left.some((name) => name.startsWith(id)); i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        left = await redisClientNames(REDIS_URL);
      }
      expect(left.filter((name) => name.startsWith(id))).toEqual([]);
    });
  });
}
