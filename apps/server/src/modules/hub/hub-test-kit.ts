import { randomUUID } from 'node:crypto';
import {
  HttpTransportType,
  HubConnectionBuilder,
  LogLevel,
  type HubConnection,
  type IHttpConnectionOptions,
  type IRetryPolicy,
} from '@microsoft/signalr';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, onTestFinished } from 'vitest';
import { WebSocket } from 'ws';
import {
  HUB_MESSAGE_TARGET,
  HUB_PATH,
  parseHubMessage,
  type DecodedHubMessage,
} from '@backlay/contract/hub';
import { buildApp } from '../../app';
import type { Database, Queryable } from '../../db/database';
import {
  startServerProcess,
  testAppConfig,
  migratedTestDatabase,
  type Backend,
} from '../../test-helper';
import { holdExposure, settleExposure } from '../wallet/wallet-movements';
import type { LimitSettings } from '../limits';
import type { HubOptions } from './hub';
import { RECORD_SEPARATOR } from './hub-protocol';

export interface HubTestApp {
  app: FastifyInstance;
  db: Database;
  /** `http://127.0.0.1:<port>`: the `test` domain. */
  origin: string;
}

/** The whole app on a migrated test database, listening on a free port, closed after the file. */
export async function listenHubApp(
  options: {
    backend?: Backend;
    hub?: Partial<HubOptions>;
    redisUrl?: string | null;
    limits?: Partial<LimitSettings>;
  } = {},
): Promise<HubTestApp> {
  const db = await migratedTestDatabase(options.backend);
  const app = await buildApp({
    config: testAppConfig({
      redisUrl: options.redisUrl ?? null,
      // Hub tests log many demo players in from 127.0.0.1; that limit has tests of its own.
      limits: { ...testAppConfig().limits, demoAddress: [], ...options.limits },
    }),
    db,
    logger: false,
    ...(options.hub ? { hub: options.hub } : {}),
  });
  afterAll(() => app.close());
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, db, origin };
}

/** Logs in a fresh demo player of the `test` domain over HTTP. */
export async function demoLogin(origin: string): Promise<{ token: string; userId: string }> {
  const res = await fetch(`${origin}/api/Account/LoginAsDemoUser`);
  const body = (await res.json()) as { result: { accessToken: string } };
  const token = body.result.accessToken;
  const info = await fetch(`${origin}/api/Setting/GetSetting`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const user = (await info.json()) as { result: { userId: string } };
  return { token, userId: user.result.userId };
}

/** Calls the API with a bearer token and returns the envelope. */
export async function apiCall(
  origin: string,
  method: 'GET' | 'POST',
  apiPath: string,
  token?: string,
): Promise<{
  status: number;
  body: { success: boolean; result: unknown; error: { code: string; message: string } | null };
}> {
  const res = await fetch(`${origin}/api/${apiPath}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
    },
    ...(method === 'POST' ? { body: '{}' } : {}),
  });
  return { status: res.status, body: (await res.json()) as never };
}

/** A real `@microsoft/signalr` client, with every `Message` event decoded and kept. */
export interface TestClient {
  connection: HubConnection;
  messages: DecodedHubMessage[];
  /** The `Message` arguments as they arrived. */
  raw: unknown[];
  /** Resolves with the first kept or later message that `match` accepts. */
  next(
    match: (message: DecodedHubMessage) => boolean,
    timeoutMs?: number,
  ): Promise<DecodedHubMessage>;
}

export function hubClient(
  origin: string,
  options: {
    token?: string | (() => string);
    reconnect?: number[] | IRetryPolicy;
    connection?: Partial<IHttpConnectionOptions>;
  } = {},
): TestClient {
  const token = options.token;
  let builder = new HubConnectionBuilder()
    .withUrl(`${origin}${HUB_PATH}`, {
      transport: HttpTransportType.WebSockets,
      ...(token ? { accessTokenFactory: typeof token === 'string' ? () => token : token } : {}),
      ...options.connection,
    })
    .configureLogging(LogLevel.None);
  if (options.reconnect) {
    builder = Array.isArray(options.reconnect)
      ? builder.withAutomaticReconnect(options.reconnect)
      : builder.withAutomaticReconnect(options.reconnect);
  }
  const connection = builder.build();
  const messages: DecodedHubMessage[] = [];
  const waiters: {
    match: (m: DecodedHubMessage) => boolean;
    resolve: (m: DecodedHubMessage) => void;
  }[] = [];
  const raw: unknown[] = [];
  connection.on(HUB_MESSAGE_TARGET, (argument: unknown) => {
    raw.push(argument);
    const message = parseHubMessage(argument);
    if (!message) return;
    messages.push(message);
    for (const waiter of [...waiters]) {
      if (waiter.match(message)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(message);
      }
    }
  });
  onTestFinished(() => connection.stop());
  return {
    connection,
    messages,
    raw,
    next(match, timeoutMs = 5_000) {
      const kept = messages.find(match);
      if (kept) return Promise.resolve(kept);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error('no matching hub message arrived in time')),
          timeoutMs,
        );
        waiters.push({
          match,
          resolve: (message) => {
            clearTimeout(timer);
            resolve(message);
          },
        });
      });
    },
  };
}

/** A raw WebSocket speaking the JSON hub protocol, keeping every record it receives. */
export interface RawClient {
  socket: WebSocket;
  records: Record<string, unknown>[];
  closed: Promise<{ code: number; reason: string }>;
  send(...messages: unknown[]): void;
  /** Resolves with the first kept or later record that `match` accepts. */
  next(
    match: (record: Record<string, unknown>) => boolean,
    timeoutMs?: number,
  ): Promise<Record<string, unknown>>;
}

/** Opens a raw hub WebSocket; `handshake` sends the JSON handshake and waits for its answer. */
export async function rawClient(
  origin: string,
  options: { query?: string; headers?: Record<string, string>; handshake?: boolean } = {},
): Promise<RawClient> {
  const url = `${origin.replace(/^http/, 'ws')}${HUB_PATH}${options.query ? `?${options.query}` : ''}`;
  const socket = new WebSocket(url, { headers: options.headers ?? {} });
  const records: Record<string, unknown>[] = [];
  const waiters: {
    match: (r: Record<string, unknown>) => boolean;
    resolve: (r: Record<string, unknown>) => void;
  }[] = [];
  socket.on('message', (data) => {
    for (const text of data.toString().split(RECORD_SEPARATOR)) {
      if (!text) continue;
      const record = JSON.parse(text) as Record<string, unknown>;
      records.push(record);
      for (const waiter of [...waiters]) {
        if (waiter.match(record)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(record);
        }
      }
    }
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  onTestFinished(() => {
    socket.terminate();
  });
  const client: RawClient = {
    socket,
    records,
    closed,
    send(...messages) {
      socket.send(messages.map((m) => `${JSON.stringify(m)}${RECORD_SEPARATOR}`).join(''));
    },
    next(match, timeoutMs = 5_000) {
      const kept = records.find(match);
      if (kept) return Promise.resolve(kept);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error('no matching record arrived in time')),
          timeoutMs,
        );
        waiters.push({
          match,
          resolve: (record) => {
            clearTimeout(timer);
            resolve(record);
          },
        });
      });
    },
  };
  if (options.handshake !== false) {
    client.send({ protocol: 'json', version: 1 });
    await client.next((record) => Object.keys(record).length === 0 || 'error' in record);
  }
  return client;
}

/** The status an upgrade is refused with (the `ws` client reports it as an unexpected response). */
export function upgradeStatus(
  origin: string,
  options: { query?: string; headers?: Record<string, string> } = {},
): Promise<number> {
  const url = `${origin.replace(/^http/, 'ws')}${HUB_PATH}${options.query ? `?${options.query}` : ''}`;
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers: options.headers ?? {} });
    socket.on('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.on('open', () => {
      resolve(101);
      socket.terminate();
    });
    socket.on('error', (error) => {
      if (!String(error.message).includes('Unexpected server response')) reject(error);
    });
  });
}

/** Waits until `condition` holds, checking every few milliseconds. */
export async function eventually(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('the condition did not hold in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A demo player loses a bet: the stake is held, then settled as a loss. */
export async function loseBet(db: Database, playerId: string, amountMinor: number): Promise<void> {
  const player = { domain: 'test', ownerId: playerId, book: 'play' as const };
  const reference = `bet-${randomUUID()}`;
  await db.transaction(async (tx) => {
    const held = await holdExposure(tx, {
      ...player,
      amountMinor,
      reference,
      idempotencyKey: `${reference}:hold`,
    });
    if (held.status !== 'ok') throw new Error(`hold failed: ${held.status}`);
    const settled = await settleExposure(tx, {
      ...player,
      reference,
      releaseMinor: amountMinor,
      profitMinor: -amountMinor,
      commissionMinor: 0,
      idempotencyKey: `${reference}:settle`,
    });
    if (settled.status !== 'ok') throw new Error(`settlement failed: ${settled.status}`);
  });
}

/** A demo player places a bet: its stake is held as exposure, in its own transaction. */
export async function holdBet(db: Database, playerId: string, amountMinor: number): Promise<void> {
  await db.transaction((tx) => holdBetIn(tx, playerId, amountMinor));
}

/** A demo player's stake held as exposure in the caller's transaction. */
export async function holdBetIn(
  tx: Queryable,
  playerId: string,
  amountMinor: number,
): Promise<void> {
  const reference = `bet-${randomUUID()}`;
  const held = await holdExposure(tx, {
    domain: 'test',
    ownerId: playerId,
    book: 'play',
    amountMinor,
    reference,
    idempotencyKey: `${reference}:hold`,
  });
  if (held.status !== 'ok') throw new Error(`hold failed: ${held.status}`);
}

/** Starts `main.ts` and resolves with its origin once it listens. */
export const startInstance = startServerProcess;

export async function redisClientNames(redisUrl: string): Promise<string[]> {
  const redis = new Redis(redisUrl);
  try {
    const list = (await redis.client('LIST')) as string;
    return [...list.matchAll(/ name=(\S*)/g)].map((match) => match[1] ?? '');
  } finally {
    redis.disconnect();
  }
}

/** Creates markets with the given ids (under one event), so connections may watch them. */
export async function seedMarkets(db: Database, ids: readonly string[]): Promise<void> {
  const [event] = await db.query<{ id: string }>(
    `INSERT INTO sport_events (external_id, sport_id, competition, title, participants, start_at, status)
     VALUES ($1, 3, 'Hub tests', 'Watchers v Publishers', ARRAY['Watchers', 'Publishers'], now(), 'UPCOMING')
     RETURNING id`,
    [`hub-${randomUUID()}`],
  );
  await db.query(
    `INSERT INTO markets (id, event_id, market_key, type, name, status)
     SELECT m.id, $1, m.id, 'MATCH_ODDS', 'Match Odds', 'OPEN' FROM unnest($2::text[]) AS m (id)
     ON CONFLICT (id) DO NOTHING`,
    [event?.id, ids],
  );
}
