import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { isSafeSettingsName } from '@backlay/domains/registry';
import { SETTINGS_DIR } from '@backlay/contract/domain-settings';
import { ApiError } from '../../http/api-error';

/** Settings may change at any time; the client's cache key already defeats stale copies. */
const SETTINGS_CACHE_CONTROL = 'public, max-age=60';
const ASSET_MAX_AGE_MS = 60 * 60 * 1000;

/**
 * `/cdn/settings/<name>.json` serves a domain's settings file byte for byte (the client
 * validates it, so a broken file shows as maintenance, not as a half-drawn page), and
 * `/cdn/assets/...` serves brand logos, favicons and backgrounds.
 */
export async function cdnRoutes(
  app: FastifyInstance,
  options: { domainsDir: string },
): Promise<void> {
  const settingsDir = path.join(options.domainsDir, SETTINGS_DIR);

  app.get<{ Params: { file: string } }>(`/cdn/${SETTINGS_DIR}/:file`, async (request, reply) => {
    const match = /^(.+)\.json$/.exec(request.params.file);
    const name = match?.[1]?.toLowerCase();
    if (!name || !isSafeSettingsName(name)) {
      throw new ApiError('VALIDATION_FAILED', 'Settings files are named <hostname>.json.');
    }
    let body: Buffer;
    try {
      body = await fs.readFile(path.join(settingsDir, `${name}.json`));
    } catch {
      throw new ApiError(
        'NOT_FOUND',
        `No settings are published for ${name}. This site is not available.`,
      );
    }
    return reply
      .type('application/json; charset=utf-8')
      .header('cache-control', SETTINGS_CACHE_CONTROL)
      .send(body);
  });

  await app.register(fastifyStatic, {
    root: path.join(options.domainsDir, 'assets'),
    prefix: '/cdn/assets/',
    decorateReply: false,
    maxAge: ASSET_MAX_AGE_MS,
    index: false,
  });
}
