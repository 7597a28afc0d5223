/**
 * Operators' market calls: the list, a market's book, and the actions on it (suspend, resume,
 * settle, void, correct). Markets are shared by every brand, so the actions need a role that
 * covers every brand; each is audited in its own transaction with the market before and after.
 */
import type { FastifyInstance } from 'fastify';
import * as calls from '@backlay/contract/admin-calls';
import type { Database, Queryable } from '../../db/database';
import type { DomainRules } from '../brands';
import {
  correctSettlement,
  listMarkets,
  marketBook,
  resumeMarket,
  settleMarketByOperator,
  suspendMarket,
  type MarketOperationsDeps,
} from '../exchange';
import type { Hub } from '../hub';
import { assertCoversEveryBrand, defineAdminRoute, type AdminCaller } from './admin-route';
import { writeAudit } from './audit-log';
import type { SignedInOperator } from './operator-sessions';

export function marketRoutes(
  app: FastifyInstance,
  { db, hub, rules }: { db: Database; hub: Hub; rules: Pick<DomainRules, 'limits'> },
) {
  const deps: MarketOperationsDeps = {
    db,
    rules,
    publisher: hub,
    log: app.log.child({ module: 'admin' }),
  };

  /** The acting operator, and the audit entry of an action on a market. */
  function acting(
    caller: AdminCaller<SignedInOperator>,
    action: string,
    marketId: string,
    reason: string,
  ) {
    assertCoversEveryBrand(caller.operator);
    return {
      operator: { id: caller.operator.id, name: caller.operator.userName },
      record: (tx: Queryable, change: { before: unknown; after: unknown }) =>
        writeAudit(tx, {
          operator: caller.operator,
          ip: caller.ip,
          action,
          brand: null,
          targetType: 'market',
          targetId: marketId,
          before: change.before,
          after: { ...(change.after as object), reason },
        }),
    };
  }

  defineAdminRoute(app, calls.marketsRoute, (input) => listMarkets(db, input));

  defineAdminRoute(app, calls.marketBookRoute, (input) => marketBook(db, input.marketId));

  defineAdminRoute(app, calls.suspendMarketRoute, async (input, caller) => {
    const { operator, record } = acting(caller, 'market.suspend', input.marketId, input.reason);
    return { market: await suspendMarket(deps, { ...input, operator }, record) };
  });

  defineAdminRoute(app, calls.resumeMarketRoute, async (input, caller) => {
    const { operator, record } = acting(caller, 'market.resume', input.marketId, input.reason);
    return { market: await resumeMarket(deps, { ...input, operator }, record) };
  });

  defineAdminRoute(app, calls.settleMarketRoute, async (input, caller) => {
    const { operator, record } = acting(caller, 'market.settle', input.marketId, input.reason);
    return { market: await settleMarketByOperator(deps, { ...input, operator }, record) };
  });

  defineAdminRoute(app, calls.voidMarketRoute, async (input, caller) => {
    const { operator, record } = acting(caller, 'market.void', input.marketId, input.reason);
    return {
      market: await settleMarketByOperator(
        deps,
        { ...input, winnerRunnerId: null, operator },
        record,
      ),
    };
  });

  defineAdminRoute(app, calls.correctSettlementRoute, async (input, caller) => {
    const { operator, record } = acting(caller, 'market.correct', input.marketId, input.reason);
    return { market: await correctSettlement(deps, { ...input, operator }, record) };
  });
}
