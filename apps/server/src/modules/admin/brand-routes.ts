/**
 * Operators' brand calls: the list, a brand with its history, creating and editing brands,
 * uploading a logo or favicon, and the platform's betting rules. A brand-scoped role sees and
 * edits only its brands; creating a brand or changing the platform's rules needs every brand.
 * Each change is audited in its own transaction, with the document before and after.
 */
import type { FastifyInstance } from 'fastify';
import * as calls from '@backlay/contract/admin-calls';
import type { Queryable } from '../../db/database';
import type { BrandService } from '../brands';
import type { RateLimits } from '../limits';
import {
  ADMIN_MESSAGES,
  assertCoversBrand,
  assertCoversEveryBrand,
  coversBrand,
  defineAdminRoute,
  type AdminCaller,
} from './admin-route';
import { writeAudit } from './audit-log';
import type { SignedInOperator } from './operator-sessions';

export function brandRoutes(
  app: FastifyInstance,
  { brands, limits }: { brands: BrandService; limits: Pick<RateLimits, 'take'> },
) {
  /** The audit entry of an action on a brand (or on the platform's rules, `brand` null). */
  function recorder(caller: AdminCaller<SignedInOperator>, action: string, brand: string | null) {
    return (tx: Queryable, change: { before: unknown; after: unknown }) =>
      writeAudit(tx, {
        operator: caller.operator,
        ip: caller.ip,
        action,
        brand,
        targetType: brand === null ? 'platform' : 'brand',
        targetId: brand ?? 'betting-defaults',
        before: change.before,
        after: change.after,
      });
  }

  defineAdminRoute(app, calls.brandsRoute, async (_input, caller) => {
    const list = await brands.list();
    return { brands: list.brands.filter((b) => coversBrand(caller.operator, b.domain)) };
  });

  defineAdminRoute(app, calls.brandRoute, async (input, caller) => {
    assertCoversBrand(caller.operator, input.domain);
    return brands.detail(input.domain);
  });

  defineAdminRoute(app, calls.brandVersionsRoute, async (input, caller) => {
    assertCoversBrand(caller.operator, input.domain);
    return brands.versions(input.domain);
  });

  defineAdminRoute(app, calls.createBrandRoute, async (input, caller) => {
    assertCoversEveryBrand(caller.operator, ADMIN_MESSAGES.platform);
    return brands.create(input, caller.operator.id, recorder(caller, 'brand.create', input.domain));
  });

  defineAdminRoute(app, calls.updateBrandRoute, async (input, caller) => {
    assertCoversBrand(caller.operator, input.domain);
    return brands.update(input, caller.operator.id, recorder(caller, 'brand.update', input.domain));
  });

  defineAdminRoute(app, calls.uploadBrandAssetRoute, async (input, caller) => {
    assertCoversBrand(caller.operator, input.domain);
    // Every upload is stored for good: the limit is taken before anything is read or written.
    await limits.take('brandUploadsOperator', caller.operator.id);
    return brands.uploadAsset(
      input,
      caller.operator.id,
      recorder(caller, `brand.${input.kind}`, input.domain),
    );
  });

  defineAdminRoute(app, calls.bettingDefaultsRoute, async () => brands.bettingDefaults());

  defineAdminRoute(app, calls.updateBettingDefaultsRoute, async (input, caller) => {
    assertCoversEveryBrand(caller.operator, ADMIN_MESSAGES.platform);
    return brands.updateBettingDefaults(
      input,
      caller.operator.id,
      recorder(caller, 'betting-defaults.update', null),
    );
  });
}
