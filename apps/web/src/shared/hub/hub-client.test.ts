import { HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBuilder, FakeHubConnection, type BuilderConfig } from '../test/fake-hub-connection';
import {
  HUB_HEARTBEAT_INTERVAL_MS,
  HUB_MAX_WATCHED_MARKETS,
  HubClient,
  type HubClientOptions,
  type HubConnectionLike,
} from './hub-client';
import type { HubState } from './hub-status';

const URL = 'http://localhost:3000/hubs/main';

let connection: FakeHubConnection;
let config: BuilderConfig;
let token: string | null;
let page: string;
let states: HubState[];
let errors: string[];
let pushes: unknown[];
let clients: HubClient[];

function createClient(overrides: Partial<HubClientOptions> = {}): HubClient {
  const client = new HubClient({
    url: URL,
    createBuilder: () => fakeBuilder(connection, config),
    readToken: () => token,
    describeClient: () => ({ browser: 'Chrome 140', domain: 'test', currentPage: page }),
    onMessage: (payload) => pushes.push(payload),
    onStateChange: (state) => states.push(state),
    logError: (message) => errors.push(message),
    ...overrides,
  });
  clients.push(client);
  return client;
}

const registration = (currentPage = '/matchlist/3', Token = 'token-1') => ({
  Browser: 'Chrome 140',
  Domain: 'test',
  CurrentPage: currentPage,
  Token,
});

beforeEach(() => {
  vi.useFakeTimers();
  connection = new FakeHubConnection();
  config = {};
  token = 'token-1';
  page = '/matchlist/3';
  states = [];
  errors = [];
  pushes = [];
  clients = [];
});

afterEach(async () => {
  for (const client of clients) await client.stop();
  vi.useRealTimers();
});

describe('configuration', () => {
  it('uses the spec limits: reconnect delays, server timeout, keep-alive, HTTP timeout', async () => {
    await createClient().start();

    expect(config.url).toBe(URL);
    expect(config.retryDelays).toEqual([0, 2000, 10000, 30000]);
    expect(config.serverTimeoutMs).toBe(30_000);
    expect(config.keepAliveIntervalMs).toBe(15_000);
    expect(config.options?.timeout).toBe(100_000);
  });

  it('hands the library the stored token, read afresh at each connection', async () => {
    await createClient().start();
    const factory = config.options?.accessTokenFactory;
    expect(factory?.()).toBe('token-1');
    token = 'token-2';
    expect(factory?.()).toBe('token-2');
  });

  it("sets the library connection's own timeouts through its real builder", async () => {
    let built: HubConnectionLike | undefined;
    const realBuilder = () => {
      const builder = new HubConnectionBuilder();
      const build = builder.build.bind(builder);
      builder.build = () => {
        const real = build();
        // The network stays out of it: only the configuration is under test.
        real.start = () => Promise.reject(new Error('offline'));
        built = real;
        return real;
      };
      return builder;
    };
    await createClient({ createBuilder: realBuilder }).start();

    const real = built as unknown as { serverTimeoutInMilliseconds: number } & {
      keepAliveIntervalInMilliseconds: number;
      baseUrl: string;
    };
    expect(real.serverTimeoutInMilliseconds).toBe(30_000);
    expect(real.keepAliveIntervalInMilliseconds).toBe(15_000);
    expect(real.baseUrl).toBe(URL);
  });

  it("logs the library's warnings and errors as errors, and nothing below them", async () => {
    await createClient().start();
    config.logger?.log(LogLevel.Information, 'negotiating');
    config.logger?.log(LogLevel.Debug, 'chatter');
    config.logger?.log(LogLevel.Warning, 'slow server');
    config.logger?.log(LogLevel.Error, 'socket failed');
    expect(errors).toEqual(['slow server', 'socket failed']);
  });

  it('logs to console.error by default, never anywhere a player would see it', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    connection.startImpl = () => Promise.reject(new Error('refused'));
    await createClient({ logError: undefined }).start();
    expect(consoleError).toHaveBeenCalledWith(
      'Real-time connection: The connection could not be opened.',
      expect.any(Error),
    );
    consoleError.mockRestore();
  });
});

describe('states and registration', () => {
  it('goes connecting → connected, registering with browser, domain, page and token', async () => {
    const client = createClient();
    expect(client.currentState).toBe('disconnected');

    await client.start();
    await vi.advanceTimersByTimeAsync(0);

    expect(states).toEqual(['connecting', 'connected']);
    expect(client.currentState).toBe('connected');
    expect(connection.calls('RegisterClient')).toEqual([[registration()]]);
  });

  it('starts once however often it is asked', async () => {
    const client = createClient();
    await Promise.all([client.start(), client.start()]);
    await client.start();
    expect(connection.starts).toBe(1);
  });

  it('goes reconnecting when the network drops and registers again on reconnecting', async () => {
    const client = createClient();
    await client.start();
    page = '/inplay';
    token = 'token-2';

    connection.loseConnection();
    expect(client.currentState).toBe('reconnecting');
    connection.restoreConnection();
    await vi.advanceTimersByTimeAsync(0);

    expect(states).toEqual(['connecting', 'connected', 'reconnecting', 'connected']);
    expect(connection.calls('RegisterClient')).toEqual([
      [registration()],
      [registration('/inplay', 'token-2')],
    ]);
  });

  it('stops on logout: disconnecting → disconnected, and nothing more is sent', async () => {
    const client = createClient();
    await client.start();

    await client.stop();
    expect(states).toEqual(['connecting', 'connected', 'disconnecting', 'disconnected']);
    expect(connection.stops).toBe(1);

    const sent = connection.invocations.length;
    await vi.advanceTimersByTimeAsync(5 * HUB_HEARTBEAT_INTERVAL_MS);
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(connection.invocations).toHaveLength(sent);
    expect(connection.starts).toBe(1);
  });

  it('stops a connection that is still opening, and does not register it', async () => {
    let open: () => void = () => undefined;
    connection.startImpl = () =>
      new Promise<void>((resolve, reject) => {
        open = resolve;
        connection.stop = async () => {
          connection.stops += 1;
          reject(new Error('stopped during negotiation'));
        };
      });
    const client = createClient();
    const starting = client.start();
    expect(client.currentState).toBe('connecting');

    await client.stop();
    open();
    await starting;

    expect(client.currentState).toBe('disconnected');
    expect(connection.calls('RegisterClient')).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('starts again after a stop (a new login)', async () => {
    const client = createClient();
    await client.start();
    await client.stop();
    token = 'token-9';
    await client.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(client.currentState).toBe('connected');
    expect(connection.calls('RegisterClient').at(-1)).toEqual([
      registration('/matchlist/3', 'token-9'),
    ]);
  });

  it('hands every pushed message to its handler', async () => {
    await createClient().start();
    connection.push('Message', { Code: 'UserBalance', Data: '{}' });
    expect(pushes).toEqual([{ Code: 'UserBalance', Data: '{}' }]);
  });
});

describe('heartbeat', () => {
  it('beats every 20 s while connected, with the registration and a group', async () => {
    await createClient().start();
    await vi.advanceTimersByTimeAsync(HUB_HEARTBEAT_INTERVAL_MS - 1);
    expect(connection.calls('SendHeartbeat')).toEqual([]);

    await vi.advanceTimersByTimeAsync(1);
    expect(connection.calls('SendHeartbeat')).toEqual([[{ ...registration(), GroupBy: 'test' }]]);

    await vi.advanceTimersByTimeAsync(2 * HUB_HEARTBEAT_INTERVAL_MS);
    expect(connection.calls('SendHeartbeat')).toHaveLength(3);
  });

  it('beats only while a token exists', async () => {
    await createClient().start();
    token = null;
    await vi.advanceTimersByTimeAsync(3 * HUB_HEARTBEAT_INTERVAL_MS);
    expect(connection.calls('SendHeartbeat')).toEqual([]);

    token = 'token-3';
    await vi.advanceTimersByTimeAsync(HUB_HEARTBEAT_INTERVAL_MS);
    expect(connection.calls('SendHeartbeat')).toEqual([
      [{ ...registration('/matchlist/3', 'token-3'), GroupBy: 'test' }],
    ]);
  });

  it('pauses while reconnecting', async () => {
    await createClient().start();
    connection.loseConnection();
    await vi.advanceTimersByTimeAsync(3 * HUB_HEARTBEAT_INTERVAL_MS);
    expect(connection.calls('SendHeartbeat')).toEqual([]);
  });

  it('restarts the connection and registers again when a heartbeat fails', async () => {
    const client = createClient();
    await client.start();
    await vi.advanceTimersByTimeAsync(0);
    connection.invokeImpl = (method) =>
      method === 'SendHeartbeat'
        ? Promise.reject(new Error('invocation failed'))
        : Promise.resolve(undefined);

    await vi.advanceTimersByTimeAsync(HUB_HEARTBEAT_INTERVAL_MS);

    expect(connection.stops).toBe(1);
    expect(connection.starts).toBe(2);
    expect(client.currentState).toBe('connected');
    expect(connection.calls('RegisterClient')).toHaveLength(2);
    expect(states).toEqual([
      'connecting',
      'connected',
      'disconnecting',
      'disconnected',
      'connecting',
      'connected',
    ]);
    expect(errors).toEqual(['The heartbeat failed; the connection restarts.']);

    // The heartbeat goes on on the new connection.
    connection.invokeImpl = () => Promise.resolve(undefined);
    await vi.advanceTimersByTimeAsync(HUB_HEARTBEAT_INTERVAL_MS);
    expect(connection.calls('SendHeartbeat')).toHaveLength(2);
  });
});

describe('giving up and trying again', () => {
  it('after the library gives up: disconnected, then again when the browser is back online', async () => {
    const client = createClient();
    await client.start();
    connection.loseConnection();
    connection.giveUp();

    expect(client.currentState).toBe('disconnected');
    expect(errors).toEqual(['The connection was lost and could not be restored.']);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(connection.starts).toBe(1);

    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(connection.starts).toBe(2);
    expect(client.currentState).toBe('connected');
    expect(connection.calls('RegisterClient')).toHaveLength(2);

    // Once connected, going online again does nothing.
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(connection.starts).toBe(2);
  });

  it('after giving up, tries again when the tab becomes visible', async () => {
    const client = createClient();
    await client.start();
    connection.giveUp();

    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(connection.starts).toBe(2);
    expect(client.currentState).toBe('connected');
  });

  it('retries a first connection that fails on 0, 2, 10 and 30 s, then waits for a wake', async () => {
    connection.startImpl = () => Promise.reject(new Error('refused'));
    const client = createClient();
    await client.start();
    expect(connection.starts).toBe(1);
    expect(client.currentState).toBe('reconnecting');

    const startsAfter = async (ms: number) => {
      await vi.advanceTimersByTimeAsync(ms);
      return connection.starts;
    };
    expect(await startsAfter(0)).toBe(2);
    expect(await startsAfter(1_999)).toBe(2);
    expect(await startsAfter(1)).toBe(3);
    expect(await startsAfter(9_999)).toBe(3);
    expect(await startsAfter(1)).toBe(4);
    expect(await startsAfter(29_999)).toBe(4);
    expect(await startsAfter(1)).toBe(5);
    expect(await startsAfter(10 * 60_000)).toBe(5);
    expect(client.currentState).toBe('disconnected');

    connection.startImpl = () => Promise.resolve();
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(client.currentState).toBe('connected');
    expect(connection.calls('RegisterClient')).toHaveLength(1);
  });

  it('a logout while waiting to retry cancels the retry', async () => {
    connection.startImpl = () => Promise.reject(new Error('refused'));
    const client = createClient();
    await client.start();
    await vi.advanceTimersByTimeAsync(0);
    await client.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(connection.starts).toBe(2);
    expect(client.currentState).toBe('disconnected');
  });
});

describe('watched markets', () => {
  it('watches at once when connected and re-sends every watched market after a reconnect', async () => {
    const client = createClient();
    await client.start();
    await vi.advanceTimersByTimeAsync(0);

    client.watchMarkets(['1.101', '1.102']);
    expect(connection.calls('WatchMarkets')).toEqual([[['1.101', '1.102']]]);

    connection.loseConnection();
    client.watchMarkets(['1.103']);
    expect(connection.calls('WatchMarkets')).toHaveLength(1);
    connection.restoreConnection();
    await vi.advanceTimersByTimeAsync(0);

    expect(connection.calls('WatchMarkets')).toEqual([
      [['1.101', '1.102']],
      [['1.101', '1.102', '1.103']],
    ]);
    // Registration comes before the markets on a new connection.
    const methods = connection.invocations.map((i) => i.method);
    expect(methods.lastIndexOf('RegisterClient')).toBeLessThan(methods.lastIndexOf('WatchMarkets'));
  });

  it('sends markets watched before the connection opened once it does', async () => {
    const client = createClient();
    client.watchMarkets(['1.101']);
    await client.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(connection.calls('WatchMarkets')).toEqual([[['1.101']]]);
  });

  it('counts watchers: a market is unwatched when its last watcher leaves', async () => {
    const client = createClient();
    await client.start();
    client.watchMarkets(['1.101']);
    client.watchMarkets(['1.101', '1.102']);
    expect(connection.calls('WatchMarkets')).toEqual([[['1.101']], [['1.102']]]);

    client.unwatchMarkets(['1.101']);
    expect(connection.calls('UnwatchMarkets')).toEqual([]);
    client.unwatchMarkets(['1.101', '1.102', '1.999']);
    expect(connection.calls('UnwatchMarkets')).toEqual([[['1.101', '1.102']]]);
    expect(client.watchedMarkets()).toEqual([]);

    connection.loseConnection();
    connection.restoreConnection();
    await vi.advanceTimersByTimeAsync(0);
    expect(connection.calls('WatchMarkets')).toHaveLength(2);
  });

  it('logs a watch the server refuses, and keeps the market for the next connection', async () => {
    const client = createClient();
    await client.start();
    await vi.advanceTimersByTimeAsync(0);
    connection.invokeImpl = (method) =>
      method === 'WatchMarkets' ? Promise.reject(new Error('no')) : Promise.resolve(undefined);
    client.watchMarkets(['1.101']);
    await vi.advanceTimersByTimeAsync(0);
    expect(errors).toEqual(['Markets could not be watched.']);
    expect(client.watchedMarkets()).toEqual(['1.101']);
  });

  it('watches no more markets than the hub allows, and says which it left out', async () => {
    const client = createClient();
    await client.start();
    await vi.advanceTimersByTimeAsync(0);
    const ids = Array.from({ length: HUB_MAX_WATCHED_MARKETS + 2 }, (_, i) => `1.${i}`);

    client.watchMarkets(ids);

    expect(client.watchedMarkets()).toEqual(ids.slice(0, HUB_MAX_WATCHED_MARKETS));
    expect(connection.calls('WatchMarkets')).toEqual([[ids.slice(0, HUB_MAX_WATCHED_MARKETS)]]);
    expect(errors).toEqual([
      `At most ${HUB_MAX_WATCHED_MARKETS} markets are watched; 1.${HUB_MAX_WATCHED_MARKETS} is not.`,
      `At most ${HUB_MAX_WATCHED_MARKETS} markets are watched; 1.${HUB_MAX_WATCHED_MARKETS + 1} is not.`,
    ]);
    // A market already watched can still gain a watcher at the limit.
    client.watchMarkets(['1.0']);
    expect(errors).toHaveLength(2);
  });
});
