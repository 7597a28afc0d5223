import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { ServerConfig } from './config';
import type { Database } from './db/database';
import {
  createAesGcmCodec,
  PAYLOAD_CODEC_META,
  PAYLOAD_CODEC_NAME,
} from '@backlay/contract/payload-codec';
import { requestLogController } from './http/request-log';
import { frameSources, type FrameSources } from './http/security-headers';
import {
  accountRoutes,
  DEMO_FUNDS_MINOR,
  demoFundsRoutes,
  sharePlayerChanges,
} from './modules/account';
import { adminPlugin } from './modules/admin';
import { adminWebRoutes } from './modules/admin-web';
import { brandPageTag } from './modules/brands';
import { cdnRoutes, installableHeadTags } from './modules/cdn';
import { exchangeRoutes, settledResultSince } from './modules/exchange';
import { hubRoutes, type HubOptions } from './modules/hub';
import { sportsRoutes } from './modules/sports';
import { systemRoutes } from './modules/system';
import { spaFallback, webRoutes } from './modules/web';
import { httpLayer } from './plugins/http-layer';
import {
  accountsPlugin,
  brandsPlugin,
  exchangePlugin,
  hubPlugin,
  limitsPlugin,
  paymentsPlugin,
} from './plugins/services';
import {
  configuredPaymentGateway,
  depositedSince,
  gatewayPaymentRoutes,
  inProcessFetch,
  inProcessTextFetch,
  IN_PROCESS_ORIGIN,
  loadGatewayCredentials,
  paymentRoutes,
  type HttpFetch,
} from './modules/payments';
import { responsibleGamblingRoutes } from './modules/responsible-gambling';
import { casinoPlugin, TEST_PROVIDER_PREFIX } from './modules/casino';
import { houseGamesPlugin, loadHouseGamesSettings } from './modules/house-games';
import { bonusPlugin } from './modules/bonus';
import { sandboxGatewayPlugin, SANDBOX_BASE_PATH } from './modules/sandbox-gateway';

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
  | 'adminDistDir'
  | 'domainsDir'
  | 'logLevel'
  | 'production'
  | 'tokenSecret'
  | 'smsProviderUrl'
  | 'smsProviderToken'
  | 'payloadCodecKey'
  | 'trustProxy'
  | 'limits'
  | 'dataDir'
  | 'secondApproval'
  | 'paymentGateway'
  | 'casino'
> &
  // Hub: with a Redis URL, hub messages fan out through Redis pub/sub.
  Partial<
    Pick<
      ServerConfig,
      | 'redisUrl'
      | 'hsts'
      | 'imageBucket'
      | 'casinoProviderOrigins'
      | 'sandboxGateway'
      | 'houseGames'
    >
  > & {
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
  /** The key of the local create-owner call (kept in the data folder); unset: not served. */
  adminCommandKey?: string;
  /** Waits out in-play bet delays; tests pass a fake. */
  sleep?: (ms: number) => Promise<void>;
  /** The payment gateway's clock, sweep and webhook path, as tests arrange them. */
  paymentGateway?: PaymentGatewayHooks;
  /** How often the bonus jobs run; 0: never (tests run them by hand). */
  bonusJobIntervalMs?: number;
}

export interface PaymentGatewayHooks {
  /** One clock for both sides: payments' expiry and the sandbox's. */
  now?: () => Date;
  /** Wraps how the sandbox's webhooks travel (a test makes the merchant fail). */
  webhookFetch?: (fetch: HttpFetch) => HttpFetch;
  /** Wraps how payments reach the gateway (a test holds answers back to make calls race). */
  gatewayFetch?: (fetch: HttpFetch) => HttpFetch;
  /** The sandbox's sweep interval; 0: tests sweep by hand. */
  sweepIntervalMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Where pages may take frames from beyond their own origin (casino providers' game pages):
     * `CASINO_PROVIDER_ORIGINS`, and what the casino's provider configuration adds. The
     * Content-Security-Policy and the Permissions-Policy of every answer read it.
     */
    frameSources: FrameSources;
  }
}

/** Builds the one-origin app: `/api`, `/cdn`, the hub and the web client. Does not listen. */
export async function buildApp({
  config,
  db,
  logger = true,
  logStream,
  now,
  hub: hubOptions,
  adminCommandKey,
  sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  paymentGateway: gatewayHooks = {},
  bonusJobIntervalMs,
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
  const codecTag = config.payloadCodecKey
    ? `<meta name="${PAYLOAD_CODEC_META}" content="${PAYLOAD_CODEC_NAME}:${config.payloadCodecKey}">`
    : '';
  // The brand a page's host is served as, from the brands of now (`app.brands`, set up below),
  // and what installing it on the home screen needs: its manifest, icon and theme colour.
  const headTags = (request: FastifyRequest) => {
    const hostname = request.hostname || 'localhost';
    return (
      codecTag +
      brandPageTag(app.brands.registry(), hostname) +
      installableHeadTags(app.brands, hostname)
    );
  };

  const frames = frameSources(config.casinoProviderOrigins ?? []);
  app.decorate('frameSources', frames);
  // External: the HTTP layer every answer goes through.
  await app.register(httpLayer, {
    notFound: spaFallback(config.webDistDir, headTags),
    hsts: config.hsts ?? false,
    frameOrigins: () => frames.list(),
    codec,
  });
  // App: the services, each declaring the plugins it needs (Fastify checks the order).
  await app.register(limitsPlugin, { db, config });
  await app.register(brandsPlugin, { db, config });
  await app.register(accountsPlugin, { db, config, ...(now ? { now } : {}) });
  await app.register(hubPlugin, { db, config, ...(hubOptions ? { hub: hubOptions } : {}) });
  // A player changed on one instance (sessions ended, a lock, a limit) is read again by every
  // instance's next bearer check, not only once the row it keeps runs out.
  const stopSharingPlayerChanges = await sharePlayerChanges(
    db,
    app.hub.systemChannel('player-changes'),
    (domain, playerId) => app.accounts.forgetPlayer(domain, playerId),
    app.log,
  );
  app.addHook('onClose', async () => stopSharingPlayerChanges());
  await app.register(exchangePlugin, { db, config, sleep });
  await app.register(paymentsPlugin, { db, config });

  // Routes, which read the services from the app.
  await app.register(systemRoutes, { db });
  await app.register(accountRoutes, {
    db,
    accounts: app.accounts,
    tokenKey: app.tokenKey,
    devOutbox: !config.smsProviderUrl && !config.production,
    now: now ?? (() => new Date()),
    reconnectPlayer: (domain, playerId, reason) =>
      app.hub.closePlayer(domain, playerId, reason, true),
  });
  await app.register(cdnRoutes, {
    domainsDir: config.domainsDir,
    directory: app.brands,
    uploads: app.brandService,
    // Read when a settings file is asked for: the bonus plugin decorates the app further down.
    publicBonuses: (name) => app.bonus.publicOffers(name),
  });
  // Hub: `/hubs/main`; and the demo top-up (the wallet announces its new balance to the hub).
  await app.register(hubRoutes, {
    hub: app.hub,
    trustProxy: config.trustProxy,
    limits: app.limits,
    registry: app.brands.registry,
  });
  await app.register(demoFundsRoutes, { db });
  sportsRoutes(app, { db, rules: app.rules });
  exchangeRoutes(app, {
    ...app.exchange.deps,
    limits: app.limits,
    placement: app.exchange.placement,
  });
  // Link and UPI-intent deposits go through a gateway reached over HTTP: the one at
  // PAYMENT_GATEWAY_URL, or the built-in sandbox served here (`/sandbox-gateway`, `/pay`) and
  // reached in-process, which posts its webhooks back the same way.
  const gatewayCredentials = await loadGatewayCredentials(db, config.paymentGateway);
  const selfFetch = inProcessFetch(app);
  if (config.paymentGateway.sandbox) {
    await app.register(sandboxGatewayPlugin, {
      db,
      merchant: gatewayCredentials,
      fetch: gatewayHooks.webhookFetch?.(selfFetch) ?? selfFetch,
      // Everyone only when asked for (SANDBOX_GATEWAY=on); else this machine alone.
      reach: config.sandboxGateway?.reach === 'everyone' ? 'everyone' : 'this-machine',
      ...(gatewayHooks.now ? { now: gatewayHooks.now } : {}),
      ...(gatewayHooks.sweepIntervalMs === undefined
        ? {}
        : { sweepIntervalMs: gatewayHooks.sweepIntervalMs }),
    });
  }
  const gateway = configuredPaymentGateway(config.paymentGateway, gatewayCredentials, {
    fetch: gatewayHooks.gatewayFetch?.(selfFetch) ?? selfFetch,
    sandboxPath: SANDBOX_BASE_PATH,
  });
  // Money in and out, and the statement.
  await app.register(paymentRoutes, {
    db,
    limits: app.limits,
    images: app.payments.images,
    cursors: app.payments.cursors,
    gatewayAvailable: () => gateway !== null,
    // Read when a deposit is made: the gateway's routes decorate the app further down.
    settleLapsedPayments: (ownerId) => app.gatewayPayments.settleLapsed(ownerId),
    // Read when payment info is asked for: the bonus plugin decorates the app further down.
    withdrawalBonus: (player) => app.bonus.withdrawalNotice(player),
    ...(now ? { now } : {}),
  });
  // The player's own limits and breaks; their deposits are counted by payments.
  await app.register(responsibleGamblingRoutes, {
    db,
    limits: app.limits,
    usage: { depositedSince, settledResultSince },
    closeConnections: (domain, playerId, reason) => app.hub.closePlayer(domain, playerId, reason),
    now: now ?? (() => new Date()),
  });
  await app.register(gatewayPaymentRoutes, {
    db,
    limits: app.limits,
    gateway,
    ...(gatewayHooks.now ? { now: gatewayHooks.now } : {}),
    // Tests that sweep the sandbox by hand reconcile by hand too.
    ...(gatewayHooks.sweepIntervalMs === 0 ? { reconcileIntervalMs: 0 } : {}),
  });
  const houseGames = config.houseGames ?? loadHouseGamesSettings({});
  // The casino: its calls and files, the providers' signed wallet callbacks, and the built-in
  // test provider, whose server reaches those callbacks in-process as an outside one would.
  // Providers' game pages on other origins join the pages' frame sources.
  await app.register(casinoPlugin, {
    db,
    settings: config.casino,
    domainsDir: config.domainsDir,
    limits: app.limits,
    registry: app.brands.registry,
    siteSuspended: app.rules.siteSuspended,
    settledResultSince,
    testProviderFetch: selfFetch,
    walletOrigin: IN_PROCESS_ORIGIN,
    builtInStudio: houseGames.enabled,
    ...(now ? { now } : {}),
  });
  app.frameSources.add(() => app.casino.providers.frameOrigins());
  // The built-in games studio (`/games/<provider>/…`): a provider like any other, whose server
  // reaches the wallet callbacks in-process with the secret each provider was given.
  await app.register(houseGamesPlugin, {
    db,
    settings: houseGames,
    walletOrigin: IN_PROCESS_ORIGIN,
    // Its callbacks are read as status and text only: the lighter in-process transport.
    fetch: inProcessTextFetch(app),
    secretOf: (code) => app.casino.providers.secretOf(code)?.secret,
    testProviderPrefix: config.casino.testProvider ? TEST_PROVIDER_PREFIX : null,
    ...(now ? { now: () => now().getTime() } : {}),
  });
  // Bonuses: campaigns, the player's calls, wagering counted in each market's settlement, jobs.
  await app.register(bonusPlugin, {
    db,
    domainsDir: config.domainsDir,
    limits: app.limits,
    registry: app.brands.registry,
    ...(now ? { now } : {}),
    ...(bonusJobIntervalMs === undefined ? {} : { jobIntervalMs: bonusJobIntervalMs }),
  });
  // The back office: its own calls under `/admin/api/`.
  await app.register(adminPlugin, {
    db,
    ...(now ? { now } : {}),
    ...(adminCommandKey ? { commandKey: adminCommandKey } : {}),
    studioTables: app.houseGames?.tableSettings,
  });
  await app.register(adminWebRoutes, { adminDistDir: config.adminDistDir });
  await app.register(webRoutes, { webDistDir: config.webDistDir, headTags });
  return app;
}
