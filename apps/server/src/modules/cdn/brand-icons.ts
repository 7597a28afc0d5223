/**
 * Home-screen icons made from a brand's own artwork: its favicon or logo (SVG, PNG, WebP or
 * JPEG) drawn by sharp on a square of the brand's theme colour. A brand's icons are made on
 * first request and kept in memory for its current artwork and colour (its version); when the
 * brand changes, the next request makes the new version's and the old ones are let go, so the
 * memory held is at most one set of icons per brand.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { WEB_APP_ICONS, type WebAppIconFile } from '@backlay/contract/installable';

/** What a brand's icons are drawn from. */
export interface BrandArtwork {
  /** Image URLs as the brand's settings name them, best first (favicon, logo, default logo). */
  sources: string[];
  /** The colour of the square behind the artwork (the brand's theme colour). */
  background: string;
}

/** Reads an image named by a brand's settings; undefined when it is not one this server has. */
export type ArtworkReader = (url: string) => Promise<Buffer | undefined>;

/** How much of an icon's side the artwork spans, by purpose. */
const ARTWORK_SHARE = {
  any: 0.84,
  // A launcher may crop a maskable icon to the circle of 80 % of its side; a square of 0.56
  // (its half-diagonal 0.396) stays inside it whatever the artwork's shape.
  maskable: 0.56,
  apple: 0.84,
} as const;

/** Artwork at least this large on its shorter side is drawn from without being enlarged. */
const SHARP_ENOUGH_PX = 192;
const READABLE_FORMATS = new Set(['svg', 'png', 'webp', 'jpeg']);
/** SVG is rasterised at 72 dpi unless told otherwise; sharp takes at most this density. */
const SVG_BASE_DPI = 72;
const SVG_MAX_DPI = 100_000;

interface Artwork {
  bytes: Buffer;
  vector: boolean;
  longestSidePx: number;
  shortestSidePx: number;
}

/** The version of a brand's icons: changes whenever what they are drawn from changes. */
export function artworkVersion(artwork: BrandArtwork): string {
  return createHash('sha256').update(JSON.stringify(artwork)).digest('hex').slice(0, 16);
}

async function readArtwork(bytes: Buffer): Promise<Artwork | undefined> {
  try {
    const meta = await sharp(bytes).metadata();
    if (!meta.format || !READABLE_FORMATS.has(meta.format) || !meta.width || !meta.height) {
      return undefined;
    }
    return {
      bytes,
      vector: meta.format === 'svg',
      longestSidePx: Math.max(meta.width, meta.height),
      shortestSidePx: Math.min(meta.width, meta.height),
    };
  } catch {
    // Not an image sharp reads (an ICO favicon, a broken upload): the next source is tried.
    return undefined;
  }
}

/**
 * The artwork to draw from: the first source that is vector or large enough to need no
 * enlarging, else the first that can be read at all; undefined when none can.
 */
async function chooseArtwork(sources: string[], read: ArtworkReader): Promise<Artwork | undefined> {
  let fallback: Artwork | undefined;
  for (const url of sources) {
    const bytes = await read(url);
    const artwork = bytes && (await readArtwork(bytes));
    if (!artwork) continue;
    if (artwork.vector || artwork.shortestSidePx >= SHARP_ENOUGH_PX) return artwork;
    fallback ??= artwork;
  }
  return fallback;
}

/** Draws `artwork` centred on an opaque square of `background`, `sizePx` a side. */
async function drawIcon(
  artwork: Artwork,
  background: string,
  sizePx: number,
  share: number,
): Promise<Buffer> {
  const boxPx = Math.round(sizePx * share);
  // An SVG is rasterised at the size it is drawn at, not enlarged from its nominal size.
  const input = artwork.vector
    ? sharp(artwork.bytes, {
        density: Math.min(SVG_MAX_DPI, (SVG_BASE_DPI * boxPx) / artwork.longestSidePx),
      })
    : sharp(artwork.bytes);
  const drawn = await input
    .resize(boxPx, boxPx, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
  const composed = await sharp({
    create: { width: sizePx, height: sizePx, channels: 3, background },
  })
    .composite([{ input: drawn, gravity: 'centre' }])
    .raw()
    .toBuffer({ resolveWithObject: true });
  // Compositing adds an alpha channel; the icon is opaque (iOS would fill transparency black).
  return sharp(composed.data, { raw: composed.info })
    .removeAlpha()
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** The icons of every brand, made on demand and kept per brand and version. */
export function createBrandIcons(read: ArtworkReader) {
  interface Held {
    version: string;
    artwork: Promise<Artwork | undefined>;
    icons: Map<WebAppIconFile, Promise<Buffer | undefined>>;
  }
  const brands = new Map<string, Held>();

  /** Keeps a promise until it fails, so the next request after a failure tries again. */
  function keepUnlessFailed<T>(promise: Promise<T>, drop: () => void): Promise<T> {
    promise.catch(drop);
    return promise;
  }

  function held(brand: string, artwork: BrandArtwork): Held {
    const version = artworkVersion(artwork);
    const found = brands.get(brand);
    if (found?.version === version) return found;
    const fresh: Held = {
      version,
      artwork: keepUnlessFailed(chooseArtwork(artwork.sources, read), () => {
        if (brands.get(brand) === fresh) brands.delete(brand);
      }),
      icons: new Map(),
    };
    brands.set(brand, fresh);
    return fresh;
  }

  /** A brand's icon; undefined when none of its artwork can be drawn from. */
  function icon(
    brand: string,
    artwork: BrandArtwork,
    file: WebAppIconFile,
  ): Promise<Buffer | undefined> {
    const { artwork: chosen, icons } = held(brand, artwork);
    const found = icons.get(file);
    if (found) return found;
    const { sizePx, purpose } = WEB_APP_ICONS[file];
    const made = keepUnlessFailed(
      chosen.then(
        (source) => source && drawIcon(source, artwork.background, sizePx, ARTWORK_SHARE[purpose]),
      ),
      () => {
        if (icons.get(file) === made) icons.delete(file);
      },
    );
    icons.set(file, made);
    return made;
  }

  return { icon };
}

export type BrandIcons = ReturnType<typeof createBrandIcons>;
