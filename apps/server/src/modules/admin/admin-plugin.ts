/**
 * The back office on the server: the operator authenticator, the operators' service, and every
 * call of the admin route table under `/admin/api/`. Registered after the services it uses
 * (accounts, hub, exchange), like the player routes.
 */
import { timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import { fail } from '@backlay/contract/envelope';
import { ADMIN_API_PREFIX } from '@backlay/contract/admin-calls';
import type { Database } from '../../db/database';
import { ApiError } from '../../http/api-error';
import { isLocalRequest } from '../../http/loopback';
import { operatorNameSchema } from '@backlay/contract/admin';
import { parseInput } from '../../http/api-route';
import { z } from 'zod';
import { operatorForToken } from './operator-sessions';
import { createOperatorService, type OperatorService } from './operator-service';
import { operatorRoutes } from './operator-routes';
import { dashboardRoutes } from './dashboard-routes';
import { playerRoutes } from './player-routes';
import { marketRoutes } from './market-routes';
import { brandRoutes } from './brand-routes';
import { paymentRoutes } from './payment-routes';
import { gatewayReviewRoutes } from './gateway-review-routes';
import { casinoAdminRoutes } from './casino-routes';
import { bonusAdminRoutes } from './bonus-routes';
import { studioTableRoutes, type StudioTables } from './studio-table-routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** Operators: sign-in, enrolment and management (the create-owner command uses it too). */
    operators: OperatorService;
  }
}

/** Where the create-owner command asks a running server (the embedded database has one owner process). */
export const LOCAL_CREATE_OWNER_PATH = '/admin/local/create-owner';
/** The header carrying the key the server left in its data folder for the command. */
export const LOCAL_KEY_HEADER = 'x-backlay-command-key';

export interface AdminPluginOptions {
  db: Database;
  now?: () => Date;
  /**
   * The key of the local create-owner call, kept in the data folder, so only someone who can
   * read that folder on this machine may use it; without one the call is not served.
   */
  commandKey?: string;
  /** The built-in studio's table settings; undefined when the studio is off. */
  studioTables?: StudioTables | undefined;
}

const BEARER = /^Bearer (\S+)$/;

export const adminPlugin = fp<AdminPluginOptions>(
  async (app, { db, now = () => new Date(), commandKey, studioTables }) => {
    const operators = createOperatorService({
      db,
      tokenKey: app.tokenKey,
      limits: app.limits,
      now,
      registry: app.brands.registry,
    });
    app.decorate('operators', operators);
    app.decorate('authenticateOperator', async (request) => {
      const header = request.headers.authorization;
      if (header === undefined) return null;
      const token = BEARER.exec(header)?.[1];
      const operator = token ? await operatorForToken(db, token, now()) : null;
      if (!operator)
        throw new ApiError('UNAUTHORIZED', 'Your session has ended. Please sign in again.');
      return operator;
    });

    operatorRoutes(app, { db, operators, now });
    dashboardRoutes(app, {
      db,
      hub: app.hub,
      now,
      domains: () => app.brands.registry().domains.map((entry) => entry.domain),
    });
    playerRoutes(app, { db, hub: app.hub, now });
    marketRoutes(app, { db, hub: app.hub, rules: app.rules });
    brandRoutes(app, { brands: app.brandService, limits: app.limits });
    paymentRoutes(app, {
      db,
      images: app.payments.images,
      approval: app.payments.approval,
      now,
    });
    gatewayReviewRoutes(app, { db, now });
    casinoAdminRoutes(app, {
      db,
      providers: app.casino.providers,
      brandExists: (domain) => app.brands.settings(domain) !== undefined,
      now,
    });
    studioTableRoutes(app, { tables: studioTables });
    bonusAdminRoutes(app, {
      db,
      bonus: app.bonus,
      brandExists: (domain) => app.brands.settings(domain) !== undefined,
      now,
    });

    if (commandKey) {
      app.post(LOCAL_CREATE_OWNER_PATH, async (request, reply) => {
        const sent = Buffer.from(String(request.headers[LOCAL_KEY_HEADER] ?? ''));
        const key = Buffer.from(commandKey);
        if (!isLocalRequest(request) || sent.length !== key.length || !timingSafeEqual(sent, key)) {
          return reply.code(403).send(fail('FORBIDDEN', 'Run the command on this machine.'));
        }
        const { userName } = parseInput(z.object({ userName: operatorNameSchema }), request.body);
        return operators.createOwner(userName);
      });
    }

    // An unknown back-office call answers in the envelope, as `/api` does.
    app.all(`${ADMIN_API_PREFIX}*`, async (request, reply) =>
      reply
        .code(404)
        .send(
          fail(
            'NOT_FOUND',
            `There is no back-office call ${request.method} ${request.url.split('?')[0]}.`,
          ),
        ),
    );
  },
  {
    name: 'admin',
    dependencies: ['accounts', 'limits', 'hub', 'brands', 'payments', 'casino', 'bonus'],
  },
);
