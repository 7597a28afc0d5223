/**
 * The HTTP layer every answer goes through, registered first: the envelope and its error
 * handler, security headers, the optional payload codec, compression and the request log.
 */
import fastifyCompress from '@fastify/compress';
import fp from 'fastify-plugin';
import type { PayloadCodec } from '@backlay/contract/payload-codec';
import { registerEnvelopeHandlers } from '../http/envelope-plugin';
import { payloadCodecPlugin } from '../http/payload-codec-plugin';
import { requestLog } from '../http/request-log';
import { securityHeaders } from '../http/security-headers';

export interface HttpLayerOptions {
  /** What an unknown page path answers: the client's index page (the single-page fallback). */
  notFound: Parameters<typeof registerEnvelopeHandlers>[1];
  hsts: boolean;
  /** The origins pages may frame beyond their own (casino providers'), read per answer. */
  frameOrigins?: () => readonly string[];
  /** Seals API bodies when the brand's client expects it (spec §7). */
  codec: PayloadCodec | null;
}

export const httpLayer = fp<HttpLayerOptions>(
  async (app, options) => {
    registerEnvelopeHandlers(app, options.notFound);
    securityHeaders(app, {
      hsts: options.hsts,
      ...(options.frameOrigins ? { frameOrigins: options.frameOrigins } : {}),
    });
    // Sealing must see the JSON text, so it runs before compression.
    if (options.codec) payloadCodecPlugin(app, options.codec);
    // Most players are on phones: compress scripts, styles and JSON above a kilobyte.
    await app.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'] });
    requestLog(app);
  },
  { name: 'http-layer' },
);
