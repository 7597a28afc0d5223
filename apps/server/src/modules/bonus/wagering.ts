/**
 * Wagering: settled stakes counted towards active bonuses, by each bonus's kept terms.
 *
 * Betting counts when a market settles, inside the settlement's transaction (the exchange's
 * settlement hook), once per market: one statement finds the active betting bonuses of the
 * market's players (one index probe when none has one), one statement adds what each position
 * counts (`bettingWagerMinor`: matched stake at or above the minimum price, never more than the
 * net risk), and the bonuses that reached their requirement convert to cash in the same
 * transaction. A void market counts nothing. Since the count commits with the settlement and a
 * market settles once, no stake counts twice.
 *
 * Casino counts rounds closed with a result, swept per bonus after a cursor (the last round
 * counted), under the bonus's row lock: a round counts once whoever sweeps.
 */
import type { Queryable } from '../../db/database';
import { closedRoundsAfter } from '../casino';
import type { MarketSettled } from '../exchange';
import { toMinor } from '../wallet';
import { bettingWagerMinor, casinoWagerMinor } from './bonus-maths';
import {
  BONUS_COLUMNS,
  convert,
  keptTerms,
  lockPlayerMoney,
  readBonus,
  type BonusRow,
} from './player-bonuses';

/** Counts a settled market's positions towards their owners' active betting bonuses. */
export async function countSettledMarket(tx: Queryable, market: MarketSettled): Promise<void> {
  if (market.voided) return;
  const owners = market.positions.filter((p) => p.book === 'real').map((p) => p.ownerId);
  if (owners.length === 0) return;
  const active = await tx.query<{ id: string; owner_id: string; terms: unknown }>(
    `SELECT id, owner_id, terms FROM player_bonuses
     WHERE owner_id = ANY ($1::uuid[]) AND status = 'ACTIVE' AND product = 'BETTING'
     ORDER BY id FOR UPDATE`,
    [owners],
  );
  if (active.length === 0) return;
  const positionOf = new Map(market.positions.map((p) => [p.ownerId, p]));
  const ids: string[] = [];
  const adds: number[] = [];
  for (const bonus of active) {
    const position = positionOf.get(bonus.owner_id);
    const terms = keptTerms({ terms: bonus.terms } as BonusRow);
    if (!position || !terms.betting) continue;
    const add = bettingWagerMinor(position, terms.betting);
    if (add <= 0) continue;
    ids.push(bonus.id);
    adds.push(add);
  }
  if (ids.length === 0) return;
  const reached = await tx.query<{ id: string; reached: boolean }>(
    `UPDATE player_bonuses b SET wagered_minor = b.wagered_minor + u.add
     FROM unnest($1::uuid[], $2::bigint[]) AS u (id, add)
     WHERE b.id = u.id
     RETURNING b.id, b.wagered_minor >= b.required_minor AS reached`,
    [ids, adds],
  );
  for (const row of reached) {
    if (row.reached) await convert(tx, row.id);
  }
}

/**
 * Counts the casino rounds the player closed since the bonus's cursor towards their active
 * casino bonus, converting it when it reaches its requirement. Returns the bonus as it stands.
 */
export async function sweepCasinoWagering(
  tx: Queryable,
  bonusId: string,
): Promise<BonusRow | null> {
  const first = await readBonus(tx, bonusId);
  if (!first || first.status !== 'ACTIVE' || first.product !== 'CASINO') return first;
  await lockPlayerMoney(tx, { domain: first.domain, ownerId: first.owner_id });
  const [row] = await tx.query<BonusRow>(
    `SELECT ${BONUS_COLUMNS} FROM player_bonuses WHERE id = $1 FOR UPDATE`,
    [bonusId],
  );
  if (!row || row.status !== 'ACTIVE') return row ?? null;
  const casino = keptTerms(row).casino;
  if (!casino) return row;
  // Rounds count from the claim on, up to the wagering deadline.
  const after = {
    at: row.casino_counted_at ?? row.claimed_at ?? row.created_at,
    id: row.casino_counted_id,
  };
  const rounds = (await closedRoundsAfter(tx, row.owner_id, after)).filter(
    (round) => round.closedAt <= new Date(row.expires_at),
  );
  const last = rounds[rounds.length - 1];
  if (!last) return row;
  const add = rounds.reduce((sum, round) => sum + casinoWagerMinor(round, casino), 0);
  const [updated] = await tx.query<{ reached: boolean }>(
    `UPDATE player_bonuses SET wagered_minor = wagered_minor + $2, casino_counted_at = $3,
       casino_counted_id = $4
     WHERE id = $1 RETURNING wagered_minor >= required_minor AS reached`,
    [bonusId, add, last.closedAt, last.id],
  );
  if (updated?.reached) await convert(tx, bonusId);
  return readBonus(tx, bonusId);
}

/** The active casino bonuses of a player (or of everyone, for the job), by id. */
export async function activeCasinoBonusIds(
  q: Queryable,
  ownerId: string | null,
): Promise<string[]> {
  const rows = await q.query<{ id: string }>(
    `SELECT id FROM player_bonuses WHERE status = 'ACTIVE' AND product = 'CASINO'
       AND ($1::uuid IS NULL OR owner_id = $1)
     ORDER BY id LIMIT 10000`,
    [ownerId],
  );
  return rows.map((row) => row.id);
}

/** Whether a bonus row's wagering is done (its requirement met). */
export function wageringDone(row: BonusRow): boolean {
  return toMinor(row.wagered_minor) >= toMinor(row.required_minor);
}
