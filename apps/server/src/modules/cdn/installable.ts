/**
 * Installing a brand on the home screen: `/manifest.webmanifest` answers the manifest of the
 * brand the host is served as (its name, colours and icons), `/cdn/pwa/<brand>/<icon>` the icons
 * made from its own artwork, and the page's head links both and carries the brand's theme colour.
 * The service worker itself is built with the client and served with it (`web`).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { brandColours, type BrandColours } from '@backlay/contract/brand-colours';
import {
  DEFAULT_SETTINGS_NAME,
  defaultDomainSettingsSchema,
  type DomainSetting,
} from '@backlay/contract/domain-settings';
import {
  WEB_APP_ICONS,
  WEB_APP_ICONS_PREFIX,
  WEB_MANIFEST_CONTENT_TYPE,
  WEB_MANIFEST_PATH,
  type WebAppIconFile,
  type WebAppManifest,
} from '@backlay/contract/installable';
import { findDomain, isSafeSettingsName, settingsNameFor } from '@backlay/domains/registry';
import { ApiError } from '../../http/api-error';
import { BRAND_UPLOADS_PREFIX, type BrandDirectory, type BrandService } from '../brands';
import { artworkVersion, createBrandIcons, type BrandArtwork } from './brand-icons';

/** Where the seed's artwork is served from (`config/domains/assets`). */
const SEED_ASSETS_PREFIX = '/cdn/assets/';
/** A manifest is read when a page loads and when a browser checks an installed app. */
const MANIFEST_CACHE_CONTROL = 'public, max-age=300';
/** An icon's URL names its version, so a changed brand's icons are fetched afresh. */
const ICON_CACHE_CONTROL = 'public, max-age=86400';
/** The manifest's language: the client's pages are in English. */
const MANIFEST_LANG = 'en';

type Directory = Pick<BrandDirectory, 'registry' | 'settings' | 'settingsFile'>;

/** What a brand's manifest, head tags and icons are made of. */
interface InstallableBrand {
  /** The brand's settings name: its domain, or `test`. */
  name: string;
  setting: DomainSetting;
  colours: BrandColours;
  artwork: BrandArtwork;
}

/** A brand by its settings name, with its colours and artwork; undefined for no brand. */
function installableBrand(directory: Directory, name: string): InstallableBrand | undefined {
  const setting = directory.settings(name)?.setting;
  if (!setting) return undefined;
  const theme = findDomain(name, directory.registry())?.theme ?? null;
  const colours = brandColours(theme, setting.bodyBgColor);
  const defaults = defaultDomainSettingsSchema.safeParse(
    JSON.parse(directory.settingsFile(DEFAULT_SETTINGS_NAME) ?? 'null'),
  );
  return {
    name,
    setting,
    colours,
    artwork: {
      // The favicon first: it is square, where a logo is usually a wide word mark.
      sources: [
        setting.favicon,
        setting.mainLogo,
        ...(defaults.success ? [defaults.data.defaultLogo] : []),
      ],
      background: colours.browserBar,
    },
  };
}

/** The brand a page's host is served as (test hosts are the test brand). */
function brandOfHost(directory: Directory, hostname: string): InstallableBrand | undefined {
  return installableBrand(directory, settingsNameFor(hostname, directory.registry()));
}

function iconUrl(brand: InstallableBrand, file: WebAppIconFile): string {
  return `${WEB_APP_ICONS_PREFIX}${encodeURIComponent(brand.name)}/${file}?v=${artworkVersion(brand.artwork)}`;
}

/** A brand's web app manifest. */
function webAppManifest(brand: InstallableBrand): WebAppManifest {
  const icons = (Object.keys(WEB_APP_ICONS) as WebAppIconFile[]).flatMap((file) => {
    const { sizePx, purpose } = WEB_APP_ICONS[file];
    // iOS reads its icon from the page's link, not from the manifest.
    if (purpose === 'apple') return [];
    return [
      { src: iconUrl(brand, file), sizes: `${sizePx}x${sizePx}`, type: 'image/png', purpose },
    ];
  }) satisfies WebAppManifest['icons'];
  return {
    id: '/',
    name: brand.setting.domainTitle,
    short_name: brand.setting.domainTitle,
    description: brand.setting.description,
    lang: MANIFEST_LANG,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: brand.colours.browserBar,
    background_color: brand.colours.background,
    icons,
  };
}

/**
 * The page head's tags for installing: the manifest link and the iOS icon for a brand's host,
 * and the browser bar's colour for every host (the client keeps it in step with its theme).
 */
export function installableHeadTags(directory: Directory, hostname: string): string {
  const brand = brandOfHost(directory, hostname);
  const themeColour = `<meta name="theme-color" content="${(brand?.colours ?? brandColours(null, null)).browserBar}">`;
  if (!brand) return themeColour;
  return (
    `<link rel="manifest" href="${WEB_MANIFEST_PATH}">${themeColour}` +
    `<link rel="apple-touch-icon" href="${iconUrl(brand, 'apple-touch-icon.png')}">`
  );
}

/** A URL path decoded; a malformed escape stays as it is (and names no file). */
function safeDecode(encoded: string): string {
  try {
    return decodeURIComponent(encoded);
  } catch {
    return encoded;
  }
}

function isMissingFile(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR';
}

/**
 * Reads artwork a brand's settings name: the seed's files under `/cdn/assets/` and operators'
 * uploads under `/cdn/uploads/`. Images elsewhere (an outside URL) are not fetched.
 */
export function artworkReader(domainsDir: string, uploads: Pick<BrandService, 'asset'>) {
  const assetsDir = path.resolve(domainsDir, 'assets');
  return async (url: string): Promise<Buffer | undefined> => {
    const pathname = url.split(/[?#]/)[0] ?? '';
    if (pathname.startsWith(BRAND_UPLOADS_PREFIX)) {
      return (await uploads.asset(pathname.slice(BRAND_UPLOADS_PREFIX.length)))?.bytes;
    }
    if (!pathname.startsWith(SEED_ASSETS_PREFIX)) return undefined;
    const file = path.resolve(assetsDir, safeDecode(pathname.slice(SEED_ASSETS_PREFIX.length)));
    if (!file.startsWith(assetsDir + path.sep)) return undefined;
    try {
      return await fs.readFile(file);
    } catch (error) {
      // A file the settings name but the seed lacks: the next source is tried.
      if (isMissingFile(error)) return undefined;
      throw error;
    }
  };
}

function isIconFile(file: string): file is WebAppIconFile {
  return Object.hasOwn(WEB_APP_ICONS, file);
}

/** `/manifest.webmanifest` and `/cdn/pwa/<brand>/<icon>`. */
export async function installableRoutes(
  app: FastifyInstance,
  options: { domainsDir: string; directory: Directory; uploads: Pick<BrandService, 'asset'> },
): Promise<void> {
  const { directory } = options;
  const icons = createBrandIcons(artworkReader(options.domainsDir, options.uploads));

  app.get(WEB_MANIFEST_PATH, async (request, reply) => {
    const brand = brandOfHost(directory, request.hostname);
    if (!brand) throw new ApiError('NOT_FOUND', 'This site is not available.');
    return reply
      .type(`${WEB_MANIFEST_CONTENT_TYPE}; charset=utf-8`)
      .header('cache-control', MANIFEST_CACHE_CONTROL)
      .send(JSON.stringify(webAppManifest(brand)));
  });

  app.get<{ Params: { brand: string; file: string } }>(
    `${WEB_APP_ICONS_PREFIX}:brand/:file`,
    async (request, reply) => {
      const { file } = request.params;
      const name = request.params.brand.toLowerCase();
      const brand = isSafeSettingsName(name) ? installableBrand(directory, name) : undefined;
      const png =
        brand && isIconFile(file) ? await icons.icon(brand.name, brand.artwork, file) : undefined;
      if (!png) throw new ApiError('NOT_FOUND', 'There is no such image.');
      return reply.type('image/png').header('cache-control', ICON_CACHE_CONTROL).send(png);
    },
  );
}
