/**
 * Stored images in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Wasabi…): one object
 * per image under the configured prefix, written and read with requests signed by AWS
 * Signature Version 4 (aws4fetch: small, typed, no dependencies). Path-style URLs
 * (`endpoint/bucket/key`), which every S3-compatible store accepts. Objects stay private: the
 * server reads them back for the player and operators, the bucket is never public.
 */
import { createHash } from 'node:crypto';
import { AwsClient } from 'aws4fetch';
import type { ImageStore } from './image-store';

export interface S3ImageStoreSettings {
  /** The store's base URL, e.g. `https://s3.ap-south-1.amazonaws.com` or a MinIO address. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Prepended to each key (`payment-slips/`), so one bucket can hold other things too. */
  prefix: string;
}

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
};

/** Keys are made by the server (an id and an extension), never from input; the check keeps it so. */
const KEY_RULE = /^[0-9a-f-]{36}\.(png|jpg|webp)$/;

export function s3ImageStore(
  settings: S3ImageStoreSettings,
  fetchImpl: typeof fetch = fetch,
): ImageStore {
  const client = new AwsClient({
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    service: 's3',
    region: settings.region,
    // The caller's own retries: a failed upload fails the request, which the player repeats.
    retries: 0,
  });
  const base = `${settings.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(settings.bucket)}/`;
  const urlOf = (key: string) => {
    const match = KEY_RULE.exec(key);
    if (!match?.[1]) throw new Error(`not an image key: ${key}`);
    return { url: `${base}${settings.prefix}${key}`, type: CONTENT_TYPES[match[1]] ?? '' };
  };
  const send = async (url: string, init: RequestInit) => fetchImpl(await client.sign(url, init));

  return {
    async put(key, bytes) {
      const { url, type } = urlOf(key);
      // The body's hash is signed too, so the store refuses bytes changed on the way.
      const res = await send(url, {
        method: 'PUT',
        body: new Uint8Array(bytes),
        headers: {
          'content-type': type,
          'x-amz-content-sha256': createHash('sha256').update(bytes).digest('hex'),
        },
      });
      if (!res.ok) {
        throw new Error(`the image store refused ${key}: ${res.status} ${await res.text()}`);
      }
    },
    async get(key) {
      const res = await send(urlOf(key).url, { method: 'GET' });
      if (res.status === 404) return null;
      if (!res.ok) throw new Error(`the image store failed to read ${key}: ${res.status}`);
      return Buffer.from(await res.arrayBuffer());
    },
  };
}
