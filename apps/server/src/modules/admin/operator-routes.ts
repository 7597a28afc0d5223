/** The back office's own calls: sign-in, enrolment, sessions, operators and the audit log. */
import type { FastifyInstance } from 'fastify';
import * as calls from '@backlay/contract/admin-calls';
import { ApiError } from '../../http/api-error';
import { assertCoversBrand, defineAdminRoute } from './admin-route';
import { readAudit } from './audit-log';
import { findOperatorById, listOperators, operatorView } from './operator-store';
import { liveSessions, revokeSession } from './operator-sessions';
import type { OperatorService } from './operator-service';
import type { Database } from '../../db/database';
import { writeAudit } from './audit-log';

export interface OperatorRoutesOptions {
  db: Database;
  operators: OperatorService;
  now: () => Date;
}

export function operatorRoutes(
  app: FastifyInstance,
  { db, operators, now }: OperatorRoutesOptions,
) {
  defineAdminRoute(app, calls.signInRoute, (input, caller) => operators.signIn(input, caller));

  defineAdminRoute(app, calls.signOutRoute, async (_input, caller) => {
    await db.transaction(async (tx) => {
      await revokeSession(tx, caller.operator.sessionId, now());
      await writeAudit(tx, {
        operator: caller.operator,
        ip: caller.ip,
        action: 'session.sign-out',
        brand: null,
        targetType: 'operator',
        targetId: caller.operator.id,
      });
    });
    return { done: true as const };
  });

  defineAdminRoute(app, calls.meRoute, async (_input, caller) => {
    const row = await findOperatorById(db, caller.operator.id);
    if (!row) throw new ApiError('UNAUTHORIZED', 'Please sign in.');
    return operators.me(row);
  });

  defineAdminRoute(app, calls.mySessionsRoute, async (_input, caller) => {
    const rows = await liveSessions(db, caller.operator.id, now());
    return {
      items: rows.map((row) => ({
        id: row.id,
        ip: row.ip,
        browser: row.browser,
        createdAt: row.created_at.toISOString(),
        lastSeenAt: row.last_seen_at.toISOString(),
        expiresAt: row.expires_at.toISOString(),
        current: row.id === caller.operator.sessionId,
      })),
    };
  });

  defineAdminRoute(app, calls.enrolmentRoute, (input) => operators.enrolment(input.token));
  defineAdminRoute(app, calls.completeEnrolmentRoute, (input, caller) =>
    operators.completeEnrolment(input, caller),
  );

  defineAdminRoute(app, calls.operatorsRoute, async () => ({
    items: (await listOperators(db)).map(operatorView),
  }));
  defineAdminRoute(app, calls.createOperatorRoute, (input, caller) =>
    operators.createOperator(caller.operator, caller, input),
  );
  defineAdminRoute(app, calls.updateOperatorRoute, (input, caller) =>
    operators.updateOperator(caller.operator, caller, input),
  );
  defineAdminRoute(app, calls.resetEnrolmentRoute, (input, caller) =>
    operators.resetEnrolment(caller.operator, caller, input.operatorId),
  );
  defineAdminRoute(app, calls.revokeOperatorSessionsRoute, (input, caller) =>
    operators.revokeSessions(caller.operator, caller, input.operatorId),
  );

  defineAdminRoute(app, calls.auditLogRoute, async (input, caller) => {
    // A brand-scoped reader sees the entries of their brands only.
    if (input.brand) assertCoversBrand(caller.operator, input.brand);
    return readAudit(db, { ...input, brands: caller.operator.brands });
  });
}
