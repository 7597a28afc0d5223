/**
 * The player's gateway calls (`Payment/Generate`, `Payment/Check`, `Payment/UpiCreate`,
 * `Payment/UpiCheck`) and the gateway's webhook (`POST /api/payments/gateway-webhook`), whose
 * body is read raw, as the bytes the signature covers.
 */
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { API_ROUTES } from '@backlay/contract/routes';
import type { Database } from '../../../db/database';
import { defineApiRoute, requirePlayer } from '../../../http/api-route';
import type { RateLimits } from '../../limits';
import {
  checkGatewayPayment,
  paymentView,
  reconcileGatewayPayments,
  settleLapsedPayments,
  startGatewayPayment,
  takeGatewayWebhook,
  type GatewayPaymentsDeps,
} from './gateway-payments';
import type { PaymentGateway } from './payment-gateway';

/** Where the gateway posts its events. */
export const GATEWAY_WEBHOOK_PATH = '/api/payments/gateway-webhook';
/** Gateway events are small; anything larger is not one. */
const WEBHOOK_BODY_LIMIT_BYTES = 64 * 1024;

export interface GatewayRoutesOptions {
  db: Database;
  limits: RateLimits;
  /** Null: no gateway; the calls refuse to start payments. */
  gateway: PaymentGateway | null;
  /** The clock of payments' expiry; tests share it with their gateway. */
  now?: () => Date;
  /** How often pending payments are reconciled with the gateway; 0: only when asked (tests). */
  reconcileIntervalMs?: number;
}

/** Pending payments are reconciled with the gateway once a minute. */
export const RECONCILE_INTERVAL_MS = 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    gatewayPayments: {
      /** Reconciles pending gateway payments now (the timer does it every minute). */
      reconcile(): Promise<{ asked: number; credited: number }>;
      /** Settles a player's payments pending past their expiry, before a deposit is checked. */
      settleLapsed(ownerId: string): Promise<void>;
    };
  }
}

/** The origin the player called on (their brand's host, as the proxy reports it). */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/**
 * Not encapsulated (fastify-plugin): the reconciliation it decorates is the app's. The webhook's
 * raw-body parser stays in a context of its own.
 */
export const gatewayPaymentRoutes = fp<GatewayRoutesOptions>(
  async (app, options) => {
    const { limits, gateway } = options;
    const deps: GatewayPaymentsDeps = {
      db: options.db,
      gateway,
      now: options.now ?? (() => new Date()),
      log: app.log.child({ module: 'payments', part: 'gateway' }),
    };

    // One reconciliation at a time; every instance runs its own (deciding a payment is locked).
    let reconciling: Promise<{ asked: number; credited: number }> | null = null;
    const reconcile = () =>
      (reconciling ??= reconcileGatewayPayments(deps).finally(() => {
        reconciling = null;
      }));
    app.decorate('gatewayPayments', {
      reconcile,
      settleLapsed: (ownerId: string) => settleLapsedPayments(deps, ownerId),
    });
    const intervalMs = options.reconcileIntervalMs ?? RECONCILE_INTERVAL_MS;
    if (gateway && intervalMs > 0) {
      const timer = setInterval(() => {
        reconcile().catch((error: unknown) =>
          deps.log.error({ err: error }, 'gateway payments: reconciliation failed'),
        );
      }, intervalMs);
      timer.unref();
      app.addHook('onClose', async () => {
        clearInterval(timer);
        await reconciling?.catch(() => undefined);
      });
    }

    for (const [route, kind] of [
      [API_ROUTES.paymentGenerate, 'LINK'],
      [API_ROUTES.upiCreate, 'UPI_INTENT'],
    ] as const) {
      defineApiRoute(app, route, async (input, context, request) => {
        const player = requirePlayer(context);
        await limits.take('paymentRequestsPlayer', player.id);
        const row = await startGatewayPayment(deps, player, kind, input);
        return paymentView(row, gateway, originOf(request));
      });
    }
    for (const [route, kind] of [
      [API_ROUTES.paymentCheck, 'LINK'],
      [API_ROUTES.upiCheck, 'UPI_INTENT'],
    ] as const) {
      defineApiRoute(app, route, async (input, context, request) => {
        const row = await checkGatewayPayment(deps, requirePlayer(context), kind, input.paymentId);
        return paymentView(row, gateway, originOf(request));
      });
    }

    // The webhook's own context: here alone, JSON bodies stay the raw bytes that were signed.
    await app.register(async (webhook) => {
      webhook.addContentTypeParser(
        'application/json',
        { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT_BYTES },
        (_request, body, done) => done(null, body),
      );
      webhook.post(GATEWAY_WEBHOOK_PATH, async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        return { received: true, outcome: await takeGatewayWebhook(deps, raw, request.headers) };
      });
    });
  },
  { name: 'gateway-payment-routes' },
);
