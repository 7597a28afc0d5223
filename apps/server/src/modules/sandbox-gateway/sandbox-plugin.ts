/**
 * The built-in sandbox gateway as one plugin: its merchant API, its hosted pages, and the
 * sweep that expires payments whose time is up and sends (and retries) the webhooks that are
 * due. The app decorates `sandboxGateway` for tests and operators' tools.
 */
import fp from 'fastify-plugin';
import type { Database } from '../../db/database';
import { hostedPageRoutes } from './hosted-page';
import { sandboxApiRoutes } from './sandbox-api';
import { createSandboxGateway, type SandboxGateway, type SandboxMerchant } from './sandbox-gateway';
import type { HttpFetch } from './webhook-delivery';

declare module 'fastify' {
  interface FastifyInstance {
    /** The built-in sandbox payment gateway (an outside party: only tests read it directly). */
    sandboxGateway: SandboxGateway;
  }
}

/** How often expiries and due webhooks are swept; the first retry waits 15 s. */
export const SANDBOX_SWEEP_INTERVAL_MS = 5_000;

export interface SandboxGatewayPluginOptions {
  db: Database;
  merchant: SandboxMerchant;
  /** How webhooks reach the merchant. */
  fetch: HttpFetch;
  /** The gateway's clock; tests move it. */
  now?: () => Date;
  /** How often to sweep; 0: never (tests sweep by hand with `sandboxGateway.sweep()`). */
  sweepIntervalMs?: number;
}

export const sandboxGatewayPlugin = fp<SandboxGatewayPluginOptions>(
  async (app, options) => {
    const log = app.log.child({ module: 'sandbox-gateway' });
    const gateway = createSandboxGateway({
      db: options.db,
      merchant: options.merchant,
      fetch: options.fetch,
      log,
      ...(options.now ? { now: options.now } : {}),
    });
    app.decorate('sandboxGateway', gateway);
    await sandboxApiRoutes(app, gateway);
    await hostedPageRoutes(app, gateway);

    const intervalMs = options.sweepIntervalMs ?? SANDBOX_SWEEP_INTERVAL_MS;
    let timer: NodeJS.Timeout | null = null;
    let sweeping: Promise<void> | null = null;
    // One sweep at a time: a slow merchant must not pile sweeps up behind each other.
    const sweep = () => {
      sweeping ??= gateway
        .sweep()
        .then(() => undefined)
        .catch((error: unknown) => log.error({ err: error }, 'sandbox gateway: sweep failed'))
        .finally(() => {
          sweeping = null;
        });
    };
    app.addHook('onReady', async () => {
      if (intervalMs <= 0) return;
      timer = setInterval(sweep, intervalMs);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
      await sweeping;
    });
  },
  { name: 'sandbox-gateway' },
);
