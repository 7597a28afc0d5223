/**
 * The real-time hub: SignalR JSON hub protocol connections over WebSocket, the hub methods
 * of `@backlay/contract/hub`, presence, and publishing to players and market watchers through
 * the backplane (`backplane.ts`). HTTP (negotiate, the upgrade) is in `hub-routes.ts`.
 *
 * Who may connect. Guests (no token) may: market odds and status are public and will be pushed
 * to guests too. A token that is sent must be valid for the request's domain, else negotiate
 * answers 401 and the upgrade is refused with 401. A guest connection that later registers
 * with a valid token becomes that player's connection; a token of another player than the
 * connection's is refused.
 *
 * Limits (TigerBeetle's "put a limit on everything"): incoming messages of at most
 * `maxMessageBytes` (larger: close with an error, WebSocket code 1009); a send buffer of at
 * most `maxBufferedBytes` per connection (a client that reads too slowly is dropped, so memory
 * never grows with it); `maxConnectionsPerPlayer` per player on this instance (a new one closes
 * the oldest, without reconnect, so a stale tab never locks a player out); `maxConnections`
 * per instance (further upgrades get 503); invocations run one at a time per connection with at
 * most `maxPendingInvocations` waiting; `maxWatchedMarkets` per connection. Timings: a ping
 * after `keepAliveIntervalMs` without sending, a close after `clientTimeoutMs` without hearing
 * from the client, and after `handshakeTimeoutMs` without a handshake.
 */
import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import type { z } from 'zod';
import {
  HUB_LIMITS,
  HUB_MESSAGE_TARGET,
  HUB_SERVER_METHODS,
  HUB_TIMINGS,
  heartbeatSchema,
  marketIdsSchema,
  marketOddsMessage,
  marketStatusMessage,
  registerClientSchema,
  userBalanceMessage,
  type HubMessage,
  type MarketOddsData,
  type MarketStatusData,
  type RegisterClientResult,
  type WatchMarketsResult,
} from '@backlay/contract/hub';
import type { Queryable } from '../../db/database';
import { ApiError } from '../../http/api-error';
import { UNAUTHORIZED_MESSAGE, type Player } from '../../http/api-route';
import { bookOf, BOOKS, onBalanceChange, type BalanceNotice, type Book } from '../wallet';
import { inProcessBackplane, redisBackplane, type Backplane } from './backplane';
import { connectionTokens } from './connection-token';
import { HubConnection } from './hub-connection';
import {
  checkHandshake,
  frames,
  parseClientMessage,
  ProtocolError,
  splitRecords,
  type ClientMessage,
} from './hub-protocol';
import { PresenceRegistry, type PresenceEntry, type PresenceFilter } from './presence';

/** The shared picture of who is online: one share per instance. */
const PRESENCE = 'presence';

/** An instance's share of who is online, as JSON carries it (dates as text). */
interface PresenceShare {
  instanceId: string;
  sharedAt: number;
  entries: (Omit<PresenceEntry, 'connectedAt' | 'lastSeenAt'> & {
    connectedAt: string | Date;
    lastSeenAt: string | Date;
  })[];
}

export interface HubOptions {
  keepAliveIntervalMs: number;
  clientTimeoutMs: number;
  handshakeTimeoutMs: number;
  /** How long a negotiated connection token may wait for its WebSocket. */
  connectionTokenTtlMs: number;
  maxMessageBytes: number;
  maxBufferedBytes: number;
  maxConnectionsPerPlayer: number;
  maxConnections: number;
  /**
   * Connections from one address on this instance. Carrier-grade NAT puts whole offices behind
   * one address, so this only stops one machine from taking the instance's sockets.
   */
  maxConnectionsPerAddress: number;
  maxWatchedMarkets: number;
  maxPendingInvocations: number;
  /** How long shutdown waits for clients to answer the close before cutting them off. */
  closeGraceMs: number;
  /** With a URL, messages fan out through Redis pub/sub; without, in this process. */
  redisUrl: string | null;
  channelPrefix: string;
  /**
   * With Redis, how often an instance shares who is connected to it, so that an operator on any
   * instance sees everyone (a share not renewed for three times this is ignored).
   */
  presenceShareMs: number;
}

export const DEFAULT_HUB_OPTIONS: HubOptions = {
  keepAliveIntervalMs: HUB_TIMINGS.keepAliveIntervalMs,
  clientTimeoutMs: HUB_TIMINGS.serverTimeoutMs,
  handshakeTimeoutMs: 15_000,
  connectionTokenTtlMs: 30_000,
  maxMessageBytes: HUB_LIMITS.maxMessageBytes,
  maxBufferedBytes: 1024 * 1024,
  maxConnectionsPerPlayer: HUB_LIMITS.maxConnectionsPerPlayer,
  maxConnections: 50_000,
  maxConnectionsPerAddress: 2_000,
  maxWatchedMarkets: HUB_LIMITS.maxWatchedMarkets,
  maxPendingInvocations: 16,
  closeGraceMs: 2_000,
  redisUrl: null,
  channelPrefix: 'backlay:hub:',
  presenceShareMs: 5_000,
};

export interface HubDependencies {
  db: Queryable;
  /** The player of an `Authorization` header value, null without one; throws 401 for a bad one. */
  authenticate(authorization: string | undefined, domain: string): Promise<Player | null>;
  /** The server's token key; connection tokens are signed with a key derived from it. */
  tokenKey: Buffer;
  log: FastifyBaseLogger;
  options?: Partial<HubOptions>;
}

/** What an upgrade request asks for, read from its URL and headers by the routes. */
export interface UpgradeRequest {
  domain: string;
  authorization: string | undefined;
  /** The negotiated `id`; null when the client skipped negotiation. */
  connectionToken: string | null;
  /** The client's address, as the app's proxy trust reads it. */
  address: string;
}

/** A hub method's failure that the caller is told about in the completion. */
export class HubError extends Error {}

/** WebSocket close codes (RFC 6455 §7.4.1). */
const WS_NORMAL = 1000;
const WS_POLICY_VIOLATION = 1008;
const WS_TOO_BIG = 1009;

export const AVAILABLE_TRANSPORTS = [
  { transport: 'WebSockets', transferFormats: ['Text', 'Binary'] },
];

const userTopic = (domain: string, playerId: string) => `user:${domain}:${playerId}`;
/** Real-money and play-money books have their own prices: one topic per market and book. */
const marketTopic = (marketId: string, book: Book) => `market:${book}:${marketId}`;

function byteLength(data: RawData): number {
  if (Array.isArray(data)) return data.reduce((sum, part) => sum + part.length, 0);
  return data instanceof ArrayBuffer ? data.byteLength : data.length;
}

function textOf(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data instanceof ArrayBuffer ? new Uint8Array(data) : data).toString('utf8');
}

/** Refuses an upgrade with a plain HTTP answer. */
export function refuseUpgrade(socket: Duplex, status: number, message: string): void {
  if (socket.destroyed) return;
  const body = Buffer.from(message);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n` +
      'Connection: close\r\nContent-Type: text/plain; charset=utf-8\r\n' +
      `Content-Length: ${body.length}\r\n\r\n${message}`,
  );
}

function parseArgument<S extends z.ZodType>(
  schema: S,
  args: unknown[],
  target: string,
  shape: string,
): z.output<S> {
  if (args.length !== 1) {
    throw new HubError(`'${target}' takes one argument, ${shape}; it was given ${args.length}.`);
  }
  const parsed = schema.safeParse(args[0]);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues
    .slice(0, 5)
    .map((issue) =>
      issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message,
    );
  throw new HubError(`Invalid argument for '${target}': ${issues.join('; ')}.`);
}

function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'UNAUTHORIZED';
}

/** Creates the hub of one server instance. */
export function createHub(deps: HubDependencies) {
  const options: HubOptions = { ...DEFAULT_HUB_OPTIONS, ...deps.options };
  const log = deps.log;
  const tokens = connectionTokens(deps.tokenKey);
  const presence = new PresenceRegistry();
  const connections = new Map<string, HubConnection>();
  /** Open connections per client address on this instance. */
  const connectionsByAddress = new Map<string, number>();

  /** The ids among `ids` that name no market. */
  async function missingMarkets(ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await deps.db.query<{ id: string }>(
      'SELECT id FROM markets WHERE id = ANY($1::text[])',
      [ids],
    );
    const found = new Set(rows.map((row) => row.id));
    return ids.filter((id) => !found.has(id));
  }
  /** Connections per topic, in joining order, and the topic's subscription. */
  const topics = new Map<string, { members: Set<HubConnection>; ready: Promise<void> }>();
  /** Negotiated connection ids already used, until their token expires (a second use is 409). */
  const usedConnectionIds = new Map<string, number>();
  const wss = new WebSocketServer({
    noServer: true,
    // The soft limit is checked per message with a proper Close; this is the hard stop.
    maxPayload: options.maxMessageBytes * 2,
    perMessageDeflate: false,
    clientTracking: false,
  });
  /** Listeners of the instances' own topics (`system:…`), which no connection joins. */
  const systemListeners = new Map<string, Set<(record: string) => void>>();
  const deliver = (topic: string, record: string) => {
    const listeners = systemListeners.get(topic);
    if (listeners) {
      for (const listener of listeners) listener(record);
      return;
    }
    const topicState = topics.get(topic);
    if (!topicState) return;
    for (const connection of topicState.members) send(connection, record);
  };
  /** Names this instance in logs and in Redis. */
  const instanceId = `backlay-hub-${randomUUID().slice(0, 8)}`;
  const backplane: Backplane = options.redisUrl
    ? redisBackplane({
        url: options.redisUrl,
        channelPrefix: options.channelPrefix,
        name: instanceId,
        deliver,
        log,
      })
    : inProcessBackplane(deliver);
  let closing = false;

  // Who is connected here, shared with the other instances (through Redis) every few seconds;
  // a share not renewed for three periods is an instance that died, and is ignored.
  function sharePresence(): void {
    const share: PresenceShare = { instanceId, sharedAt: Date.now(), entries: presence.list() };
    backplane
      .putShared(PRESENCE, instanceId, JSON.stringify(share))
      .catch((error: unknown) => log.warn({ err: error }, 'hub presence not shared'));
  }
  const presenceSharer = backplane.distributed
    ? setInterval(sharePresence, options.presenceShareMs)
    : null;
  presenceSharer?.unref();
  if (backplane.distributed) sharePresence();

  const sweepIntervalMs = Math.max(
    10,
    Math.min(
      1_000,
      Math.floor(
        Math.min(options.keepAliveIntervalMs, options.clientTimeoutMs, options.handshakeTimeoutMs) /
          4,
      ),
    ),
  );
  const sweeper = setInterval(sweep, sweepIntervalMs);
  sweeper.unref();

  // Sending.

  function send(connection: HubConnection, record: string): void {
    if (!connection.open) return;
    if (connection.socket.bufferedAmount > options.maxBufferedBytes) {
      // The client reads more slowly than we send: drop it rather than buffer without end.
      log.warn(
        { connectionId: connection.id, bufferedBytes: connection.socket.bufferedAmount },
        'hub client too slow; dropped',
      );
      connection.closed = true;
      connection.socket.terminate();
      forget(connection);
      return;
    }
    connection.socket.send(record);
    connection.lastSentMs = Date.now();
  }

  /** Sends a Close message and closes the socket; the connection leaves every topic now. */
  function closeConnection(
    connection: HubConnection,
    error: string | null,
    allowReconnect: boolean,
    code = WS_NORMAL,
  ): void {
    if (connection.closed) return;
    if (connection.open && connection.socket.bufferedAmount <= options.maxBufferedBytes) {
      // Before its handshake is answered a client reads only a handshake answer.
      connection.socket.send(
        connection.handshaken
          ? frames.close(error, allowReconnect)
          : frames.handshakeError(error ?? 'The connection was closed.'),
      );
    }
    connection.closed = true;
    if (connection.socket.readyState === WebSocket.OPEN) {
      connection.socket.close(code, code === WS_NORMAL ? undefined : (error ?? '').slice(0, 120));
    }
    forget(connection);
    if (error) log.debug({ connectionId: connection.id, error }, 'hub connection closed');
  }

  // Topics.

  function join(connection: HubConnection, topic: string): Promise<void> {
    let topicState = topics.get(topic);
    if (!topicState) {
      const ready = backplane.subscribe(topic);
      const created = { members: new Set<HubConnection>(), ready };
      topicState = created;
      topics.set(topic, created);
      ready.catch((error: unknown) => {
        log.error({ err: error, topic }, 'hub subscription failed');
        if (topics.get(topic) !== created) return;
        // Members would silently miss messages: close them so they reconnect and retry.
        for (const member of created.members) {
          closeConnection(member, 'The server could not subscribe to updates.', true);
        }
        topics.delete(topic);
      });
    }
    topicState.members.add(connection);
    return topicState.ready;
  }

  function leave(connection: HubConnection, topic: string): void {
    const topicState = topics.get(topic);
    if (!topicState?.members.delete(connection) || topicState.members.size > 0) return;
    topics.delete(topic);
    backplane
      .unsubscribe(topic)
      .catch((error: unknown) => log.warn({ err: error, topic }, 'hub unsubscribe failed'));
  }

  /** Makes a connection the player's, closing the player's oldest beyond the limit. */
  function bindPlayer(connection: HubConnection, player: Player): Promise<void> {
    connection.player = player;
    const topic = userTopic(player.domain, player.id);
    const members = topics.get(topic)?.members;
    if (members) {
      for (const oldest of [...members].slice(
        0,
        Math.max(0, members.size - options.maxConnectionsPerPlayer + 1),
      )) {
        closeConnection(
          oldest,
          `Too many connections for this account: at most ${options.maxConnectionsPerPlayer}. This one was replaced by a newer one.`,
          false,
          WS_POLICY_VIOLATION,
        );
      }
    }
    return join(connection, topic);
  }

  /** Removes a closed connection from everything that could still reach it. */
  function forget(connection: HubConnection): void {
    if (connections.get(connection.id) !== connection) return;
    connections.delete(connection.id);
    const fromAddress = (connectionsByAddress.get(connection.address) ?? 1) - 1;
    if (fromAddress > 0) connectionsByAddress.set(connection.address, fromAddress);
    else connectionsByAddress.delete(connection.address);
    presence.remove(connection.id);
    if (connection.player)
      leave(connection, userTopic(connection.player.domain, connection.player.id));
    for (const topic of connection.markets?.values() ?? []) leave(connection, topic);
  }

  // Receiving.

  function onMessage(connection: HubConnection, data: RawData): void {
    if (connection.closed) return;
    connection.lastReceivedMs = Date.now();
    const size = byteLength(data);
    if (
      size > options.maxMessageBytes ||
      connection.partial.length + size > options.maxMessageBytes
    ) {
      closeConnection(
        connection,
        `Messages are limited to ${options.maxMessageBytes} bytes; this one had ${size}.`,
        false,
        WS_TOO_BIG,
      );
      return;
    }
    const { records, rest } = splitRecords(connection.partial + textOf(data));
    connection.partial = rest;
    for (const record of records) {
      if (connection.closed) return;
      onRecord(connection, record);
    }
  }

  function onRecord(connection: HubConnection, record: string): void {
    if (!connection.handshaken) {
      // The handshake may wait for subscriptions; whatever follows it waits in line.
      queue(connection, async () =>
        connection.handshaken ? onHubMessage(connection, record) : handshake(connection, record),
      );
      return;
    }
    onHubMessage(connection, record);
  }

  function queue(connection: HubConnection, task: () => Promise<void>): void {
    if (connection.pending >= options.maxPendingInvocations) {
      closeConnection(connection, 'Too many invocations are waiting for an answer.', false);
      return;
    }
    connection.enqueue(async () => {
      if (connection.closed) return;
      try {
        await task();
      } catch (error) {
        log.error({ err: error, connectionId: connection.id }, 'hub task failed');
        closeConnection(connection, 'Connection closed with an error.', true);
      }
    });
  }

  async function handshake(connection: HubConnection, record: string): Promise<void> {
    const error = checkHandshake(record);
    if (error) {
      closeConnection(connection, error, false);
      return;
    }
    try {
      await connection.ready;
    } catch {
      closeConnection(connection, 'The server could not subscribe to updates.', true);
      return;
    }
    if (connection.closed) return;
    connection.handshaken = true;
    send(connection, frames.handshakeOk);
  }

  function onHubMessage(connection: HubConnection, record: string): void {
    let message: ClientMessage;
    try {
      message = parseClientMessage(record);
    } catch (error) {
      if (!(error instanceof ProtocolError)) throw error;
      closeConnection(connection, `Protocol error: ${error.message}`, false);
      return;
    }
    switch (message.kind) {
      case 'ping':
      case 'ignored':
        return;
      case 'close':
        connection.closed = true;
        connection.socket.close(WS_NORMAL);
        forget(connection);
        return;
      case 'invocation':
      case 'streamInvocation':
      case 'uploadStream':
        queue(connection, () => invoke(connection, message));
    }
  }

  async function invoke(
    connection: HubConnection,
    message: Extract<ClientMessage, { kind: 'invocation' | 'streamInvocation' | 'uploadStream' }>,
  ): Promise<void> {
    const { target, invocationId } = message;
    const method = Object.hasOwn(methods, target) ? methods[target] : undefined;
    let outcome: { result?: unknown } | { error: string };
    if (!method) outcome = { error: `Unknown hub method '${target}'.` };
    else if (message.kind === 'streamInvocation') {
      outcome = {
        error: `The client attempted to invoke the non-streaming '${target}' method with a streaming invocation.`,
      };
    } else if (message.kind === 'uploadStream') {
      outcome = { error: `'${target}' does not take streams.` };
    } else {
      try {
        outcome = { result: await method(connection, message.arguments) };
      } catch (error) {
        if (error instanceof HubError) outcome = { error: error.message };
        else {
          log.error({ err: error, target }, 'hub method failed');
          outcome = { error: `An unexpected error occurred invoking '${target}' on the server.` };
        }
      }
    }
    // An invocation without an id is non-blocking: it must get no answer.
    if (invocationId !== null) send(connection, frames.completion(invocationId, outcome));
  }

  // Hub methods.

  /** Checks a token a client sends in a registration; a guest connection becomes the player's. */
  async function adoptToken(connection: HubConnection, token: string | null | undefined) {
    if (!token || token === connection.verifiedToken) return;
    let player: Player | null;
    try {
      player = await deps.authenticate(`Bearer ${token}`, connection.domain);
    } catch (error) {
      if (isUnauthorized(error)) throw new HubError(UNAUTHORIZED_MESSAGE);
      throw error;
    }
    if (!player) throw new HubError(UNAUTHORIZED_MESSAGE);
    if (connection.player && connection.player.id !== player.id) {
      throw new HubError('The token belongs to another account than this connection.');
    }
    if (connection.closed) return;
    if (!connection.player) await bindPlayer(connection, player);
    connection.verifiedToken = token;
  }

  function report(
    connection: HubConnection,
    input: { Browser: string; Domain: string; CurrentPage: string },
    groupBy?: string | null,
  ) {
    presence.report(
      {
        connectionId: connection.id,
        domain: connection.domain,
        playerId: connection.player?.id ?? null,
        connectedAt: connection.connectedAt,
      },
      {
        browser: input.Browser,
        clientDomain: input.Domain,
        currentPage: input.CurrentPage,
        ...(groupBy !== undefined ? { groupBy } : {}),
      },
      new Date(),
    );
  }

  function watching(connection: HubConnection): WatchMarketsResult {
    return { Watching: [...(connection.markets?.keys() ?? [])] };
  }

  const methods: Record<string, (connection: HubConnection, args: unknown[]) => Promise<unknown>> =
    {
      async [HUB_SERVER_METHODS.registerClient](connection, args): Promise<RegisterClientResult> {
        const input = parseArgument(
          registerClientSchema,
          args,
          HUB_SERVER_METHODS.registerClient,
          '{ Browser, Domain, CurrentPage, Token }',
        );
        await adoptToken(connection, input.Token);
        report(connection, input);
        return { ConnectionId: connection.id, Authenticated: connection.player !== null };
      },

      async [HUB_SERVER_METHODS.sendHeartbeat](connection, args): Promise<void> {
        const input = parseArgument(
          heartbeatSchema,
          args,
          HUB_SERVER_METHODS.sendHeartbeat,
          '{ Browser, Domain, CurrentPage, Token, GroupBy }',
        );
        await adoptToken(connection, input.Token);
        // Absent keeps the last group; null clears it.
        report(connection, input, input.GroupBy == null ? input.GroupBy : String(input.GroupBy));
      },

      async [HUB_SERVER_METHODS.watchMarkets](connection, args): Promise<WatchMarketsResult> {
        const ids = parseArgument(
          marketIdsSchema,
          args,
          HUB_SERVER_METHODS.watchMarkets,
          'an array of market ids',
        );
        const markets = (connection.markets ??= new Map());
        // Guests see real-money prices; demo players the play-money book they bet in.
        const book = connection.player ? bookOf(connection.player) : 'real';
        const fresh = [...new Set(ids)].filter((id) => !markets.has(id));
        if (markets.size + fresh.length > options.maxWatchedMarkets) {
          throw new HubError(
            `A connection can watch at most ${options.maxWatchedMarkets} markets; unwatch some first.`,
          );
        }
        // Only real markets: a made-up id would still cost a backplane subscription.
        const missing = await missingMarkets(fresh);
        if (missing.length > 0) throw new HubError(`There is no market ${missing.join(', ')}.`);
        const subscriptions = fresh.map((id) => {
          const topic = marketTopic(id, book);
          markets.set(id, topic);
          return join(connection, topic);
        });
        try {
          await Promise.all(subscriptions);
        } catch {
          throw new HubError('The markets cannot be watched right now. Please try again.');
        }
        return watching(connection);
      },

      async [HUB_SERVER_METHODS.unwatchMarkets](connection, args): Promise<WatchMarketsResult> {
        const ids = parseArgument(
          marketIdsSchema,
          args,
          HUB_SERVER_METHODS.unwatchMarkets,
          'an array of market ids',
        );
        for (const id of ids) {
          const topic = connection.markets?.get(id);
          if (topic !== undefined) {
            connection.markets?.delete(id);
            leave(connection, topic);
          }
        }
        return watching(connection);
      },
    };

  // Timers.

  function sweep(): void {
    const nowMs = Date.now();
    for (const connection of connections.values()) {
      if (connection.closed) continue;
      if (!connection.handshaken) {
        if (nowMs - connection.connectedAt.getTime() > options.handshakeTimeoutMs) {
          closeConnection(connection, 'The handshake did not arrive in time.', false);
        }
      } else if (nowMs - connection.lastReceivedMs > options.clientTimeoutMs) {
        closeConnection(
          connection,
          'Server timeout elapsed without receiving a message from the client.',
          true,
        );
      } else if (nowMs - connection.lastSentMs >= options.keepAliveIntervalMs) {
        send(connection, frames.ping);
      }
    }
    for (const [id, expiresAtMs] of usedConnectionIds) {
      if (expiresAtMs <= nowMs) usedConnectionIds.delete(id);
    }
  }

  // Connecting.

  function accept(
    socket: WebSocket,
    init: {
      connectionId: string;
      domain: string;
      player: Player | null;
      token: string | null;
      address: string;
    },
  ): HubConnection {
    const connection = new HubConnection(
      init.connectionId,
      socket,
      init.domain,
      init.player,
      init.token,
      Date.now(),
    );
    connections.set(connection.id, connection);
    connection.address = init.address;
    connectionsByAddress.set(init.address, (connectionsByAddress.get(init.address) ?? 0) + 1);
    socket.on('message', (data) => onMessage(connection, data));
    socket.on('close', () => {
      connection.closed = true;
      forget(connection);
    });
    socket.on('error', (error) => {
      log.debug({ err: error, connectionId: connection.id }, 'hub socket error');
    });
    if (init.player) {
      connection.ready = bindPlayer(connection, init.player);
      connection.ready.catch(() => undefined);
    }
    return connection;
  }

  function tokenOf(authorization: string | undefined): string | null {
    return /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1] ?? null;
  }

  const hub = {
    instanceId,
    options,
    presence,

    get closing(): boolean {
      return closing;
    },

    /** The player of an `Authorization` value on a domain, as the accounts service decides. */
    authenticate: deps.authenticate,

    /** Negotiate's answer for a client on a domain (already authenticated). */
    negotiate(version: number, client: { domain: string; player: Player | null }) {
      const issued = tokens.issue({
        playerId: client.player?.id ?? null,
        domain: client.domain,
        expiresAtMs: Date.now() + options.connectionTokenTtlMs,
      });
      if (version >= 1) {
        return {
          negotiateVersion: 1,
          connectionId: issued.connectionId,
          connectionToken: issued.token,
          availableTransports: AVAILABLE_TRANSPORTS,
        };
      }
      // Version 0 has no separate token: the client sends the connection id back as `id`.
      return {
        negotiateVersion: 0,
        connectionId: issued.token,
        availableTransports: AVAILABLE_TRANSPORTS,
      };
    },

    /** Authenticates an upgrade request and, when it may connect, opens the WebSocket. */
    async upgrade(
      request: IncomingMessage,
      socket: Duplex,
      head: Buffer,
      upgrade: UpgradeRequest,
    ): Promise<void> {
      if (closing) return refuseUpgrade(socket, 503, 'The server is shutting down.');
      let player: Player | null;
      try {
        player = await deps.authenticate(upgrade.authorization, upgrade.domain);
      } catch (error) {
        if (isUnauthorized(error)) return refuseUpgrade(socket, 401, UNAUTHORIZED_MESSAGE);
        log.error({ err: error }, 'hub authentication failed');
        return refuseUpgrade(socket, 500, 'Something went wrong on our side.');
      }
      let connectionId: string = randomUUID();
      if (upgrade.connectionToken !== null) {
        const claims = tokens.verify(upgrade.connectionToken, Date.now());
        if (!claims) return refuseUpgrade(socket, 404, 'There is no connection with that id.');
        if (claims.domain !== upgrade.domain || claims.playerId !== (player?.id ?? null)) {
          return refuseUpgrade(socket, 403, 'The connection was negotiated for someone else.');
        }
        if (usedConnectionIds.has(claims.connectionId)) {
          return refuseUpgrade(socket, 409, 'That connection is already open.');
        }
        usedConnectionIds.set(claims.connectionId, claims.expiresAtMs);
        connectionId = claims.connectionId;
      }
      if (closing) return refuseUpgrade(socket, 503, 'The server is shutting down.');
      if (connections.size >= options.maxConnections) {
        return refuseUpgrade(socket, 503, 'The server has too many connections. Please retry.');
      }
      if ((connectionsByAddress.get(upgrade.address) ?? 0) >= options.maxConnectionsPerAddress) {
        return refuseUpgrade(socket, 429, 'Too many connections from your network.');
      }
      if (socket.destroyed) return;
      const token = tokenOf(upgrade.authorization);
      wss.handleUpgrade(request, socket, head, (ws) => {
        if (closing) {
          ws.close(WS_NORMAL);
          return;
        }
        accept(ws, {
          connectionId,
          domain: upgrade.domain,
          player,
          token,
          address: upgrade.address,
        });
      });
    },

    /** Pushes a message to every connection of one player, on every instance. */
    async sendToPlayer(domain: string, playerId: string, message: HubMessage): Promise<void> {
      await backplane.publish(
        userTopic(domain, playerId),
        frames.invocation(HUB_MESSAGE_TARGET, [message]),
      );
    },

    /**
     * Closes every connection of one player, on every instance, with a Close message that
     * forbids reconnecting (a login lock), or allows it (a password change: each client comes
     * back with the token it holds, which is refused unless it is the new session's): this
     * instance cuts its own at once, and the others receive the Close through the backplane,
     * which the client obeys by closing its socket.
     */
    async closePlayer(
      domain: string,
      playerId: string,
      reason: string,
      allowReconnect = false,
    ): Promise<number> {
      let closed = 0;
      for (const entry of presence.list({ playerId })) {
        const connection = connections.get(entry.connectionId);
        if (connection && connection.player?.domain === domain) {
          closeConnection(connection, reason, allowReconnect);
          closed++;
        }
      }
      await backplane.publish(userTopic(domain, playerId), frames.close(reason, allowReconnect));
      return closed;
    },

    /**
     * Pushes a player's figures as the wallet announced them after a commit (`UserBalance`,
     * with their version) to every connection of theirs, on every instance; nothing is read.
     */
    publishBalance(notice: BalanceNotice): Promise<void> {
      const topic = userTopic(notice.domain, notice.ownerId);
      // Alone, this instance knows every connection: nobody to tell.
      if (!backplane.distributed && !topics.has(topic)) return Promise.resolve();
      return backplane.publish(
        topic,
        frames.invocation(HUB_MESSAGE_TARGET, [
          userBalanceMessage(notice.balanceMinor, notice.exposureMinor, notice.version),
        ]),
      );
    },

    /** Whether anyone may be watching a market in a book (always, with a shared backplane). */
    isWatched(marketId: string, book: Book): boolean {
      return backplane.distributed || topics.has(marketTopic(marketId, book));
    },

    /**
     * Pushes a market's odds in one money book to every connection watching it there (throws on
     * invalid data).
     */
    async publishMarketOdds(data: MarketOddsData, book: Book = 'real'): Promise<void> {
      const message = marketOddsMessage(data);
      await backplane.publish(
        marketTopic(data.MarketId, book),
        frames.invocation(HUB_MESSAGE_TARGET, [message]),
      );
    },

    /** Pushes a market's status to every connection watching it (throws on invalid data). */
    async publishMarketStatus(data: MarketStatusData): Promise<void> {
      const frame = frames.invocation(HUB_MESSAGE_TARGET, [marketStatusMessage(data)]);
      await Promise.all(
        BOOKS.map((book) => backplane.publish(marketTopic(data.MarketId, book), frame)),
      );
    },

    /**
     * A channel between the instances themselves on `system:<name>` (a brand changed, say):
     * what one publishes reaches every instance's listeners, its own included.
     */
    systemChannel(name: string) {
      const topic = `system:${name}`;
      return {
        publish: (record: string) => backplane.publish(topic, record),
        async listen(listener: (record: string) => void): Promise<void> {
          let listeners = systemListeners.get(topic);
          if (!listeners) {
            listeners = new Set();
            systemListeners.set(topic, listeners);
            await backplane.subscribe(topic);
          }
          listeners.add(listener);
        },
      };
    },

    /**
     * Who is online on every instance, most recently seen first: this instance's connections as
     * they are, the others' as they last shared them (at most a few seconds old).
     */
    async onlineEverywhere(): Promise<PresenceEntry[]> {
      const entries = presence.list();
      if (!backplane.distributed) return entries;
      const oldest = Date.now() - options.presenceShareMs * 3;
      for (const shared of await backplane.readShared(PRESENCE)) {
        const part = JSON.parse(shared) as PresenceShare;
        if (part.instanceId === instanceId) continue;
        if (part.sharedAt < oldest) {
          backplane
            .dropShared(PRESENCE, part.instanceId)
            .catch((error: unknown) => log.warn({ err: error }, 'stale hub presence not dropped'));
          continue;
        }
        for (const entry of part.entries) {
          entries.push({
            ...entry,
            connectedAt: new Date(entry.connectedAt),
            lastSeenAt: new Date(entry.lastSeenAt),
          });
        }
      }
      return entries.sort((a, b) => b.lastSeenAt.getTime() - a.lastSeenAt.getTime());
    },

    /** Who is online on this instance, for operators: registered connections, newest first. */
    online(filter: PresenceFilter = {}) {
      return { summary: presence.summary(filter), entries: presence.list(filter) };
    },

    /**
     * Ends one connection of this instance: with a Close message (allowing the client to
     * reconnect or not), or `abort` cuts the socket as a network fault would.
     */
    disconnect(
      connectionId: string,
      how: { error?: string; allowReconnect?: boolean; abort?: boolean } = {},
    ): boolean {
      const connection = connections.get(connectionId);
      if (!connection) return false;
      if (how.abort) {
        connection.closed = true;
        connection.socket.terminate();
        forget(connection);
      } else {
        closeConnection(connection, how.error ?? null, how.allowReconnect ?? false);
      }
      return true;
    },

    /** Counts of this instance's connections and topics. */
    stats() {
      let players = 0;
      let markets = 0;
      for (const topic of topics.keys()) {
        if (topic.startsWith('user:')) players++;
        else markets++;
      }
      return { connections: connections.size, players, markets };
    },

    /** Closes every connection with a Close message that lets clients reconnect elsewhere. */
    async closeConnections(): Promise<void> {
      closing = true;
      clearInterval(sweeper);
      const sockets = [...connections.values()].map((connection) => connection.socket);
      const allClosed = Promise.all(
        sockets.map((socket) =>
          socket.readyState === WebSocket.CLOSED
            ? undefined
            : new Promise((resolve) => socket.once('close', resolve)),
        ),
      );
      for (const connection of [...connections.values()]) {
        closeConnection(connection, 'The server is shutting down.', true);
      }
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        allClosed,
        new Promise((resolve) => {
          timer = setTimeout(resolve, options.closeGraceMs);
        }),
      ]);
      clearTimeout(timer);
      for (const socket of sockets) if (socket.readyState !== WebSocket.CLOSED) socket.terminate();
    },

    /** Closes the backplane's connections; call after `closeConnections`. */
    async close(): Promise<void> {
      closing = true;
      clearInterval(sweeper);
      stopBalancePushes();
      if (presenceSharer) {
        clearInterval(presenceSharer);
        await backplane
          .dropShared(PRESENCE, instanceId)
          .catch((error: unknown) => log.warn({ err: error }, 'hub presence not withdrawn'));
      }
      await backplane.close();
    },
  };

  // Every figure the wallet announces on this database goes to the player's connections.
  const stopBalancePushes = onBalanceChange(deps.db, (notice) => {
    hub.publishBalance(notice).catch((error: unknown) => {
      log.error(
        { err: error, domain: notice.domain, playerId: notice.ownerId },
        'balance push failed',
      );
    });
  });
  return hub;
}

export type Hub = ReturnType<typeof createHub>;
