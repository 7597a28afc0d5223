/**
 * Images players store (`Setting/StoreImage`): deposit screenshots. The bytes decide what a file
 * is, not its label: only PNG, JPEG and WebP up to 2 MB and 40 megapixels are taken. Each is
 * re-encoded in its own format, turned upright and stripped of its metadata (EXIF location,
 * device, comments), so what is kept is a plain picture; only its owner and operators read it.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { STORED_IMAGE_MAX_BYTES } from '@backlay/contract/profile';
import type { Queryable } from '../../db/database';
import { ApiError } from '../../http/api-error';
import type { ImageStore } from './image-store';

// Decoded pictures are not worth keeping in memory between requests.
sharp.cache(false);

const MAX_PIXELS = 40_000_000;
const FORMATS = {
  png: { type: 'image/png', ext: 'png' },
  jpeg: { type: 'image/jpeg', ext: 'jpg' },
  webp: { type: 'image/webp', ext: 'webp' },
} as const;
type Format = keyof typeof FORMATS;

export const IMAGE_MESSAGES = {
  notImage: 'The file is not a PNG, JPEG or WebP image.',
  tooLarge: 'The image is larger than 2 MB.',
  tooManyPixels: 'The image is too large: at most 40 megapixels.',
  unknown: 'That image is not one of yours.',
} as const;

function isFormat(value: string | undefined): value is Format {
  return value !== undefined && Object.hasOwn(FORMATS, value);
}

/** The image's bytes, re-encoded without metadata; refuses anything else. */
export async function cleanImage(bytes: Buffer): Promise<{ format: Format; bytes: Buffer }> {
  if (bytes.length > STORED_IMAGE_MAX_BYTES)
    throw new ApiError('VALIDATION_FAILED', IMAGE_MESSAGES.tooLarge);
  // sharp throws at once for an empty buffer, and rejects for anything else it cannot read.
  const meta = await (async () => sharp(bytes, { limitInputPixels: false }).metadata())().catch(
    () => {
      throw new ApiError('VALIDATION_FAILED', IMAGE_MESSAGES.notImage);
    },
  );
  const format = meta.format;
  const pixels = (meta.width ?? 0) * (meta.height ?? 0);
  if (!isFormat(format)) throw new ApiError('VALIDATION_FAILED', IMAGE_MESSAGES.notImage);
  if (pixels > MAX_PIXELS) throw new ApiError('VALIDATION_FAILED', IMAGE_MESSAGES.tooManyPixels);
  try {
    // `rotate()` applies the EXIF orientation before the metadata goes; sharp keeps none by default.
    const image = sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' }).rotate();
    const cleaned =
      format === 'png'
        ? await image.png().toBuffer()
        : format === 'jpeg'
          ? await image.jpeg({ quality: 88, mozjpeg: true }).toBuffer()
          : await image.webp({ quality: 88 }).toBuffer();
    return { format, bytes: cleaned };
  } catch {
    // Truncated or corrupt data that passed the header check.
    throw new ApiError('VALIDATION_FAILED', IMAGE_MESSAGES.notImage);
  }
}

/** Decodes a `data:image/…;base64,` URL (the contract has checked its shape). */
export function bytesOfDataUrl(dataUrl: string): Buffer {
  const comma = dataUrl.indexOf(',');
  return Buffer.from(dataUrl.slice(comma + 1), 'base64');
}

/** Stores a player's image; answers its id. */
export async function storePlayerImage(
  db: Queryable,
  store: ImageStore,
  owner: { domain: string; ownerId: string },
  dataUrl: string,
): Promise<string> {
  const { format, bytes } = await cleanImage(bytesOfDataUrl(dataUrl));
  const id = randomUUID();
  const key = `${id}.${FORMATS[format].ext}`;
  // The file first: a row never names bytes that are not there (an orphan file is harmless).
  await store.put(key, bytes);
  await db.query(
    `INSERT INTO stored_images (id, domain, owner_id, content_type, byte_size, storage_key)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [id, owner.domain, owner.ownerId, FORMATS[format].type, bytes.length, key],
  );
  return id;
}

/** A stored image as a data URL, with the brand it belongs to; null when unknown. */
export async function readStoredImage(
  db: Queryable,
  store: ImageStore,
  id: string,
  ownerId: string | null,
): Promise<{ domain: string; dataUrl: string } | null> {
  const [row] = await db.query<{ domain: string; content_type: string; storage_key: string }>(
    `SELECT domain, content_type, storage_key FROM stored_images
     WHERE id = $1 AND ($2::uuid IS NULL OR owner_id = $2::uuid)`,
    [id, ownerId],
  );
  if (!row) return null;
  const bytes = await store.get(row.storage_key);
  if (!bytes) return null;
  return {
    domain: row.domain,
    dataUrl: `data:${row.content_type};base64,${bytes.toString('base64')}`,
  };
}
