/**
 * The request/response transform of spec §7 (mode 0 transforms request bodies and query
 * strings, mode 1 transforms response bodies back), as AES-256-GCM. Client and server share
 * this module; it runs on WebCrypto, present in browsers and in Node 20.
 *
 * On the wire: a transformed request carries the header below, its JSON body is
 * `{"payload": "<sealed JSON>"}` and its query string is `?payload=<sealed query string>`;
 * the server answers such a request with `{"payload": "<sealed envelope>"}` and the same header.
 */
export const PAYLOAD_CODEC_HEADER = 'x-payload-codec';
export const PAYLOAD_CODEC_NAME = 'aes-256-gcm';

const IV_BYTES = 12;
const KEY_BYTES = 32;

export interface PayloadCodec {
  /** Mode 0 on the client, mode 1 on the server: seals text. */
  encode(plain: string): Promise<string>;
  /** Opens sealed text; throws when it was altered or sealed with another key. */
  decode(sealed: string): Promise<string>;
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const normal = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(normal + '='.repeat((4 - (normal.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Builds the AES-GCM codec from a base64 (or base64url) 256-bit key. */
export async function createAesGcmCodec(keyBase64: string): Promise<PayloadCodec> {
  const raw = fromBase64(keyBase64.trim());
  if (raw.length !== KEY_BYTES)
    throw new Error(`the payload key must be ${KEY_BYTES} bytes of base64`);
  const key = await crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']);
  return {
    async encode(plain) {
      const iv = crypto.getRandomValues(new Uint8Array(new ArrayBuffer(IV_BYTES)));
      const sealed = new Uint8Array(
        await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(plain)),
      );
      const out = new Uint8Array(IV_BYTES + sealed.length);
      out.set(iv);
      out.set(sealed, IV_BYTES);
      return toBase64Url(out);
    },
    async decode(sealedText) {
      const bytes = fromBase64(sealedText);
      if (bytes.length <= IV_BYTES) throw new Error('the sealed payload is too short');
      const plain = await crypto.subtle.decrypt(
        { name: 'AES-GCM', iv: bytes.slice(0, IV_BYTES) },
        key,
        bytes.slice(IV_BYTES),
      );
      return new TextDecoder().decode(plain);
    },
  };
}

/** The meta tag through which the server tells the client to transform its calls. */
export const PAYLOAD_CODEC_META = 'backlay-payload-codec';
