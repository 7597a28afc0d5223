/**
 * Logos and favicons operators upload: what the bytes are is read from the bytes (image-size
 * knows PNG, WebP, ICO and SVG and their dimensions), never from a name or a header the
 * browser sent. An SVG may carry script; it is refused when it does, and every upload is
 * served with a policy that runs none anyway (see `cdn`).
 */
import { createHash } from 'node:crypto';
import { imageSize } from 'image-size';
import {
  BRAND_ASSET_MAX_BYTES,
  BRAND_ASSET_MAX_PIXELS,
  type BRAND_ASSET_TYPES,
} from '@backlay/contract/admin-brands';
import { ApiError } from '../../http/api-error';

type AssetType = (typeof BRAND_ASSET_TYPES)[number];

const TYPES: Record<string, { contentType: AssetType; extension: string }> = {
  png: { contentType: 'image/png', extension: 'png' },
  webp: { contentType: 'image/webp', extension: 'webp' },
  ico: { contentType: 'image/x-icon', extension: 'ico' },
  svg: { contentType: 'image/svg+xml', extension: 'svg' },
};

/** Script, event handlers, foreign content and outside references have no place in a logo. */
const SVG_REFUSED =
  /<script|<foreignobject|\son[a-z]+\s*=|javascript:|<!entity|href\s*=\s*["']?(?!#)/i;

export interface CheckedAsset {
  contentType: AssetType;
  bytes: Buffer;
  /** The served file name: `<kind>-<first 16 hex of sha256>.<ext>`. */
  fileName: string;
}

const refuse = (message: string) => new ApiError('VALIDATION_FAILED', `dataBase64: ${message}`);

/** Checks an uploaded image; throws VALIDATION_FAILED saying what is wrong with it. */
export function checkBrandAsset(kind: 'logo' | 'favicon', dataBase64: string): CheckedAsset {
  const bytes = Buffer.from(dataBase64, 'base64');
  if (bytes.length === 0) throw refuse('The file is empty.');
  if (bytes.length > BRAND_ASSET_MAX_BYTES) throw refuse('The file is larger than 160 KB.');
  let size: ReturnType<typeof imageSize>;
  try {
    size = imageSize(bytes);
  } catch {
    throw refuse('The file is not a PNG, WebP, ICO or SVG image.');
  }
  const type = size.type ? TYPES[size.type] : undefined;
  if (!type) throw refuse('The file is not a PNG, WebP, ICO or SVG image.');
  if (kind === 'logo' && type.contentType === 'image/x-icon') {
    throw refuse('A logo is a PNG, WebP or SVG image; ICO is for favicons.');
  }
  const { width = 0, height = 0 } = size;
  if (width > BRAND_ASSET_MAX_PIXELS || height > BRAND_ASSET_MAX_PIXELS) {
    throw refuse(`The image is ${width}×${height}; at most ${BRAND_ASSET_MAX_PIXELS} px a side.`);
  }
  if (type.contentType === 'image/svg+xml' && SVG_REFUSED.test(bytes.toString('utf8'))) {
    throw refuse('The SVG contains script, event handlers or outside references.');
  }
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
  return {
    contentType: type.contentType,
    bytes,
    fileName: `${kind}-${hash}.${type.extension}`,
  };
}
