import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { isSafeSettingsName } from '@backlay/domains/registry';
import { SETTINGS_DIR } from '@backlay/contract/domain-settings';
import { ApiError } from '../../http/api-error';
import { BRAND_UPLOADS_PREFIX, type BrandDirectory, type BrandService } from '../brands';
import { installableRoutes } from './installable';

/** Settings may change at any time; the client's cache key already defeats stale copies. */
const SETTINGS_CACHE_CONTROL = 'public, max-age=60';
const ASSET_MAX_AGE_MS = 60 * 60 * 1000;
/** An upload's path names its content, so a copy never goes stale. */
const UPLOAD_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/**
 * An uploaded SVG opened on its own runs nothing and loads nothing: the bytes were checked on
 * the way in, and this policy holds whatever got past the check.
 */
const UPLOAD_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
const UPLOAD_PATH = /^([a-z0-9.-]+)\/((?:logo|favicon)-[0-9a-f]{16}\.(?:png|webp|ico|svg))$/;

/** A settings file with the brand's public campaigns added to its own `bonuses`. */
function withBonuses(body: string, bonuses: readonly object[]): string {
  const settings = JSON.parse(body) as { bonuses?: unknown[] };
  return JSON.stringify({ ...settings, bonuses: [...(settings.bonuses ?? []), ...bonuses] });
}

/**
 * `/cdn/settings/<name>.json` serves a brand's settings file as the brand directory holds it
 * (the client validates it, so a broken file shows as maintenance, not as a half-drawn page),
 * `/cdn/uploads/...` the logos and favicons operators uploaded, `/cdn/assets/...` the
 * brand artwork that ships with `config/domains`, and each brand host its web app manifest with
 * the home-screen icons made from that artwork (`installable.ts`).
 */
export async function cdnRoutes(
  app: FastifyInstance,
  options: {
    domainsDir: string;
    directory: Pick<BrandDirectory, 'settingsFile' | 'settings' | 'registry'>;
    uploads: Pick<BrandService, 'asset'>;
    /** A brand's public running bonus campaigns, listed in its settings' `bonuses` (spec §1). */
    publicBonuses?: (name: string) => Promise<{ id: string; title: string; description: string }[]>;
  },
): Promise<void> {
  await app.register(installableRoutes, options);

  app.get<{ Params: { file: string } }>(`/cdn/${SETTINGS_DIR}/:file`, async (request, reply) => {
    const match = /^(.+)\.json$/.exec(request.params.file);
    const name = match?.[1]?.toLowerCase();
    if (!name || !isSafeSettingsName(name)) {
      throw new ApiError('VALIDATION_FAILED', 'Settings files are named <hostname>.json.');
    }
    const body = options.directory.settingsFile(name);
    if (body === undefined) {
      throw new ApiError(
        'NOT_FOUND',
        `No settings are published for ${name}. This site is not available.`,
      );
    }
    const bonuses = (await options.publicBonuses?.(name)) ?? [];
    return reply
      .type('application/json; charset=utf-8')
      .header('cache-control', SETTINGS_CACHE_CONTROL)
      .send(bonuses.length === 0 ? body : withBonuses(body, bonuses));
  });

  app.get<{ Params: { '*': string } }>(`${BRAND_UPLOADS_PREFIX}*`, async (request, reply) => {
    const wanted = UPLOAD_PATH.exec(request.params['*']);
    const asset = wanted ? await options.uploads.asset(wanted[0]) : undefined;
    if (!asset) throw new ApiError('NOT_FOUND', 'There is no such image.');
    return reply
      .type(asset.contentType)
      .header('cache-control', UPLOAD_CACHE_CONTROL)
      .header('content-security-policy', UPLOAD_POLICY)
      .header('x-content-type-options', 'nosniff')
      .send(asset.bytes);
  });

  await app.register(fastifyStatic, {
    root: path.join(options.domainsDir, 'assets'),
    prefix: '/cdn/assets/',
    decorateReply: false,
    maxAge: ASSET_MAX_AGE_MS,
    index: false,
  });
}
