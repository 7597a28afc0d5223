/**
 * Finance's review of gateway payments paid with another amount than they asked for: the queue,
 * and the one decision on each (credit what was paid, credit another amount, or reject). A
 * brand-scoped role sees and decides only its brands' payments; a decision is audited in the
 * transaction that makes it, with the payment before and after.
 */
import type { FastifyInstance } from 'fastify';
import * as calls from '@backlay/contract/admin-calls';
import type { Database } from '../../db/database';
import { decideGatewayReview, gatewayReviewQueue } from '../payments';
import { assertCoversBrand, brandsRead, defineAdminRoute } from './admin-route';
import { writeAudit } from './audit-log';

/** The audit log's action for each decision. */
const AUDIT_ACTIONS = {
  CREDIT_PAID: 'gateway-review.credit',
  CREDIT_OTHER: 'gateway-review.credit-other',
  REJECT: 'gateway-review.reject',
} as const;

export function gatewayReviewRoutes(
  app: FastifyInstance,
  options: { db: Database; now: () => Date },
) {
  const { db } = options;

  defineAdminRoute(app, calls.gatewayReviewsRoute, async (input, caller) =>
    gatewayReviewQueue(db, {
      domains: brandsRead(caller.operator, input.brand),
      status: input.status,
      search: input.search,
      limit: input.limit,
      offset: input.offset,
    }),
  );

  defineAdminRoute(app, calls.decideGatewayReviewRoute, async (input, caller) =>
    db.transaction(async (tx) => {
      const { before, after } = await decideGatewayReview(
        tx,
        input,
        caller.operator.id,
        (domain) => assertCoversBrand(caller.operator, domain),
        options.now(),
      );
      await writeAudit(tx, {
        operator: caller.operator,
        ip: caller.ip,
        action: AUDIT_ACTIONS[input.decision],
        brand: after.domain,
        targetType: 'gateway_payment',
        targetId: after.id,
        before,
        after,
      });
      return after;
    }),
  );
}
