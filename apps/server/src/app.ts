import Fastify, { type FastifyInstance } from 'fastify';
import type { ServerConfig } from './config';
import type { Database } from './db/database';
import { registerEnvelopeHandlers } from './http/envelope-plugin';
import { securityHeaders } from './http/security-headers';
import { cdnRoutes } from './modules/cdn/cdn-routes';
import { systemRoutes } from './modules/system/system-routes';
import { spaFallback, webRoutes } from './modules/web/web-routes';

/** JSON bodies of the API are small; anything larger is refused before it is parsed. */
export const BODY_LIMIT_BYTES = 256 * 1024;

export interface AppDependencies {
  config: Pick<ServerConfig, 'webDistDir' | 'domainsDir' | 'logLevel'>;
  db: Database;
  logger?: boolean;
}

/** Builds the one-origin app: `/api`, `/cdn` and the web client. Does not listen. */
export async function buildApp({
  config,
  db,
  logger = true,
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

  await app.register(systemRoutes, { db });
  await app.register(cdnRoutes, { domainsDir: config.domainsDir });
  await app.register(webRoutes, { webDistDir: config.webDistDir });
  return app;
}
