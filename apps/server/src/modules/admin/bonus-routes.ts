/**
 * Bonuses in the back office: each brand's campaigns (read by brand admins, finance, support and
 * owners; made, changed, paused and resumed by brand admins, finance and owners), each
 * campaign's figures, a player's bonuses on their page, and an operator's forfeit of one with a
 * reason. Every change is audited in its transaction. The editor's refusals (wagering above 10×,
 * both products) come from the bonus module's one rule check, with the rule's code in `details`.
 */
import type { FastifyInstance } from 'fastify';
import * as calls from '@backlay/contract/admin-calls';
import type { Database, Queryable } from '../../db/database';
import { ApiError } from '../../http/api-error';
import { playerProfile } from '../account';
import {
  adminBonusView,
  campaignFigures,
  campaignView,
  createCampaign,
  listCampaigns,
  pauseCampaign,
  playerBonusesView,
  readBonus,
  readCampaign,
  updateCampaign,
  CODE_TAKEN,
  type BonusService,
  type CampaignChange,
} from '../bonus';
import { assertCoversBrand, brandsRead, defineAdminRoute } from './admin-route';
import { writeAudit } from './audit-log';
import type { SignedInOperator } from './operator-sessions';

const NO_CAMPAIGN = 'There is no such campaign.';
const STALE =
  'Someone changed this campaign since you opened it. Reload it and make your change again.';

export function bonusAdminRoutes(
  app: FastifyInstance,
  {
    db,
    bonus,
    brandExists,
    now,
  }: {
    db: Database;
    bonus: Pick<BonusService, 'forfeit'>;
    brandExists: (domain: string) => boolean;
    now: () => Date;
  },
) {
  async function visibleCampaign(q: Queryable, operator: SignedInOperator, id: string) {
    const campaign = await readCampaign(q, id);
    if (!campaign) throw new ApiError('NOT_FOUND', NO_CAMPAIGN);
    assertCoversBrand(operator, campaign.domain);
    return campaign;
  }

  /** A change's outcome as the answer, or its refusal. */
  function changed(change: CampaignChange) {
    if (change.outcome === 'missing') throw new ApiError('NOT_FOUND', NO_CAMPAIGN);
    if (change.outcome === 'stale') throw new ApiError('CONFLICT', STALE);
    if (change.outcome === 'code_taken') throw new ApiError('CONFLICT', CODE_TAKEN);
    return change;
  }

  defineAdminRoute(app, calls.bonusCampaignsRoute, async (input, caller) => {
    const rows = await listCampaigns(db, {
      brands: brandsRead(caller.operator, input.brand),
      status: input.status,
    });
    return { items: rows.map((row) => campaignView(row, now())) };
  });

  defineAdminRoute(app, calls.bonusCampaignRoute, async (input, caller) =>
    campaignView(await visibleCampaign(db, caller.operator, input.id), now()),
  );

  defineAdminRoute(app, calls.createBonusCampaignRoute, async (input, caller) => {
    assertCoversBrand(caller.operator, input.brand);
    if (!brandExists(input.brand)) throw new ApiError('NOT_FOUND', 'There is no such brand.');
    return db.transaction(async (tx) => {
      const row = await createCampaign(tx, input);
      if (!row) throw new ApiError('CONFLICT', CODE_TAKEN);
      const view = campaignView(row, now());
      await writeAudit(tx, {
        operator: caller.operator,
        ip: caller.ip,
        action: 'bonus.campaign.create',
        brand: row.domain,
        targetType: 'bonus_campaign',
        targetId: row.id,
        after: view,
      });
      return view;
    });
  });

  defineAdminRoute(app, calls.updateBonusCampaignRoute, async (input, caller) => {
    await visibleCampaign(db, caller.operator, input.id);
    return db.transaction(async (tx) => {
      const change = changed(await updateCampaign(tx, input));
      const after = campaignView(change.after, now());
      await writeAudit(tx, {
        operator: caller.operator,
        ip: caller.ip,
        action: 'bonus.campaign.update',
        brand: change.after.domain,
        targetType: 'bonus_campaign',
        targetId: change.after.id,
        before: campaignView(change.before, now()),
        after,
      });
      return after;
    });
  });

  defineAdminRoute(app, calls.pauseBonusCampaignRoute, async (input, caller) => {
    await visibleCampaign(db, caller.operator, input.id);
    return db.transaction(async (tx) => {
      const change = changed(await pauseCampaign(tx, input));
      await writeAudit(tx, {
        operator: caller.operator,
        ip: caller.ip,
        action: input.paused ? 'bonus.campaign.pause' : 'bonus.campaign.resume',
        brand: change.after.domain,
        targetType: 'bonus_campaign',
        targetId: change.after.id,
        before: { status: change.before.status },
        after: { status: change.after.status },
      });
      return campaignView(change.after, now());
    });
  });

  defineAdminRoute(app, calls.bonusCampaignFiguresRoute, async (input, caller) => {
    await visibleCampaign(db, caller.operator, input.id);
    return campaignFigures(db, input.id);
  });

  defineAdminRoute(app, calls.playerBonusesRoute, async (input, caller) => {
    const profile = await playerProfile(db, input.playerId);
    if (!profile) throw new ApiError('NOT_FOUND', 'There is no such player.');
    assertCoversBrand(caller.operator, profile.domain);
    return playerBonusesView(db, input.playerId);
  });

  defineAdminRoute(app, calls.forfeitBonusRoute, async (input, caller) => {
    const row = await readBonus(db, input.bonusId);
    if (!row) throw new ApiError('NOT_FOUND', 'There is no such bonus.');
    assertCoversBrand(caller.operator, row.domain);
    return db.transaction(async (tx) => {
      const moved = await bonus.forfeit(tx, input.bonusId, caller.operator, input.reason);
      if (moved.outcome === 'missing') throw new ApiError('NOT_FOUND', 'There is no such bonus.');
      if (moved.outcome === 'refused') {
        throw new ApiError(
          'CONFLICT',
          `This bonus is ${moved.row.status.toLowerCase()}: only an offered or active bonus can be forfeited.`,
        );
      }
      const after = adminBonusView(moved.after);
      await writeAudit(tx, {
        operator: caller.operator,
        ip: caller.ip,
        action: 'bonus.forfeit',
        brand: row.domain,
        targetType: 'player_bonus',
        targetId: row.id,
        before: { status: moved.before.status },
        after: { status: after.status, returned: after.settledAmount, reason: input.reason },
      });
      return after;
    });
  });
}
