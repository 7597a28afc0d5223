import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fail } from '@backlay/contract/envelope';
import {
  PAYLOAD_CODEC_HEADER,
  PAYLOAD_CODEC_NAME,
  type PayloadCodec,
} from '@backlay/contract/payload-codec';

function isSealed(request: FastifyRequest): boolean {
  return request.headers[PAYLOAD_CODEC_HEADER] === PAYLOAD_CODEC_NAME;
}

/**
 * Spec §7's transform on the server: a request marked with the codec header has its body and
 * query string opened before validation, and its answer (success or error) sealed. Requests
 * without the header pass as they are, since a client whose transform failed sends plain ones.
 */
export function payloadCodecPlugin(app: FastifyInstance, codec: PayloadCodec): void {
  app.addHook('preValidation', async (request, reply) => {
    if (!isSealed(request) || !request.url.startsWith('/api/')) return;
    try {
      const body = request.body as { payload?: unknown } | undefined;
      if (body && typeof body.payload === 'string')
        request.body = JSON.parse(await codec.decode(body.payload));
      const query = request.query as { payload?: unknown };
      if (typeof query.payload === 'string') {
        request.query = Object.fromEntries(new URLSearchParams(await codec.decode(query.payload)));
      }
    } catch {
      return reply.code(400).send(fail('MALFORMED_REQUEST', 'The request could not be decoded.'));
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (!isSealed(request) || !request.url.startsWith('/api/') || typeof payload !== 'string')
      return payload;
    reply.header(PAYLOAD_CODEC_HEADER, PAYLOAD_CODEC_NAME);
    reply.type('application/json; charset=utf-8');
    return JSON.stringify({ payload: await codec.encode(payload) });
  });
}
