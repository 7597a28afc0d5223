/**
 * The built-in studio's tables in the back office: each table's settings in force and where
 * each value comes from (read by whoever reads the casino), and a save of them (by a role that
 * may change providers and covers every brand, since the studio serves every brand), audited
 * with the values before and after in the save's own transaction.
 *
 * The studio is an outside party to Backlay's modules: the back office reaches its settings
 * through the small door below, which the app hands over, not by importing the studio.
 */
import type { FastifyInstance } from 'fastify';
import type { StudioTable } from '@backlay/contract/admin-studio-tables';
import * as calls from '@backlay/contract/admin-studio-tables';
import type { Transaction } from '../../db/database';
import { ApiError } from '../../http/api-error';
import { assertCoversEveryBrand, defineAdminRoute } from './admin-route';
import { writeAudit } from './audit-log';

/** What the back office needs of the studio's table settings. */
export interface StudioTables {
  list(): Promise<StudioTable[]>;
  update(
    gameCode: string,
    request: { version: number; values: unknown },
    operator: { userName: string },
    record: (
      tx: Transaction,
      change: { gameCode: string; before: unknown; after: unknown },
    ) => Promise<void>,
  ): Promise<
    | { outcome: 'saved'; table: StudioTable }
    | { outcome: 'unknown' }
    | { outcome: 'stale' }
    | { outcome: 'invalid'; issues: { path: string; message: string }[] }
  >;
}

const NO_TABLE = 'There is no such studio table (or the studio is off).';
const EVERY_BRAND =
  'The studio’s tables serve every brand: changing one needs a role that covers every brand.';

export function studioTableRoutes(
  app: FastifyInstance,
  { tables }: { tables: StudioTables | undefined },
) {
  defineAdminRoute(app, calls.studioTablesRoute, async () => ({
    items: tables ? await tables.list() : [],
  }));

  defineAdminRoute(app, calls.updateStudioTableRoute, async (input, caller) => {
    assertCoversEveryBrand(caller.operator, EVERY_BRAND);
    if (!tables) throw new ApiError('NOT_FOUND', NO_TABLE);
    const result = await tables.update(
      input.gameCode,
      { version: input.version, values: input.values },
      { userName: caller.operator.userName },
      (tx, change) =>
        writeAudit(tx, {
          operator: caller.operator,
          ip: caller.ip,
          action: 'casino.studio-table.update',
          brand: null,
          targetType: 'studio_table',
          targetId: change.gameCode,
          before: change.before,
          after: change.after,
        }),
    );
    switch (result.outcome) {
      case 'saved':
        return result.table;
      case 'unknown':
        throw new ApiError('NOT_FOUND', NO_TABLE);
      case 'stale':
        throw new ApiError(
          'CONFLICT',
          'Someone changed this table since you opened it. Reload it and make your change again.',
        );
      case 'invalid':
        throw new ApiError(
          'VALIDATION_FAILED',
          result.issues[0]?.message ?? 'The settings are not valid.',
          result.issues.map((issue) => `${issue.path}: ${issue.message}`).join('; '),
        );
    }
  });
}
