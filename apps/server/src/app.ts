import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';
import type { ServerConfig } from './config';
import type { Database } from './db/database';
import { registerEnvelopeHandlers } from './http/envelope-plugin';
import { securityHeaders } from './http/security-headers';
import { createAccountService } from './modules/account/account-service';
import { accountRoutes } from './modules/account/account-routes';
import { outboxSmsProvider, webhookSmsProvider } from './modules/account/sms';
import { loadTokenKey } from './modules/account/token-key';
import { cdnRoutes } from './modules/cdn/cdn-routes';
import { systemRoutes } from './modules/system/system-routes';
import { spaFallback, webRoutes } from './modules/web/web-routes';

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
>;

export interface AppDependencies {
  config: AppConfig;
  db: Database;
  logger?: boolean;
  /** The clock of the account rules; tests move it. */
  now?: () => Date;
}

/** Builds the one-origin app: `/api`, `/cdn` and the web client. Does not listen. */
export async function buildApp({
  config,
  db,
  logger = true,
  now,
}: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? { level: config.logLevel } : false,
    bodyLimit: BODY_LIMIT_BYTES,
    // The spec's client spells some paths in lower case (`event/GetBySportName`).
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    trustProxy: true,
  });

  registerEnvelopeHandlers(app, spaFallback(config.webDistDir));
  securityHeaders(app);
  // Most players are on phones: compress scripts, styles and JSON above a kilobyte.
  await app.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'] });

  const tokenKey = await loadTokenKey(db, config.tokenSecret);
  const sms = config.smsProviderUrl
    ? webhookSmsProvider(config.smsProviderUrl, config.smsProviderToken)
    : outboxSmsProvider(db, (message) =>
        app.log.info({ sms: message }, 'SMS (development outbox)'),
      );
  const accounts = createAccountService({ db, tokenKey, sms, ...(now ? { now } : {}) });

  await app.register(systemRoutes, { db });
  await app.register(accountRoutes, {
    db,
    accounts,
    tokenKey,
    devOutbox: !config.smsProviderUrl && !config.production,
    now: now ?? (() => new Date()),
  });
  await app.register(cdnRoutes, { domainsDir: config.domainsDir });
  await app.register(webRoutes, { webDistDir: config.webDistDir });
  return app;
}
