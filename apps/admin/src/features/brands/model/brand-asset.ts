import { BRAND_ASSET_MAX_BYTES, BRAND_ASSET_TYPES } from '@backlay/contract/admin-brands';

/** What the file inputs offer: the contract's types, and their usual names. */
export const BRAND_ASSET_ACCEPT = [...BRAND_ASSET_TYPES, '.png', '.webp', '.svg', '.ico'].join(',');

const EXTENSIONS = /\.(png|webp|svg|ico)$/i;

/** A size in kilobytes, as the upload's messages say it. */
export function formatKilobytes(bytes: number): string {
  return `${Math.ceil(bytes / 1024)} KB`;
}

/**
 * Why a chosen file cannot be a logo or favicon, or null when it may be sent. The server
 * checks the bytes themselves; this spares sending what it would refuse anyway.
 */
export function assetProblem(file: Pick<File, 'name' | 'size' | 'type'>): string | null {
  const knownType = (BRAND_ASSET_TYPES as readonly string[]).includes(file.type);
  if (!knownType && !EXTENSIONS.test(file.name)) {
    return 'Choose a PNG, WebP, SVG or ICO image.';
  }
  if (file.size === 0) return 'The file is empty.';
  if (file.size > BRAND_ASSET_MAX_BYTES) {
    return `The file is ${formatKilobytes(file.size)}; at most ${formatKilobytes(BRAND_ASSET_MAX_BYTES)} is allowed.`;
  }
  return null;
}

/** Bytes turned to text at a time: `String.fromCharCode` takes its bytes as arguments. */
const CHUNK_BYTES = 0x8000;

/** Bytes as base64. */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let start = 0; start < bytes.length; start += CHUNK_BYTES) {
    binary += String.fromCharCode(...bytes.subarray(start, start + CHUNK_BYTES));
  }
  return btoa(binary);
}

/** A chosen file's bytes, read in the browser. */
export function readFileBytes(file: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const { result } = reader;
      if (result === null || typeof result === 'string') {
        reject(new Error('The file could not be read.'));
      } else {
        resolve(new Uint8Array(result));
      }
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsArrayBuffer(file);
  });
}
