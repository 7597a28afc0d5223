import type { IHttpConnectionOptions, ILogger } from '@microsoft/signalr';
import type { HubConnectionBuilderLike, HubConnectionLike } from '../hub/hub-client';

/*
 * A stand-in for the library's hub connection and its builder, for tests: it records what
 * the client configures and invokes, and lets a test play the server and the network
 * (losing the connection, reconnecting, giving up, pushing messages).
 */

export interface Invocation {
  method: string;
  args: unknown[];
}

type Callback<T> = (value: T) => void;

export class FakeHubConnection implements HubConnectionLike {
  state = 'Disconnected';
  starts = 0;
  stops = 0;
  readonly invocations: Invocation[] = [];
  /** What `start` does after switching to Connecting; reject to fail the start. */
  startImpl: () => Promise<void> = () => Promise.resolve();
  /** How the server answers an invocation. */
  invokeImpl: (method: string, args: unknown[]) => Promise<unknown> = () =>
    Promise.resolve(undefined);
  private readonly handlers = new Map<string, ((...args: unknown[]) => void)[]>();
  private readonly closed: Callback<Error | undefined>[] = [];
  private readonly reconnecting: Callback<Error | undefined>[] = [];
  private readonly reconnected: Callback<string | undefined>[] = [];

  async start(): Promise<void> {
    if (this.state !== 'Disconnected') throw new Error(`cannot start when ${this.state}`);
    this.starts += 1;
    this.state = 'Connecting';
    try {
      await this.startImpl();
    } catch (error) {
      this.state = 'Disconnected';
      throw error;
    }
    this.state = 'Connected';
  }

  async stop(): Promise<void> {
    this.stops += 1;
    if (this.state === 'Disconnected') return;
    this.state = 'Disconnecting';
    await Promise.resolve();
    this.state = 'Disconnected';
    for (const callback of this.closed) callback(undefined);
  }

  invoke(method: string, ...args: unknown[]): Promise<unknown> {
    this.invocations.push({ method, args });
    return this.invokeImpl(method, args);
  }

  on(methodName: string, handler: (...args: unknown[]) => void): void {
    this.handlers.set(methodName, [...(this.handlers.get(methodName) ?? []), handler]);
  }

  onclose(callback: Callback<Error | undefined>): void {
    this.closed.push(callback);
  }

  onreconnecting(callback: Callback<Error | undefined>): void {
    this.reconnecting.push(callback);
  }

  onreconnected(callback: Callback<string | undefined>): void {
    this.reconnected.push(callback);
  }

  /** The invocations of one hub method. */
  calls(method: string): unknown[][] {
    return this.invocations.filter((i) => i.method === method).map((i) => i.args);
  }

  /** The server pushes an event. */
  push(event: string, ...args: unknown[]): void {
    for (const handler of this.handlers.get(event) ?? []) handler(...args);
  }

  /** The network drops: the library starts reconnecting. */
  loseConnection(error = new Error('connection lost')): void {
    this.state = 'Reconnecting';
    for (const callback of this.reconnecting) callback(error);
  }

  /** The library reconnected. */
  restoreConnection(): void {
    this.state = 'Connected';
    for (const callback of this.reconnected) callback('connection-2');
  }

  /** The library ran out of reconnect delays and closed the connection. */
  giveUp(error = new Error('reconnect attempts exhausted')): void {
    this.state = 'Disconnected';
    for (const callback of this.closed) callback(error);
  }
}

/** What the client configured on the builder. */
export interface BuilderConfig {
  url?: string;
  options?: IHttpConnectionOptions;
  retryDelays?: number[];
  serverTimeoutMs?: number;
  keepAliveIntervalMs?: number;
  logger?: ILogger;
}

/** A builder that records its configuration and builds the given fake connection. */
export function fakeBuilder(
  connection: FakeHubConnection,
  config: BuilderConfig = {},
): HubConnectionBuilderLike {
  const builder: HubConnectionBuilderLike = {
    withUrl(url, options) {
      config.url = url;
      config.options = options;
      return builder;
    },
    withAutomaticReconnect(retryDelays) {
      config.retryDelays = retryDelays;
      return builder;
    },
    withServerTimeout(milliseconds) {
      config.serverTimeoutMs = milliseconds;
      return builder;
    },
    withKeepAliveInterval(milliseconds) {
      config.keepAliveIntervalMs = milliseconds;
      return builder;
    },
    configureLogging(logger) {
      config.logger = logger;
      return builder;
    },
    build: () => connection,
  };
  return builder;
}
