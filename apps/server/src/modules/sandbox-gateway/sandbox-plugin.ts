/**
 * The built-in sandbox gateway as one plugin: its merchant API, its hosted pages, and the
 * sweep that expires payments whose time is up and sends (and retries) the webhooks that are
 * due. The app decorates `sandboxGateway` for tests and operators' tools.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/database';
import { isLocalRequest } from '../../http/loopback';
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
  /**
   * Whom its API and pages answer: this machine only (requests from loopback, with no proxy's
   * forwarding header; the default), or everyone (`SANDBOX_GATEWAY=on`). Its page credits a
   * deposit at a click, so a live site's players must never reach it by accident.
   */
  reach?: 'this-machine' | 'everyone';
}

/** What another device reads when the sandbox answers this machine only. */
export const THIS_MACHINE_ONLY =
  'The sandbox payment gateway answers this machine only. Start the server with SANDBOX_GATEWAY=on to pay from another device (never on a live site).';

/** Refuses a request that does not come from this machine. */
async function refuseOtherMachines(request: FastifyRequest, reply: FastifyReply) {
  if (isLocalRequest(request)) return;
  return reply
    .code(403)
    .header('cache-control', 'no-store')
    .type('text/plain; charset=utf-8')
    .send(THIS_MACHINE_ONLY);
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
    // Backlay's payments reach the API in-process, from loopback, so they work either way.
    await app.register(async (scope) => {
      if ((options.reach ?? 'this-machine') === 'this-machine')
        scope.addHook('onRequest', refuseOtherMachines);
      await sandboxApiRoutes(scope, gateway);
      await hostedPageRoutes(scope, gateway);
    });

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
