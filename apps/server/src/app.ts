import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';
import type { ServerConfig } from './config';
import type { Database } from './db/database';
import {
  createAesGcmCodec,
  PAYLOAD_CODEC_META,
  PAYLOAD_CODEC_NAME,
} from '@backlay/contract/payload-codec';
import { registerEnvelopeHandlers } from './http/envelope-plugin';
import { payloadCodecPlugin } from './http/payload-codec-plugin';
import { securityHeaders } from './http/security-headers';
import { requestLog, requestLogController } from './http/request-log';
import { siteGate } from './http/site-gate';
import { createRateLimits } from './modules/limits';
import {
  accountRoutes,
  createAccountService,
  DEMO_FUNDS_MINOR,
  demoFundsRoutes,
  loadTokenKey,
  outboxSmsProvider,
  webhookSmsProvider,
} from './modules/account';
import { cdnRoutes } from './modules/cdn';
import { bookOf, ensurePlayerAccounts, getBalances, grantDemoFunds } from './modules/wallet';
import { systemRoutes } from './modules/system';
import { spaFallback, webRoutes } from './modules/web';
// Hub: the real-time hub and what triggers its balance pushes.
import { createHub, hubRoutes, type HubOptions } from './modules/hub';
// Sports and the exchange: events, markets, odds and bets.
import {
  createBetPlacement,
  createChangePublisher,
  createMarketTurns,
  exchangeRoutes,
} from './modules/exchange';
import { createDomainRules } from './modules/brands';
import { sportsRoutes } from './modules/sports';

export { DEMO_FUNDS_MINOR };

/** A hop count means "the nearest n proxies"; Fastify's types take that as a function. */
function trustedProxies(setting: AppConfig['trustProxy']) {
  return typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;
}

/** JSON bodies of the API are small; anything larger is refused before it is parsed. */
export const BODY_LIMIT_BYTES = 256 * 1024;

export type AppConfig = Pick<
  ServerConfig,
  | 'webDistDir'
  | 'domainsDir'
  | 'logLevel'
  | 'production'
  | 'tokenSecret'
  | 'smsProviderUrl'
  | 'smsProviderToken'
  | 'payloadCodecKey'
  | 'trustProxy'
  | 'limits'
> &
  // Hub: with a Redis URL, hub messages fan out through Redis pub/sub.
  Partial<Pick<ServerConfig, 'redisUrl' | 'hsts'>> & {
    /** Namespaces the limit counters; tests sharing one Redis keep theirs apart. */
    limitKeyPrefix?: string;
  };

export interface AppDependencies {
  config: AppConfig;
  db: Database;
  logger?: boolean;
  /** Where log lines go (standard output by default); tests read them. */
  logStream?: { write(line: string): void };
  /** The clock of the account rules; tests move it. */
  now?: () => Date;
  /** Hub timings and limits other than the defaults (tests shorten them). */
  hub?: Partial<HubOptions>;
  /** Waits out in-play bet delays; tests pass a fake. */
  sleep?: (ms: number) => Promise<void>;
}

/** Builds the one-origin app: `/api`, `/cdn`, the hub and the web client. Does not listen. */
export async function buildApp({
  config,
  db,
  logger = true,
  logStream,
  now,
  hub: hubOptions,
  sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
}: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger
      ? { level: config.logLevel, ...(logStream ? { stream: logStream } : {}) }
      : false,
    logController: requestLogController(),
    bodyLimit: BODY_LIMIT_BYTES,
    // The spec's client spells some paths in lower case (`event/GetBySportName`).
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    trustProxy: trustedProxies(config.trustProxy),
  });

  const codec = config.payloadCodecKey ? await createAesGcmCodec(config.payloadCodecKey) : null;
  // Tells the client to transform its calls (spec §7); the key is no secret from the client.
  const headTags = config.payloadCodecKey
    ? `<meta name="${PAYLOAD_CODEC_META}" content="${PAYLOAD_CODEC_NAME}:${config.payloadCodecKey}">`
    : '';
  registerEnvelopeHandlers(app, spaFallback(config.webDistDir, headTags));
  securityHeaders(app, { hsts: config.hsts ?? false });
  // Sealing must see the JSON text, so it runs before compression.
  if (codec) payloadCodecPlugin(app, codec);
  // Most players are on phones: compress scripts, styles and JSON above a kilobyte.
  await app.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'] });

  const rules = createDomainRules(config.domainsDir);
  requestLog(app);
  siteGate(app, rules);
  const limits = createRateLimits({
    db,
    redisUrl: config.redisUrl ?? null,
    settings: config.limits,
    ...(config.limitKeyPrefix ? { keyPrefix: config.limitKeyPrefix } : {}),
  });
  await limits.ready();
  app.addHook('onClose', () => limits.close());

  const tokenKey = await loadTokenKey(db, config.tokenSecret);
  const sms = config.smsProviderUrl
    ? webhookSmsProvider(config.smsProviderUrl, config.smsProviderToken)
    : outboxSmsProvider(db, (message) =>
        app.log.info({ sms: message }, 'SMS (development outbox)'),
      );
  const accounts = createAccountService({
    db,
    tokenKey,
    sms,
    limits,
    log: app.log.child({ module: 'account' }),
    balancesOf: (player) =>
      getBalances(db, { domain: player.domain, ownerId: player.id, book: bookOf(player) }),
    hooks: {
      async onPlayerCreated(tx, player) {
        const ref = { domain: player.domain, ownerId: player.id, book: bookOf(player) };
        await ensurePlayerAccounts(tx, ref);
        if (player.demo) {
          const granted = await grantDemoFunds(tx, {
            domain: player.domain,
            ownerId: player.id,
            amountMinor: DEMO_FUNDS_MINOR,
            idempotencyKey: `demo-grant:${player.id}`,
          });
          if (granted.status !== 'ok')
            throw new Error(`demo funds were not granted: ${granted.status}`);
        }
      },
    },
    ...(now ? { now } : {}),
  });

  await app.register(systemRoutes, { db });
  await app.register(accountRoutes, {
    db,
    accounts,
    tokenKey,
    devOutbox: !config.smsProviderUrl && !config.production,
    now: now ?? (() => new Date()),
  });
  await app.register(cdnRoutes, { domainsDir: config.domainsDir });

  // Hub: `/hubs/main`, and the demo top-up whose committed change it pushes.
  const hub = createHub({
    db,
    authenticate: (authorization, domain) => accounts.playerForToken(authorization, domain),
    tokenKey,
    log: app.log.child({ module: 'hub' }),
    options: { redisUrl: config.redisUrl ?? null, ...hubOptions },
  });
  app.decorate('hub', hub);
  await app.register(hubRoutes, { hub, trustProxy: config.trustProxy, limits });
  await app.register(demoFundsRoutes, {
    db,
    authenticate: (request, domain) =>
      accounts.playerForToken(request.headers.authorization, domain),
    onBalanceChanged: (domain, playerId) => hub.publishBalance(domain, playerId),
  });

  const authenticate = (request: { headers: { authorization?: string } }, domain: string) =>
    accounts.playerForToken(request.headers.authorization, domain);
  sportsRoutes(app, { db, rules, authenticate });
  // After a bet or cancel commits: the market's new prices and the players' balances.
  const onExchangeChange = createChangePublisher({ db, hub, log: app.log });
  const exchange = {
    db,
    rules,
    sleep,
    onChange: onExchangeChange,
    inTurn: createMarketTurns(),
  };
  // Bets queued for one market are placed together; any a batch cannot decide go one by one.
  const placement = createBetPlacement(exchange, { log: app.log.child({ module: 'exchange' }) });
  // What the batches did (counted in the batcher), for tests and operators' tools.
  app.decorate('betBatches', { stats: placement.batchStats });
  exchangeRoutes(app, { ...exchange, authenticate, limits, placement });

  await app.register(webRoutes, { webDistDir: config.webDistDir, headTags });
  return app;
}
