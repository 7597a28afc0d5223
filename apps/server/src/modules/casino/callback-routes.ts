/**
 * The callback API over HTTP: `POST /casino-wallet/<provider>/<action>`, server to server. The
 * raw body is kept as sent, its HMAC-SHA256 under the provider's secret compared in constant
 * time with `X-Casino-Signature` before anything is read, then the provider's atomic limit is
 * counted, and only then is the body parsed and the callback run. Answers are the contract's
 * (`casino-wallet.ts`), never the player API's envelope, and never cached.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  CASINO_SIGNATURE_HEADER,
  CASINO_WALLET_ACTIONS,
  CASINO_WALLET_BODY_LIMIT_BYTES,
  CASINO_WALLET_PREFIX,
  type CasinoWalletAction,
  type CasinoWalletAnswer,
} from '@backlay/contract/casino-wallet';
import { LimitRefusal, type RateLimits } from '../limits';
import type { ProviderDirectory } from './providers';
import { createCallbackGroups } from './callback-groups';
import { handleCallback, refusal, statusOf, type CallbackDeps } from './wallet-callbacks';

const HEX_SIGNATURE = /^[0-9a-f]{64}$/i;

/** The signature of a body under a secret, as providers send it: lowercase hex. */
export function signBody(secret: string, body: string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

/** Whether `sent` is the body's signature under `secret`, compared in constant time. */
export function signatureMatches(secret: string, body: string, sent: unknown): boolean {
  if (typeof sent !== 'string' || !HEX_SIGNATURE.test(sent)) return false;
  const expected = Buffer.from(signBody(secret, body), 'hex');
  return timingSafeEqual(expected, Buffer.from(sent, 'hex'));
}

function send(reply: FastifyReply, answer: CasinoWalletAnswer, status = statusOf(answer)) {
  return reply.code(status).header('cache-control', 'no-store').send(answer);
}

export interface CallbackRoutesOptions {
  deps: CallbackDeps;
  providers: ProviderDirectory;
  limits: Pick<RateLimits, 'take'>;
}

export async function callbackRoutes(
  app: FastifyInstance,
  options: CallbackRoutesOptions,
): Promise<void> {
  // Debits and credits of this server commit in groups (callback-groups.ts).
  const groups = createCallbackGroups(options.deps);
  await app.register(async (scope) => {
    // The signature is over the exact bytes sent: the body is kept as text, parsed only after.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'string', bodyLimit: CASINO_WALLET_BODY_LIMIT_BYTES },
      (_request, body, done) => done(null, body),
    );
    scope.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
      const status = error.statusCode ?? 500;
      if (status >= 500) request.log.error({ err: error }, 'casino callback failed');
      return send(
        reply,
        refusal(
          status < 500 ? 'INVALID_REQUEST' : 'GENERAL_ERROR',
          status < 500 ? error.message : 'Something went wrong on our side. Try again.',
        ),
        status,
      );
    });

    scope.post<{ Params: { provider: string; action: string } }>(
      `${CASINO_WALLET_PREFIX}/:provider/:action`,
      async (request, reply) => {
        const provider = options.providers.get(request.params.provider);
        const action = request.params.action as CasinoWalletAction;
        if (!provider || !CASINO_WALLET_ACTIONS.includes(action)) {
          return send(reply, refusal('GENERAL_ERROR', 'There is no such callback.'), 404);
        }
        const body = typeof request.body === 'string' ? request.body : '';
        const secret = options.providers.secretOf(provider.code);
        if (
          !secret ||
          !signatureMatches(secret.secret, body, request.headers[CASINO_SIGNATURE_HEADER])
        ) {
          return send(
            reply,
            refusal('INVALID_SIGNATURE', 'The signature does not match the body.'),
          );
        }
        try {
          await options.limits.take('casinoCallbacksProvider', provider.code);
        } catch (error) {
          if (!(error instanceof LimitRefusal)) throw error;
          reply.header('retry-after', String(error.retryAfterSeconds ?? 1));
          return send(reply, refusal('RATE_LIMITED', error.message));
        }
        let parsed: unknown;
        try {
          parsed = JSON.parse(body);
        } catch {
          return send(reply, refusal('INVALID_REQUEST', 'The body is not JSON.'));
        }
        const outcome = await handleCallback(options.deps, groups, provider, action, parsed);
        return send(reply, outcome.answer, outcome.status);
      },
    );
  });
}
