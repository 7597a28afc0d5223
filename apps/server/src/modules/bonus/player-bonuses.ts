/**
 * A player's bonuses. Each moves only through its table of allowed moves, applied under the
 * bonus's row lock by the generic state machine (`db/state-machine.ts`), with the move's money
 * in the move's effect, one wallet transfer keyed by the bonus:
 *
 *   OFFERED → ACTIVE     claimed: promotion → player bonus (bonus_grant)
 *   OFFERED → EXPIRED    not claimed in time (nothing had moved)
 *   OFFERED → FORFEITED  withdrawn by an operator (nothing had moved)
 *   ACTIVE  → CONVERTED  wagered through: player bonus → cash (bonus_convert)
 *   ACTIVE  → EXPIRED    not wagered in time: player bonus → promotion (bonus_expire)
 *   ACTIVE  → FORFEITED  by an operator, with a reason: player bonus → promotion (bonus_forfeit)
 *
 * CONVERTED, EXPIRED and FORFEITED are final. A bonus claimed at once (a campaign's offer) is
 * written ACTIVE with its grant in the same transaction. Before a bonus's row is locked, the
 * player's accounts are (`lockPlayerMoney`), the order a market's settlement takes them in, so a
 * job, a claim and a settlement never wait on each other crosswise.
 */
import type { Bonus, BonusTerms, PlayerBonusStatus } from '@backlay/contract/bonuses';
import type { Queryable } from '../../db/database';
import { defineStateMachine, moveState, NOW, type MoveResult } from '../../db/state-machine';
import {
  claimBonus,
  convertBonus,
  ensurePlayerAccounts,
  lockAccounts,
  returnBonus,
  toMinor,
  type TransferResult,
} from '../wallet';
import { minorOrNull, rupeesOrNull } from './campaigns';

export const BONUS_MACHINE = defineStateMachine<PlayerBonusStatus>({
  entity: 'bonus',
  table: 'player_bonuses',
  states: ['OFFERED', 'ACTIVE', 'CONVERTED', 'EXPIRED', 'FORFEITED'],
  moves: {
    OFFERED: ['ACTIVE', 'EXPIRED', 'FORFEITED'],
    ACTIVE: ['CONVERTED', 'EXPIRED', 'FORFEITED'],
  },
  decidedAtColumn: 'ended_at',
  refusal: (from, to) =>
    from === 'ACTIVE' && to === 'ACTIVE'
      ? 'This bonus was claimed already.'
      : `A bonus that is ${from.toLowerCase()} cannot become ${to.toLowerCase()}.`,
  missing: 'There is no such bonus.',
});

export interface BonusRow {
  id: string;
  campaign_id: string;
  domain: string;
  owner_id: string;
  source: string;
  status: PlayerBonusStatus;
  product: 'BETTING' | 'CASINO';
  amount_minor: unknown;
  required_minor: unknown;
  wagered_minor: unknown;
  qualifying_minor: unknown;
  deposit_transfer_id: string | null;
  terms: (BonusTerms & { title: string; description: string }) | string;
  created_at: Date;
  claimed_at: Date | null;
  expires_at: Date;
  ended_at: Date | null;
  settled_minor: unknown;
  forfeited_by: string | null;
  forfeited_by_name: string | null;
  reason: string | null;
  casino_counted_at: Date | null;
  casino_counted_id: string | null;
}

export const BONUS_COLUMNS = `id, campaign_id, domain, owner_id, source, status, product,
  amount_minor, required_minor, wagered_minor, qualifying_minor, deposit_transfer_id, terms,
  created_at, claimed_at, expires_at, ended_at, settled_minor, forfeited_by, forfeited_by_name,
  reason, casino_counted_at, casino_counted_id`;

/** The terms a bonus keeps (with its campaign's title and description at the time). */
export function keptTerms(row: BonusRow): BonusTerms & { title: string; description: string } {
  return typeof row.terms === 'string'
    ? (JSON.parse(row.terms) as BonusTerms & { title: string; description: string })
    : row.terms;
}

const iso = (at: Date | null) => (at === null ? null : new Date(at).toISOString());

/** A bonus as the player reads it. */
export function bonusView(row: BonusRow): Bonus {
  const { title, description, ...terms } = keptTerms(row);
  return {
    id: row.id,
    campaignId: row.campaign_id,
    title,
    description,
    terms,
    status: row.status,
    amount: toMinor(row.amount_minor) / 100,
    wagered: Math.min(toMinor(row.wagered_minor), toMinor(row.required_minor)) / 100,
    required: toMinor(row.required_minor) / 100,
    createdAt: new Date(row.created_at).toISOString(),
    claimedAt: iso(row.claimed_at),
    expiresAt: iso(row.expires_at),
    endedAt: iso(row.ended_at),
    settledAmount: rupeesOrNull(minorOrNull(row.settled_minor)),
    reason: row.reason,
  };
}

export async function readBonus(q: Queryable, id: string): Promise<BonusRow | null> {
  const [row] = await q.query<BonusRow>(
    `SELECT ${BONUS_COLUMNS} FROM player_bonuses WHERE id = $1`,
    [id],
  );
  return row ?? null;
}

/** A player's bonuses, newest first. */
export async function playerBonusRows(
  q: Queryable,
  ownerId: string,
  limit = 200,
): Promise<BonusRow[]> {
  return q.query<BonusRow>(
    `SELECT ${BONUS_COLUMNS} FROM player_bonuses WHERE owner_id = $1
     ORDER BY created_at DESC, id LIMIT $2`,
    [ownerId, limit],
  );
}

/**
 * Locks the player's money (cash, exposure and bonus accounts, created when missing) for the
 * rest of the transaction: every bonus step takes this first, so one player's bonus steps take
 * turns on every instance, in the order a settlement locks.
 */
export async function lockPlayerMoney(
  tx: Queryable,
  player: { domain: string; ownerId: string },
): Promise<void> {
  const ids = await ensurePlayerAccounts(tx, { ...player, book: 'real' });
  await lockAccounts(tx, [ids.cashId, ids.exposureId, ids.bonusId]);
}

/** Throws unless a wallet transfer moved (or had moved, for the same bonus) its money. */
export function assertMoved(result: TransferResult, what: string): void {
  if (result.status !== 'ok' && result.status !== 'duplicate') {
    throw new Error(`${what}: the wallet answered ${JSON.stringify(result)}`);
  }
}

const money = (row: BonusRow) => ({
  domain: row.domain,
  ownerId: row.owner_id,
  bonusId: row.id,
  amountMinor: toMinor(row.amount_minor),
});

/** Claims an offered bonus: its grant, and its wagering deadline from now. */
export function claimOffered(
  tx: Queryable,
  id: string,
  ownerId: string,
  now: Date,
): Promise<MoveResult<PlayerBonusStatus, BonusRow>> {
  return moveState(tx, BONUS_MACHINE, {
    id,
    to: 'ACTIVE',
    read: readBonus,
    guard: (row) => row.owner_id === ownerId,
    effect: async (row) => {
      assertMoved(await claimBonus(tx, money(row)), `claiming bonus ${row.id}`);
      const days = keptTerms(row).expiryDays;
      return { claimed_at: now, expires_at: new Date(now.getTime() + days * 86_400_000) };
    },
  });
}

/** Converts a bonus wagered through into cash. */
export function convert(
  tx: Queryable,
  id: string,
): Promise<MoveResult<PlayerBonusStatus, BonusRow>> {
  return moveState(tx, BONUS_MACHINE, {
    id,
    to: 'CONVERTED',
    read: readBonus,
    guard: (row) => toMinor(row.wagered_minor) >= toMinor(row.required_minor),
    effect: async (row) => {
      assertMoved(await convertBonus(tx, money(row)), `converting bonus ${row.id}`);
      return { settled_minor: toMinor(row.amount_minor) };
    },
  });
}

/**
 * Ends an offered or active bonus without converting it: expired (its time is up) or forfeited
 * (by an operator, with a reason). What an active one held goes back to the brand's promotions.
 */
export function endBonus(
  tx: Queryable,
  id: string,
  how:
    | { to: 'EXPIRED'; now: Date }
    | { to: 'FORFEITED'; operator: { id: string; userName: string }; reason: string },
): Promise<MoveResult<PlayerBonusStatus, BonusRow>> {
  return moveState(tx, BONUS_MACHINE, {
    id,
    to: how.to,
    read: readBonus,
    guard: (row) => how.to !== 'EXPIRED' || new Date(row.expires_at) <= how.now,
    effect: async (row) => {
      if (row.status !== 'ACTIVE') return { settled_minor: 0 };
      const why = how.to === 'EXPIRED' ? 'expired' : 'forfeited';
      assertMoved(await returnBonus(tx, { ...money(row), why }), `ending bonus ${row.id}`);
      return { settled_minor: toMinor(row.amount_minor) };
    },
    set:
      how.to === 'FORFEITED'
        ? {
            forfeited_by: how.operator.id,
            forfeited_by_name: how.operator.userName,
            reason: how.reason,
            ended_at: NOW,
          }
        : { ended_at: NOW },
  });
}
