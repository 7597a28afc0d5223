// The hub's protocol rules, timings and limits, driven by raw WebSockets (and the real client
// where its own timers matter) against an app whose hub timings are shortened.
import { HubConnectionState } from '@microsoft/signalr';
import { describe, expect, it } from 'vitest';
import { HUB_PATH } from '@backlay/contract/hub';
import {
  demoLogin,
  eventually,
  hubClient,
  listenHubApp,
  rawClient,
  upgradeStatus,
  type RawClient,
  seedMarkets,
} from './hub-test-kit';

const KEEP_ALIVE_MS = 150;
const CLIENT_TIMEOUT_MS = 500;
const HANDSHAKE_TIMEOUT_MS = 300;
const { app, db, origin } = await listenHubApp({
  hub: {
    keepAliveIntervalMs: KEEP_ALIVE_MS,
    clientTimeoutMs: CLIENT_TIMEOUT_MS,
    handshakeTimeoutMs: HANDSHAKE_TIMEOUT_MS,
    maxBufferedBytes: 64 * 1024,
    maxConnectionsPerPlayer: 2,
  },
});
const small = await listenHubApp({ hub: { maxConnections: 2, closeGraceMs: 500 } });

const CLOSE = 7;
const isClose = (record: Record<string, unknown>) => record.type === CLOSE;
const completionOf = (id: string) => (record: Record<string, unknown>) =>
  record.type === 3 && record.invocationId === id;
const registration = { Browser: 'raw', Domain: 'localhost', CurrentPage: '/', Token: null };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Keeps a raw client alive the way the real client does: a ping every so often. */
function keepPinging(client: RawClient, everyMs = 100): () => void {
  const timer = setInterval(() => client.send({ type: 6 }), everyMs);
  return () => clearInterval(timer);
}

async function negotiate(token?: string, version = '1') {
  const res = await fetch(`${origin}${HUB_PATH}/negotiate?negotiateVersion=${version}`, {
    method: 'POST',
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  });
  return (await res.json()) as { connectionId: string; connectionToken?: string };
}

describe('the hub handshake', () => {
  it('answers a JSON handshake with an empty object', async () => {
    const client = await rawClient(origin);
    expect(client.records[0]).toEqual({});
  });

  it('refuses other protocols and versions, and closes', async () => {
    for (const [request, error] of [
      [
        { protocol: 'messagepack', version: 1 },
        "Requested protocol 'messagepack' is not available.",
      ],
      [
        { protocol: 'json', version: 2 },
        "The server does not support version 2 of the 'json' protocol.",
      ],
      ['not json', 'The handshake request is not valid JSON.'],
    ] as const) {
      const client = await rawClient(origin, { handshake: false });
      client.send(request);
      expect(await client.next((record) => 'error' in record)).toEqual({ error });
      expect((await client.closed).code).toBe(1000);
    }
  });

  it('closes a connection whose handshake does not come in time', async () => {
    // Taken before connecting, as the server's handshake timer starts on its side of the open.
    const started = Date.now();
    const client = await rawClient(origin, { handshake: false });
    const closed = await client.closed;
    expect(Date.now() - started).toBeGreaterThanOrEqual(HANDSHAKE_TIMEOUT_MS - 20);
    expect(closed.code).toBe(1000);
    expect(client.records).toEqual([{ error: 'The handshake did not arrive in time.' }]);
  });
});

describe('hub keep-alive and timeouts', () => {
  it('pings a quiet connection at its keep-alive interval', async () => {
    const client = await rawClient(origin);
    const stop = keepPinging(client);
    const pingTimes: number[] = [];
    client.socket.on('message', (data) => {
      if (data.toString() === '{"type":6}\u001e') pingTimes.push(Date.now());
    });
    await sleep(KEEP_ALIVE_MS * 5);
    stop();
    expect(pingTimes.length).toBeGreaterThanOrEqual(3);
    const gaps = pingTimes.slice(1).map((at, i) => at - (pingTimes[i] ?? at));
    for (const gap of gaps) {
      expect(gap).toBeGreaterThanOrEqual(KEEP_ALIVE_MS - 15);
      expect(gap).toBeLessThan(KEEP_ALIVE_MS * 2);
    }
  });

  it('closes a silent client after the timeout, and keeps one that pings', async () => {
    // Taken before the silent client connects: the server hears from it last after this moment,
    // so its close comes no sooner than the timeout after it (the second client's connecting
    // came in between, and measured from after it the close once came 22 ms "early").
    const started = Date.now();
    const silent = await rawClient(origin);
    const lively = await rawClient(origin);
    const stop = keepPinging(lively);
    const close = await silent.next(isClose, CLIENT_TIMEOUT_MS * 4);
    expect(Date.now() - started).toBeGreaterThanOrEqual(CLIENT_TIMEOUT_MS - 20);
    expect(close).toEqual({
      type: CLOSE,
      error: 'Server timeout elapsed without receiving a message from the client.',
      allowReconnect: true,
    });
    expect((await silent.closed).code).toBe(1000);
    await sleep(CLIENT_TIMEOUT_MS);
    stop();
    expect(lively.socket.readyState).toBe(lively.socket.OPEN);
    expect(lively.records.filter(isClose)).toEqual([]);
  });

  it('keeps the real client connected on pings alone', async () => {
    const client = hubClient(origin);
    client.connection.serverTimeoutInMilliseconds = CLIENT_TIMEOUT_MS;
    client.connection.keepAliveIntervalInMilliseconds = 100;
    let closedWith: Error | undefined | null = null;
    client.connection.onclose((error) => {
      closedWith = error;
    });
    await client.connection.start();
    await sleep(CLIENT_TIMEOUT_MS * 3);
    expect(closedWith).toBeNull();
    expect(client.connection.state).toBe(HubConnectionState.Connected);
  });
});

describe('hub message rules', () => {
  it('closes with an error on a message over 32 KB, and takes one just under', async () => {
    const client = await rawClient(origin);
    const stop = keepPinging(client);
    client.send({ type: 1, invocationId: 'a', target: 'Nothing', arguments: ['x'.repeat(30_000)] });
    expect(await client.next(completionOf('a'))).toEqual({
      type: 3,
      invocationId: 'a',
      error: "Unknown hub method 'Nothing'.",
    });
    client.send({ type: 1, invocationId: 'b', target: 'Nothing', arguments: ['x'.repeat(40_000)] });
    const close = await client.next(isClose);
    stop();
    expect(close.error).toMatch(/^Messages are limited to 32768 bytes; this one had 400\d\d\.$/);
    expect(close.allowReconnect).toBeUndefined();
    expect((await client.closed).code).toBe(1009);

    // Far over the limit, the socket layer refuses the frame before it is even read.
    const huge = await rawClient(origin);
    huge.socket.send('x'.repeat(100_000));
    expect((await huge.closed).code).toBe(1009);
  });

  it('closes on protocol errors', async () => {
    for (const [message, error] of [
      ['{not json', 'Protocol error: A message is not valid JSON.'],
      [
        JSON.stringify({ type: 3, invocationId: '1', result: 1 }),
        'Protocol error: The server expected no stream item or completion.',
      ],
      [
        JSON.stringify({ type: 1, invocationId: 'i'.repeat(65), target: 'X', arguments: [] }),
        'Protocol error: Invocation ids are strings of 1 to 64 characters.',
      ],
      [
        JSON.stringify({ type: 1, invocationId: '1', target: 'X', arguments: {} }),
        'Protocol error: Invocation arguments must be an array.',
      ],
    ]) {
      const client = await rawClient(origin);
      client.socket.send(`${message}\u001e`);
      expect(await client.next(isClose)).toEqual({ type: CLOSE, error });
      await client.closed;
    }
  });

  it('ignores what needs no answer and answers streams it cannot serve', async () => {
    const client = await rawClient(origin);
    client.send(
      { type: 1, target: 'NoSuchMethod', arguments: [] },
      { type: 5, invocationId: 'gone' },
      { type: 99, future: true },
      { type: 4, invocationId: 's', target: 'RegisterClient', arguments: [] },
      { type: 1, invocationId: 'u', target: 'WatchMarkets', arguments: [], streamIds: ['1'] },
      { type: 1, invocationId: 'last', target: 'UnwatchMarkets', arguments: [['m']] },
    );
    await client.next(completionOf('last'));
    expect(client.records.slice(1)).toEqual([
      {
        type: 3,
        invocationId: 's',
        error:
          "The client attempted to invoke the non-streaming 'RegisterClient' method with a streaming invocation.",
      },
      { type: 3, invocationId: 'u', error: "'WatchMarkets' does not take streams." },
      { type: 3, invocationId: 'last', result: { Watching: [] } },
    ]);
  });

  it('closes when too many invocations wait for an answer', async () => {
    const player = await demoLogin(origin);
    const client = await rawClient(origin, { query: `access_token=${player.token}` });
    const register = (i: number) => ({
      type: 1,
      invocationId: String(i),
      target: 'RegisterClient',
      arguments: [{ Browser: 'b', Domain: 'localhost', CurrentPage: '/', Token: player.token }],
    });
    client.send(...Array.from({ length: 20 }, (_, i) => register(i)));
    expect(await client.next(isClose)).toEqual({
      type: CLOSE,
      error: 'Too many invocations are waiting for an answer.',
    });
  });

  it('closes the socket when the client says it is closing', async () => {
    const client = await rawClient(origin);
    client.send({ type: 6 }, { type: CLOSE });
    expect((await client.closed).code).toBe(1000);
  });
});

describe('hub connection limits', () => {
  it('drops a client that stops reading instead of buffering for it', async () => {
    const stalled = await rawClient(origin);
    const healthy = await rawClient(origin);
    const stops = [keepPinging(stalled), keepPinging(healthy)];
    const ids: string[] = [];
    await seedMarkets(db, ['flood']);
    for (const client of [stalled, healthy]) {
      client.send(
        { type: 1, invocationId: 'w', target: 'WatchMarkets', arguments: [['flood']] },
        { type: 1, invocationId: 'r', target: 'RegisterClient', arguments: [registration] },
      );
      const registered = await client.next(completionOf('r'));
      ids.push((registered.result as { ConnectionId: string }).ConnectionId);
    }
    const isOnline = (id: string) => app.hub.online().entries.some((e) => e.connectionId === id);
    const [stalledId = '', healthyId = ''] = ids;
    expect(ids.every(isOnline)).toBe(true);
    stalled.socket.pause();

    const runners = Array.from({ length: 100 }, (_, i) => ({
      RunnerId: i,
      Back: Array.from({ length: 10 }, () => ({ Price: 1.01, Size: 123456.78 })),
      Lay: Array.from({ length: 10 }, () => ({ Price: 999, Size: 123456.78 })),
    }));
    // About 65 KB each: publish until the stalled client is dropped, or 65 MB have gone out.
    let published = 0;
    while (isOnline(stalledId) && published < 1_000) {
      await app.hub.publishMarketOdds({ MarketId: 'flood', Runners: runners, PublishedAt: 1 });
      published++;
      // The healthy client lives in this process too: let it read.
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    expect(isOnline(stalledId)).toBe(false);
    expect(published).toBeGreaterThan(1);
    await eventually(
      () =>
        healthy.records.filter((r) => r.type === 1 && r.target === 'Message').length === published,
      10_000,
    );
    stops.forEach((stop) => stop());
    expect(isOnline(healthyId)).toBe(true);
    expect(healthy.socket.readyState).toBe(healthy.socket.OPEN);
  });

  it('closes the oldest connection of a player beyond the limit', async () => {
    const player = await demoLogin(origin);
    const [first, second, third] = [
      await rawClient(origin, { query: `access_token=${player.token}` }),
      await rawClient(origin, { query: `access_token=${player.token}` }),
      await rawClient(origin, { query: `access_token=${player.token}` }),
    ] as const;
    expect(await first.next(isClose)).toEqual({
      type: CLOSE,
      error:
        'Too many connections for this account: at most 2. This one was replaced by a newer one.',
    });
    expect((await first.closed).code).toBe(1008);
    for (const client of [second, third]) {
      client.send({ type: 1, invocationId: 'r', target: 'UnwatchMarkets', arguments: [['m']] });
      expect(await client.next(completionOf('r'))).toMatchObject({ result: { Watching: [] } });
    }
  });

  it('checks negotiated connection ids: unknown 404, reused 409, someone else 403', async () => {
    expect(await upgradeStatus(origin, { query: 'id=made-up.token' })).toBe(404);

    const guest = await negotiate();
    const first = await rawClient(origin, { query: `id=${guest.connectionToken}` });
    expect(first.records[0]).toEqual({});
    expect(await upgradeStatus(origin, { query: `id=${guest.connectionToken}` })).toBe(409);

    const player = await demoLogin(origin);
    const other = await negotiate();
    expect(
      await upgradeStatus(origin, {
        query: `id=${other.connectionToken}&access_token=${player.token}`,
      }),
    ).toBe(403);
    const own = await negotiate(player.token);
    expect(
      await upgradeStatus(origin, {
        query: `id=${own.connectionToken}&access_token=${player.token}`,
      }),
    ).toBe(101);

    // Version 0: the connection id itself is the id to send.
    const v0 = await negotiate(undefined, '0');
    const old = await rawClient(origin, { query: `id=${v0.connectionId}` });
    expect(old.records[0]).toEqual({});
  });

  it('refuses upgrades beyond the instance limit and elsewhere than the hub', async () => {
    await rawClient(small.origin);
    await rawClient(small.origin);
    expect(await upgradeStatus(small.origin)).toBe(503);
    const wrongPath = await new Promise<number>((resolve) => {
      void fetch(`${small.origin}/somewhere`, {
        headers: { connection: 'upgrade', upgrade: 'websocket' },
      })
        .then((res) => resolve(res.status))
        .catch(() => resolve(-1));
    });
    expect([404, -1]).toContain(wrongPath);
    const plain = await fetch(`${small.origin}${HUB_PATH}`);
    expect(plain.status).toBe(400);
  });
});

describe('hub shutdown', () => {
  it('sends every client a Close that allows reconnecting, then stops', async () => {
    await eventually(() => small.app.hub.stats().connections === 0);
    const clients = [await rawClient(small.origin), await rawClient(small.origin)];
    const started = Date.now();
    await small.app.close();
    expect(Date.now() - started).toBeLessThan(2_000);
    for (const client of clients) {
      expect(client.records.filter(isClose)).toEqual([
        { type: CLOSE, error: 'The server is shutting down.', allowReconnect: true },
      ]);
      expect((await client.closed).code).toBe(1000);
    }
    expect(small.app.hub.stats().connections).toBe(0);
  });
});
