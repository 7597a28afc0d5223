/** What the back office reads of bonuses: a campaign's figures and a player's bonuses. */
import type { AdminPlayerBonus, CampaignFigures } from '@backlay/contract/admin-bonuses';
import type { Queryable } from '../../db/database';
import { toMinor } from '../wallet';
import { minorOrNull, rupeesOrNull } from './campaigns';
import { keptTerms, playerBonusRows, type BonusRow } from './player-bonuses';

/** Count and amount of a campaign's bonuses by state, and what they wagered. */
export async function campaignFigures(q: Queryable, campaignId: string): Promise<CampaignFigures> {
  const rows = await q.query<{
    status: string;
    count: number;
    amount_minor: unknown;
    wagered_minor: unknown;
    settled_minor: unknown;
  }>(
    `SELECT status, count(*)::int AS count, coalesce(sum(amount_minor), 0) AS amount_minor,
       coalesce(sum(wagered_minor), 0) AS wagered_minor,
       coalesce(sum(settled_minor), 0) AS settled_minor
     FROM player_bonuses WHERE campaign_id = $1 GROUP BY status`,
    [campaignId],
  );
  const tally = (status: string) => {
    const row = rows.find((r) => r.status === status);
    return { count: row?.count ?? 0, amount: row ? toMinor(row.amount_minor) / 100 : 0 };
  };
  const claimedRows = rows.filter((r) => r.status !== 'OFFERED');
  const converted = tally('CONVERTED');
  return {
    campaignId,
    claimed: {
      count: claimedRows.reduce((s, r) => s + r.count, 0),
      amount: claimedRows.reduce((s, r) => s + toMinor(r.amount_minor), 0) / 100,
    },
    offered: tally('OFFERED'),
    active: tally('ACTIVE'),
    wagered: rows.reduce((s, r) => s + toMinor(r.wagered_minor), 0) / 100,
    converted,
    expired: tally('EXPIRED'),
    forfeited: tally('FORFEITED'),
    cost: converted.amount,
  };
}

/** A bonus as the console shows it. */
export function adminBonusView(row: BonusRow): AdminPlayerBonus {
  const terms = keptTerms(row);
  const iso = (at: Date | null) => (at === null ? null : new Date(at).toISOString());
  return {
    id: row.id,
    campaignId: row.campaign_id,
    campaignTitle: terms.title,
    type: terms.type,
    product: row.product,
    status: row.status,
    amount: toMinor(row.amount_minor) / 100,
    wagered: toMinor(row.wagered_minor) / 100,
    required: toMinor(row.required_minor) / 100,
    createdAt: new Date(row.created_at).toISOString(),
    claimedAt: iso(row.claimed_at),
    expiresAt: iso(row.expires_at),
    endedAt: iso(row.ended_at),
    settledAmount: rupeesOrNull(minorOrNull(row.settled_minor)),
    forfeitedBy: row.forfeited_by_name,
    reason: row.reason,
  };
}

/** A player's bonuses, newest first, with their bonus wallet. */
export async function playerBonusesView(q: Queryable, playerId: string) {
  const rows = await playerBonusRows(q, playerId);
  return {
    playerId,
    bonusBalance:
      rows
        .filter((row) => row.status === 'ACTIVE')
        .reduce((sum, row) => sum + toMinor(row.amount_minor), 0) / 100,
    items: rows.map(adminBonusView),
  };
}
