/**
 * The sandbox gateway's merchant API under `/sandbox-gateway/v1`, authenticated by the
 * merchant's key id and secret (HTTP Basic), answering JSON entities and gateway-style errors
 * (`{ error: { code, description } }`), never Backlay's envelope: it is an outside party.
 *
 * - `POST /payment_links` `{ amount_paise, currency?, reference, description?, expire_by,
 *   notify_url? }` → the link, with `short_url` (the hosted page)
 * - `GET /payment_links/:id` → the link as it stands
 * - `POST /upi/intents` (the same fields) → the intent, with `intent_url` (`upi://pay?…`) and
 *   `page_url` (where a tester marks it paid)
 * - `GET /upi/intents/:id` → the intent as it stands
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { paymentEntity, type SandboxGateway } from './sandbox-gateway';
import type { SandboxKind } from './sandbox-store';

/** Where the gateway lives on this server; its API version is part of each path. */
export const SANDBOX_BASE_PATH = '/sandbox-gateway';
export const SANDBOX_API_PREFIX = `${SANDBOX_BASE_PATH}/v1`;

/** An expiry must leave the payer a minute at least, and a link lives a month at most. */
const EXPIRY_MIN_SECONDS = 60;
const EXPIRY_MAX_SECONDS = 30 * 86_400;
/** ₹1 crore: more than any deposit limit, less than what could overflow anything. */
const AMOUNT_MAX_PAISE = 1_000_000_000;

const httpUrl = z
  .string()
  .max(2_000)
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
    message: 'must be an http or https URL',
  });

const createSchema = z.object({
  amount_paise: z.number().int().min(100).max(AMOUNT_MAX_PAISE),
  currency: z.literal('INR').default('INR'),
  reference: z.string().min(1).max(64),
  description: z.string().max(255).default(''),
  expire_by: z.number().int(),
  notify_url: httpUrl.optional(),
});

type GatewayErrorCode = 'BAD_REQUEST_ERROR' | 'UNAUTHORIZED' | 'NOT_FOUND' | 'SERVER_ERROR';

function sendGatewayError(
  reply: FastifyReply,
  status: number,
  code: GatewayErrorCode,
  description: string,
) {
  return reply.code(status).send({ error: { code, description } });
}

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/**
 * Whether a request carries the merchant's key id and secret. Both sides are hashed first, so
 * the constant-time comparison sees equal lengths whatever was sent.
 */
function hasMerchantKey(request: FastifyRequest, keyId: string, keySecret: string): boolean {
  const header = request.headers.authorization;
  if (typeof header !== 'string' || !/^basic /i.test(header)) return false;
  const given = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  return timingSafeEqual(sha256(given), sha256(`${keyId}:${keySecret}`));
}

/** The origin the merchant called on: hosted pages are served from it. */
function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** Registers the API (its own context: errors, 404s and auth of its own). */
export async function sandboxApiRoutes(app: FastifyInstance, gateway: SandboxGateway) {
  await app.register(
    async (api) => {
      api.setErrorHandler((error: { statusCode?: number }, request, reply) => {
        const status = error.statusCode ?? 500;
        if (status >= 400 && status < 500) {
          return sendGatewayError(reply, status, 'BAD_REQUEST_ERROR', 'The request is not valid.');
        }
        request.log.error({ err: error }, 'sandbox gateway API failed');
        return sendGatewayError(reply, 500, 'SERVER_ERROR', 'The gateway could not answer.');
      });
      api.setNotFoundHandler((_request, reply) =>
        sendGatewayError(reply, 404, 'NOT_FOUND', 'There is no such endpoint.'),
      );
      api.addHook('onRequest', async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const { keyId, keySecret } = gateway.merchant;
        if (!hasMerchantKey(request, keyId, keySecret)) {
          return sendGatewayError(reply, 401, 'UNAUTHORIZED', 'The API key is not valid.');
        }
      });

      const create =
        (kind: SandboxKind) => async (request: FastifyRequest, reply: FastifyReply) => {
          const parsed = createSchema.safeParse(request.body);
          if (!parsed.success) {
            const issue = parsed.error.issues[0];
            return sendGatewayError(
              reply,
              400,
              'BAD_REQUEST_ERROR',
              `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'not valid'}`,
            );
          }
          const input = parsed.data;
          const leftSeconds = input.expire_by - Math.floor(gateway.now().getTime() / 1000);
          if (leftSeconds < EXPIRY_MIN_SECONDS || leftSeconds > EXPIRY_MAX_SECONDS) {
            return sendGatewayError(
              reply,
              400,
              'BAD_REQUEST_ERROR',
              'expire_by must be between a minute and 30 days from now.',
            );
          }
          const result = await gateway.create(
            {
              kind,
              amountPaise: input.amount_paise,
              reference: input.reference,
              description: input.description,
              expireBy: new Date(input.expire_by * 1000),
              notifyUrl: input.notify_url ?? null,
            },
            originOf(request),
          );
          if (result.status === 'conflict') {
            return sendGatewayError(
              reply,
              400,
              'BAD_REQUEST_ERROR',
              'This reference was already used for another payment.',
            );
          }
          return reply
            .code(result.status === 'created' ? 201 : 200)
            .send(paymentEntity(result.payment));
        };

      const fetchOne =
        (kind: SandboxKind) =>
        async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
          const payment = await gateway.read(request.params.id, kind);
          if (!payment)
            return sendGatewayError(reply, 404, 'NOT_FOUND', 'There is no such payment.');
          return paymentEntity(payment);
        };

      api.post('/payment_links', create('payment_link'));
      api.get('/payment_links/:id', fetchOne('payment_link'));
      api.post('/upi/intents', create('upi_intent'));
      api.get('/upi/intents/:id', fetchOne('upi_intent'));
    },
    { prefix: SANDBOX_API_PREFIX },
  );
}
