import type { PayloadCodec } from '@backlay/contract/payload-codec';
import type { PayloadTransport } from './payload-transport';

/**
 * The wire names of the transform, spelled as `@backlay/contract/payload-codec` spells them
 * (a test keeps them equal). They are repeated here so the codec itself, which only some
 * sites use, stays out of the first download and loads only when the page asks for it.
 */
export const PAYLOAD_HEADER = 'x-payload-codec';
export const PAYLOAD_CODEC = 'aes-256-gcm';
export const PAYLOAD_META_NAME = 'backlay-payload-codec';

export type { PayloadTransport } from './payload-transport';

/** The key configured by the page's `<meta name="backlay-payload-codec" content="aes-256-gcm:KEY">`. */
export function configuredPayloadKey(doc: Document = document): string | null {
  const content = doc
    .querySelector(`meta[name="${PAYLOAD_META_NAME}"]`)
    ?.getAttribute('content')
    ?.trim();
  if (!content) return null;
  const separator = content.indexOf(':');
  if (separator < 0 || content.slice(0, separator).trim().toLowerCase() !== PAYLOAD_CODEC) {
    console.error(`The ${PAYLOAD_META_NAME} meta tag names no codec this client knows.`);
    return null;
  }
  const key = content.slice(separator + 1).trim();
  return key === '' ? null : key;
}

let configured: Promise<PayloadTransport | null> | null = null;

/**
 * The transform the page is configured with, or null for none (no meta tag, or a key that
 * cannot be used: then calls go untransformed). Loaded and built once, on the first call.
 */
export function loadConfiguredTransport(): Promise<PayloadTransport | null> {
  configured ??= (async () => {
    const key = configuredPayloadKey();
    if (key === null) return null;
    try {
      const { createConfiguredTransport } = await import('./payload-transport');
      return await createConfiguredTransport(key);
    } catch (error) {
      console.error('The payload codec could not be set up; calls go untransformed.', error);
      return null;
    }
  })();
  return configured;
}

/** The transform around a given codec (tests, and callers with a codec of their own). */
export async function transportFor(codec: PayloadCodec): Promise<PayloadTransport> {
  const { createPayloadTransport } = await import('./payload-transport');
  return createPayloadTransport(codec);
}

/** Forgets the configured transform, so the next call reads the page again (tests). */
export function resetConfiguredTransport(): void {
  configured = null;
}
