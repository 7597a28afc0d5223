/**
 * Finance's calls: the deposit and withdrawal queues, a deposit's screenshot, approving and
 * rejecting, a brand's payment methods and limits, and manual adjustments. A brand-scoped role
 * sees and decides only its brands' requests. Every decision and change is audited in the
 * transaction that makes it, with the request (or settings) before and after.
 */
import type { FastifyInstance } from 'fastify';
import * as calls from '@backlay/contract/admin-calls';
import { toMinorUnits } from '@backlay/exchange/money';
import type { Database, Queryable } from '../../db/database';
import { ApiError } from '../../http/api-error';
import { playerProfile } from '../account';
import {
  createAdjustment,
  decideAdjustment,
  decideDeposit,
  decideWithdrawal,
  listAdjustments,
  paymentQueue,
  paymentSettingsView,
  queueItemView,
  readPaymentSettings,
  readStoredImage,
  savePaymentSettings,
  type ImageStore,
  type RequestRow,
  type SecondApprovalRules,
} from '../payments';
import { assertCoversBrand, brandsRead, defineAdminRoute, type AdminCaller } from './admin-route';
import { writeAudit } from './audit-log';
import type { SignedInOperator } from './operator-sessions';

export function paymentRoutes(
  app: FastifyInstance,
  options: {
    db: Database;
    images: ImageStore;
    /** When an adjustment or a corrected deposit waits for a second operator. */
    approval: SecondApprovalRules;
    now: () => Date;
  },
) {
  const { db } = options;

  defineAdminRoute(app, calls.paymentQueueRoute, async (input, caller) =>
    paymentQueue(db, {
      domains: brandsRead(caller.operator, input.brand),
      kind: input.kind,
      status: input.status,
      search: input.search,
      limit: input.limit,
      offset: input.offset,
    }),
  );

  defineAdminRoute(app, calls.paymentSlipRoute, async (input, caller) => {
    const image = await readStoredImage(db, options.images, input.id, null);
    if (!image) throw new ApiError('NOT_FOUND', 'There is no such screenshot.');
    assertCoversBrand(caller.operator, image.domain);
    return { dataUrl: image.dataUrl };
  });

  /**
   * A decision on a request, in one transaction with its audit entry (the request before and
   * after); the operator's brand scope is checked on the request's brand before anything moves.
   */
  const decided = (
    caller: AdminCaller<SignedInOperator>,
    action: string | ((after: RequestRow) => string),
    decide: (
      tx: Queryable,
      authorize: (domain: string) => void,
    ) => Promise<{ before: RequestRow; after: RequestRow }>,
  ) =>
    db.transaction(async (tx) => {
      const { before, after } = await decide(tx, (domain) =>
        assertCoversBrand(caller.operator, domain),
      );
      await writeAudit(tx, {
        operator: caller.operator,
        ip: caller.ip,
        action: typeof action === 'string' ? action : action(after),
        brand: before.domain,
        targetType: 'payment_request',
        targetId: before.id,
        before: queueItemView(before),
        after: queueItemView(after),
      });
      return queueItemView(after);
    });

  defineAdminRoute(app, calls.decideDepositRoute, async (input, caller) =>
    decided(
      caller,
      // An approval above the tolerance only proposes the amount to a second operator.
      (after) =>
        after.status === 'AWAITING_APPROVAL'
          ? 'deposit.propose'
          : input.decision === 'APPROVE'
            ? 'deposit.approve'
            : 'deposit.reject',
      (tx, authorize) =>
        decideDeposit(tx, input, {
          operatorId: caller.operator.id,
          authorize,
          approval: options.approval,
          now: options.now(),
        }),
    ),
  );

  defineAdminRoute(app, calls.decideWithdrawalRoute, async (input, caller) =>
    decided(
      caller,
      input.decision === 'PAID' ? 'withdrawal.paid' : 'withdrawal.reject',
      (tx, authorize) => decideWithdrawal(tx, input, caller.operator.id, authorize),
    ),
  );

  defineAdminRoute(app, calls.paymentSettingsRoute, async (input, caller) => {
    assertCoversBrand(caller.operator, input.brand);
    return paymentSettingsView(await readPaymentSettings(db, input.brand));
  });

  defineAdminRoute(app, calls.updatePaymentSettingsRoute, async (input, caller) => {
    assertCoversBrand(caller.operator, input.brand);
    if (!app.brands.registry().domains.some((d) => d.domain === input.brand)) {
      throw new ApiError('NOT_FOUND', 'There is no such brand.');
    }
    return db.transaction(async (tx) => {
      const { before, after } = await savePaymentSettings(tx, input, caller.operator.id);
      await writeAudit(tx, {
        operator: caller.operator,
        ip: caller.ip,
        action: 'payments.settings',
        brand: input.brand,
        targetType: 'brand',
        targetId: input.brand,
        before: paymentSettingsView(before),
        after: paymentSettingsView(after),
      });
      return paymentSettingsView(after);
    });
  });

  defineAdminRoute(app, calls.adjustmentsRoute, async (input, caller) => ({
    approvalAbove: options.approval.adjustmentAboveMinor / 100,
    approvalWindowHours: options.approval.adjustmentWindowHours,
    items: await listAdjustments(db, {
      domains: brandsRead(caller.operator, input.brand),
      status: input.status,
    }),
  }));

  defineAdminRoute(app, calls.createAdjustmentRoute, async (input, caller) => {
    const player = await playerProfile(db, input.playerId);
    if (!player) throw new ApiError('NOT_FOUND', 'There is no such player.');
    assertCoversBrand(caller.operator, player.domain);
    if (player.demo) {
      throw new ApiError(
        'VALIDATION_FAILED',
        'Demo players have play money only: nothing to adjust.',
      );
    }
    return db.transaction(async (tx) => {
      const { adjustment, created } = await createAdjustment(
        tx,
        {
          domain: player.domain,
          ownerId: player.id,
          amountMinor: toMinorUnits(input.amount),
          reason: input.reason,
          operatorId: caller.operator.id,
          idempotencyKey: input.idempotencyKey,
        },
        options.approval,
      );
      // A replay answers the first adjustment again, which was audited when it was made.
      if (!created) return adjustment;
      await writeAudit(tx, {
        operator: caller.operator,
        ip: caller.ip,
        action: adjustment.status === 'APPLIED' ? 'adjustment.apply' : 'adjustment.request',
        brand: player.domain,
        targetType: 'player',
        targetId: player.id,
        after: adjustment,
      });
      return adjustment;
    });
  });

  defineAdminRoute(app, calls.decideAdjustmentRoute, async (input, caller) =>
    db.transaction(async (tx) => {
      const { before, after } = await decideAdjustment(
        tx,
        { id: input.id, approve: input.approve, operatorId: caller.operator.id },
        (domain) => assertCoversBrand(caller.operator, domain),
      );
      await writeAudit(tx, {
        operator: caller.operator,
        ip: caller.ip,
        action: input.approve ? 'adjustment.approve' : 'adjustment.reject',
        brand: before.domain,
        targetType: 'player',
        targetId: before.playerId,
        before,
        after,
      });
      return after;
    }),
  );
}
