import {
  HUB_LIMITS,
  HUB_MESSAGE_TARGET,
  HUB_SERVER_METHODS,
  HUB_TIMINGS,
  type HeartbeatRequest,
  type RegisterClientRequest,
} from '@backlay/contract/hub';
import { LogLevel, type IHttpConnectionOptions, type ILogger } from '@microsoft/signalr';
import type { HubState } from './hub-status';

/* The spec's limits (§4, §9), as the contract states them for client and server alike. */
/** Waits before each automatic reconnection attempt; after the last the client gives up. */
export const HUB_RECONNECT_DELAYS_MS: readonly number[] = HUB_TIMINGS.reconnectDelaysMs;
/** How often a heartbeat is sent while a token exists. */
export const HUB_HEARTBEAT_INTERVAL_MS = HUB_TIMINGS.heartbeatIntervalMs;
/** Silence from the server after which the connection counts as lost. */
export const HUB_SERVER_TIMEOUT_MS = HUB_TIMINGS.serverTimeoutMs;
/** How often the client pings an otherwise quiet connection. */
export const HUB_KEEP_ALIVE_INTERVAL_MS = HUB_TIMINGS.keepAliveIntervalMs;
/** The timeout of the hub's HTTP requests: negotiation and long polling. */
export const HUB_HTTP_TIMEOUT_MS = HUB_TIMINGS.httpTimeoutMs;
/** The most markets one connection watches at once, as the hub allows. */
export const HUB_MAX_WATCHED_MARKETS = HUB_LIMITS.maxWatchedMarkets;

/** The hub connection's own states, as the library spells them. */
type ConnectionState =
  'Disconnected' | 'Connecting' | 'Connected' | 'Disconnecting' | 'Reconnecting';

/** The part of a hub connection this client uses; the library's connection is one. */
export interface HubConnectionLike {
  readonly state: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  invoke(methodName: string, ...args: unknown[]): Promise<unknown>;
  on(methodName: string, handler: (...args: unknown[]) => void): void;
  onclose(callback: (error?: Error) => void): void;
  onreconnecting(callback: (error?: Error) => void): void;
  onreconnected(callback: (connectionId?: string) => void): void;
}

/** The part of the library's connection builder this client uses. */
export interface HubConnectionBuilderLike {
  withUrl(url: string, options: IHttpConnectionOptions): HubConnectionBuilderLike;
  withAutomaticReconnect(retryDelays: number[]): HubConnectionBuilderLike;
  withServerTimeout(milliseconds: number): HubConnectionBuilderLike;
  withKeepAliveInterval(milliseconds: number): HubConnectionBuilderLike;
  configureLogging(logger: ILogger): HubConnectionBuilderLike;
  build(): HubConnectionLike;
}

/** Who this client is, as it tells the hub on registering (spec §3). */
export interface HubClientIdentity {
  browser: string;
  domain: string;
  currentPage: string;
}

export interface HubClientOptions {
  /** The hub's absolute URL. */
  url: string;
  /** A new connection builder (the library's, or a fake in tests). */
  createBuilder: () => HubConnectionBuilderLike;
  /** The stored access token, read afresh for each connection and heartbeat. */
  readToken: () => string | null;
  describeClient: () => HubClientIdentity;
  /** Receives each pushed message's payload, unparsed. */
  onMessage: (payload: unknown) => void;
  onStateChange?: (state: HubState) => void;
  /** Where hub errors go: logged only, never shown (spec §8). */
  logError?: (message: string, error?: unknown) => void;
}

/** Logs a hub error to the console (spec §8: hub errors are logged only, never shown). */
export function logHubError(message: string, error?: unknown): void {
  if (error === undefined) console.error(`Real-time connection: ${message}`);
  else console.error(`Real-time connection: ${message}`, error);
}

/** Routes the library's warnings and errors to the error log, and nothing below them. */
function loggerFor(logError: (message: string) => void): ILogger {
  return {
    log(level, message) {
      if (level >= LogLevel.Warning) logError(message);
    },
  };
}

/**
 * The real-time connection of spec §4, with the limits of §9. `start` connects and keeps
 * the connection up until `stop`: the library reconnects after 0, 2, 10 and 30 s and then
 * gives up, after which the client tries again when the tab becomes visible or the browser
 * comes back online. A first connection that fails is retried on the same delays. On every
 * (re)connection the client registers and re-sends the markets it watches; while connected
 * and a token exists it sends a heartbeat every 20 s, and a heartbeat that fails restarts
 * the connection.
 */
export class HubClient {
  private readonly options: HubClientOptions;
  private readonly logError: (message: string, error?: unknown) => void;
  private connection: HubConnectionLike | null = null;
  private state: HubState = 'disconnected';
  /** Whether the connection should be up: between `start` and `stop`. */
  private wanted = false;
  private connecting: Promise<void> | null = null;
  private stopping: Promise<void> | null = null;
  /** Set while this client closes the connection itself, so the close is not a give-up. */
  private closingOnPurpose = false;
  private startAttempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private heartbeatTimer: ReturnType<typeof setInterval> | undefined;
  private disarmWake: (() => void) | null = null;
  /** Watched market ids, each with how many watchers asked for it. */
  private readonly watched = new Map<string, number>();

  constructor(options: HubClientOptions) {
    this.options = options;
    this.logError = options.logError ?? logHubError;
  }

  /** The connection's state. */
  get currentState(): HubState {
    return this.state;
  }

  /** Connects, and keeps the connection up until `stop`. */
  start(): Promise<void> {
    this.wanted = true;
    return this.connect();
  }

  /** Closes the connection and stops every timer; nothing reconnects until `start`. */
  async stop(): Promise<void> {
    this.wanted = false;
    this.clearRetry();
    this.stopHeartbeat();
    this.stopWaitingForWake();
    await this.closeConnection();
  }

  /**
   * Watches markets: the hub pushes their odds and status until they are unwatched. Ids
   * are counted, so two watchers of one market need two unwatches to stop it.
   */
  watchMarkets(ids: readonly string[]): void {
    const added: string[] = [];
    for (const id of ids) {
      const count = this.watched.get(id) ?? 0;
      // The hub refuses more; a market past the limit is left out rather than all of them.
      if (count === 0 && this.watched.size >= HUB_MAX_WATCHED_MARKETS) {
        this.logError(`At most ${HUB_MAX_WATCHED_MARKETS} markets are watched; ${id} is not.`);
        continue;
      }
      this.watched.set(id, count + 1);
      if (count === 0) added.push(id);
    }
    if (added.length > 0 && this.isConnected()) void this.sendWatch(added);
  }

  /** Stops watching markets that no watcher wants any more. */
  unwatchMarkets(ids: readonly string[]): void {
    const removed = ids.filter((id) => {
      const count = this.watched.get(id);
      if (count === undefined) return false;
      if (count > 1) {
        this.watched.set(id, count - 1);
        return false;
      }
      this.watched.delete(id);
      return true;
    });
    if (removed.length > 0 && this.isConnected()) {
      this.invoke(HUB_SERVER_METHODS.unwatchMarkets, removed).catch((error: unknown) =>
        this.logError('Markets could not be unwatched.', error),
      );
    }
  }

  /** The markets watched now. */
  watchedMarkets(): string[] {
    return [...this.watched.keys()];
  }

  private setState(state: HubState): void {
    if (this.state === state) return;
    this.state = state;
    this.options.onStateChange?.(state);
  }

  private isConnected(): boolean {
    return this.connection?.state === ('Connected' satisfies ConnectionState);
  }

  private invoke(method: string, ...args: unknown[]): Promise<unknown> {
    if (!this.connection) return Promise.reject(new Error('No connection.'));
    return this.connection.invoke(method, ...args);
  }

  private ensureConnection(): HubConnectionLike {
    if (this.connection) return this.connection;
    const { url, readToken, onMessage } = this.options;
    const connection = this.options
      .createBuilder()
      .withUrl(url, {
        accessTokenFactory: () => readToken() ?? '',
        timeout: HUB_HTTP_TIMEOUT_MS,
      })
      .withAutomaticReconnect([...HUB_RECONNECT_DELAYS_MS])
      .withServerTimeout(HUB_SERVER_TIMEOUT_MS)
      .withKeepAliveInterval(HUB_KEEP_ALIVE_INTERVAL_MS)
      .configureLogging(loggerFor((message) => this.logError(message)))
      .build();
    connection.on(HUB_MESSAGE_TARGET, (payload) => onMessage(payload));
    connection.onreconnecting(() => {
      this.stopHeartbeat();
      this.setState('reconnecting');
    });
    connection.onreconnected(() => {
      if (this.wanted) this.onConnected();
    });
    connection.onclose((error) => this.onClosed(error));
    this.connection = connection;
    return connection;
  }

  private connect(): Promise<void> {
    this.connecting ??= this.connectOnce().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async connectOnce(): Promise<void> {
    this.clearRetry();
    this.stopWaitingForWake();
    if (this.stopping) await this.stopping;
    if (!this.wanted) return;
    const connection = this.ensureConnection();
    // Already up, or the library is reconnecting it.
    if (connection.state !== ('Disconnected' satisfies ConnectionState)) return;
    this.setState('connecting');
    try {
      await connection.start();
    } catch (error) {
      // A stop during the start is not a failure; `stop` settles the state.
      if (!this.wanted) return;
      this.logError('The connection could not be opened.', error);
      this.retryStart();
      return;
    }
    if (!this.wanted) return;
    this.startAttempt = 0;
    this.onConnected();
  }

  /** Tries a failed first connection again on the reconnect delays, then gives up. */
  private retryStart(): void {
    const delayMs = HUB_RECONNECT_DELAYS_MS[this.startAttempt];
    if (delayMs === undefined) {
      this.giveUp();
      return;
    }
    this.startAttempt += 1;
    this.setState('reconnecting');
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      void this.connect();
    }, delayMs);
  }

  private onConnected(): void {
    this.setState('connected');
    this.startHeartbeat();
    void this.announce();
  }

  /** Registers this client, then re-sends the markets it watches. */
  private async announce(): Promise<void> {
    const token = this.options.readToken();
    try {
      await this.invoke(HUB_SERVER_METHODS.registerClient, this.registration(token ?? ''));
    } catch (error) {
      this.logError('The client could not register.', error);
    }
    const ids = this.watchedMarkets();
    if (ids.length > 0 && this.isConnected()) await this.sendWatch(ids);
  }

  private async sendWatch(ids: string[]): Promise<void> {
    try {
      await this.invoke(HUB_SERVER_METHODS.watchMarkets, ids);
    } catch (error) {
      this.logError('Markets could not be watched.', error);
    }
  }

  private registration(token: string): RegisterClientRequest {
    const { browser, domain, currentPage } = this.options.describeClient();
    return { Browser: browser, Domain: domain, CurrentPage: currentPage, Token: token };
  }

  private onClosed(error?: Error): void {
    this.stopHeartbeat();
    if (this.closingOnPurpose) return;
    if (!this.wanted) {
      this.setState('disconnected');
      return;
    }
    this.logError('The connection was lost and could not be restored.', error);
    this.giveUp();
  }

  /** Stops trying until the tab becomes visible again or the browser comes back online. */
  private giveUp(): void {
    this.startAttempt = 0;
    this.setState('disconnected');
    if (this.disarmWake) return;
    const wake = () => {
      if (this.wanted && this.state === 'disconnected') void this.connect();
    };
    const onVisibilityChange = () => {
      if (document.visibilityState === 'visible') wake();
    };
    document.addEventListener('visibilitychange', onVisibilityChange);
    window.addEventListener('online', wake);
    this.disarmWake = () => {
      document.removeEventListener('visibilitychange', onVisibilityChange);
      window.removeEventListener('online', wake);
    };
  }

  private stopWaitingForWake(): void {
    this.disarmWake?.();
    this.disarmWake = null;
  }

  private startHeartbeat(): void {
    this.stopHeartbeat();
    this.heartbeatTimer = setInterval(() => void this.beat(), HUB_HEARTBEAT_INTERVAL_MS);
  }

  private stopHeartbeat(): void {
    clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = undefined;
  }

  private async beat(): Promise<void> {
    const token = this.options.readToken();
    if (token === null || !this.isConnected()) return;
    const registration = this.registration(token);
    const heartbeat: HeartbeatRequest = { ...registration, GroupBy: registration.Domain };
    try {
      await this.invoke(HUB_SERVER_METHODS.sendHeartbeat, heartbeat);
    } catch (error) {
      this.logError('The heartbeat failed; the connection restarts.', error);
      await this.restart();
    }
  }

  /** Closes the connection and opens it again, which registers the client again. */
  private async restart(): Promise<void> {
    if (!this.wanted) return;
    this.stopHeartbeat();
    await this.closeConnection();
    await this.connect();
  }

  private async closeConnection(): Promise<void> {
    const connection = this.connection;
    if (!connection || connection.state === ('Disconnected' satisfies ConnectionState)) {
      this.setState('disconnected');
      return;
    }
    this.setState('disconnecting');
    this.closingOnPurpose = true;
    this.stopping = connection
      .stop()
      .catch((error: unknown) => this.logError('The connection did not close cleanly.', error));
    try {
      await this.stopping;
    } finally {
      this.stopping = null;
      this.closingOnPurpose = false;
    }
    this.setState('disconnected');
  }

  private clearRetry(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
  }
}
