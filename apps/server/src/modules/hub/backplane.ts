import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * How a published message reaches the connections that want it, on whichever instance they
 * are. Messages are addressed to topics (`user:<domain>:<playerId>`, `market:<marketId>`) and
 * carry a finished protocol record, so no instance serialises a message twice.
 *
 * In-process (no `REDIS_URL`): publishing delivers to this instance's connections at once.
 *
 * Redis pub/sub (`REDIS_URL`): one Redis channel per topic, `<prefix><topic>`. Each instance
 * has one publisher and one subscriber connection, and subscribes to a topic's channel while
 * it holds at least one connection on that topic (the first player connection or watcher
 * subscribes, the last one leaving unsubscribes). An instance therefore only receives what
 * its own connections want, whether a message is for one player or for a busy market, and
 * Redis does the routing. Its own publishes come back through Redis like everyone else's,
 * so every connection sees one topic's messages in publish order.
 */
export interface Backplane {
  /** Whether other instances share the topics (their connections are invisible here). */
  readonly distributed: boolean;
  publish(topic: string, record: string): Promise<void>;
  /** Resolves once messages published afterwards to the topic reach this instance. */
  subscribe(topic: string): Promise<void>;
  unsubscribe(topic: string): Promise<void>;
  /** Keeps this instance's part (`field`) of a picture all instances share (`name`). */
  putShared(name: string, field: string, value: string): Promise<void>;
  /** Every instance's part of a shared picture, whoever put it. */
  readShared(name: string): Promise<string[]>;
  dropShared(name: string, field: string): Promise<void>;
  close(): Promise<void>;
}

export type Deliver = (topic: string, record: string) => void;

/** The single-instance backplane. */
export function inProcessBackplane(deliver: Deliver): Backplane {
  return {
    distributed: false,
    async publish(topic, record) {
      deliver(topic, record);
    },
    async subscribe() {},
    async unsubscribe() {},
    // Alone, an instance's own picture is the whole one.
    async putShared() {},
    async readShared() {
      return [];
    },
    async dropShared() {},
    async close() {},
  };
}

const QUIT_TIMEOUT_MS = 2_000;

async function quit(redis: Redis): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), QUIT_TIMEOUT_MS);
  });
  const outcome = await Promise.race([redis.quit().catch(() => 'failed' as const), timeout]);
  clearTimeout(timer);
  if (outcome !== 'OK') redis.disconnect();
}

/** The Redis backplane: one publisher and one subscriber connection. */
export function redisBackplane(options: {
  url: string;
  channelPrefix: string;
  /** Names this instance's connections in Redis (`CLIENT LIST`): `<name>-pub`, `<name>-sub`. */
  name: string;
  deliver: Deliver;
  log: FastifyBaseLogger;
}): Backplane {
  const { channelPrefix, deliver, log } = options;
  const publisher = new Redis(options.url, {
    maxRetriesPerRequest: 3,
    enableAutoPipelining: true,
    connectionName: `${options.name}-pub`,
  });
  const subscriber = new Redis(options.url, {
    maxRetriesPerRequest: 3,
    connectionName: `${options.name}-sub`,
  });
  for (const [name, redis] of [
    ['publisher', publisher],
    ['subscriber', subscriber],
  ] as const) {
    // ioredis reconnects by itself and re-subscribes; an error here is worth a line, not a crash.
    redis.on('error', (error: Error) => log.warn({ err: error, redis: name }, 'hub redis error'));
  }
  subscriber.on('message', (channel: string, record: string) => {
    if (channel.startsWith(channelPrefix)) deliver(channel.slice(channelPrefix.length), record);
  });

  return {
    distributed: true,
    async publish(topic, record) {
      await publisher.publish(channelPrefix + topic, record);
    },
    async subscribe(topic) {
      await subscriber.subscribe(channelPrefix + topic);
    },
    async unsubscribe(topic) {
      await subscriber.unsubscribe(channelPrefix + topic);
    },
    // One hash per picture, a field per instance: reading costs the instances, not the keyspace.
    async putShared(name, field, value) {
      await publisher.hset(channelPrefix + name, field, value);
    },
    async readShared(name) {
      return Object.values(await publisher.hgetall(channelPrefix + name));
    },
    async dropShared(name, field) {
      await publisher.hdel(channelPrefix + name, field);
    },
    async close() {
      await Promise.all([quit(publisher), quit(subscriber)]);
    },
  };
}
