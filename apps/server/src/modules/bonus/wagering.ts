/**
 * Wagering: settled stakes counted towards active bonuses, by each bonus's kept terms.
 *
 * Betting counts when a market settles, inside the settlement's transaction (the exchange's
 * settlement hook), once per market: one statement finds the active betting bonuses of the
 * market's players (one index probe when none has one), one statement adds what each position
 * counts (`bettingWagerMinor`: matched stake at or above the minimum price, never more than the
 * net risk) and records it per bonus and market (`bonus_wagering_counts`), and the bonuses that
 * reached their requirement convert to cash in the same transaction. A void market counts
 * nothing. The record makes the count once per bonus and market: a count that finds its record
 * taken adds nothing, so a hook run twice, or a recount, never counts a stake twice.
 *
 * When an operator corrects a settled result (the same hook, told `correctedFrom`), wagering
 * follows the market as the new result leaves it, by these rules:
 * - a winner corrected to void: nobody bet on anything real, so what the market counted comes
 *   off each active bonus, exactly its record (never below zero), and the record goes;
 * - void corrected to a winner: the market counts now as a first settlement on that winner
 *   would, for the bonuses active now, converting those it brings to their requirement;
 * - one winner corrected to another: the matched stakes and net risks are the same, so the
 *   counts stay as they are and nothing more counts (not even for a bonus claimed since).
 * Only an active bonus is ever reduced. A bonus that has converted, expired or been forfeited
 * stays as it ended, its record with it: a correction never takes back a conversion, since no
 * hidden rule may void winnings afterwards. A bonus claimed after the market settled never
 * counted it (it has no record) and so loses nothing when the market is voided.
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

/**
 * The settlement hook: counts a settled market's positions towards their owners' active betting
 * bonuses, or, for a correction, follows the new result (see the rules above).
 */
export async function countSettledMarket(tx: Queryable, market: MarketSettled): Promise<void> {
  const wasVoided = market.correctedFrom?.voided;
  if (market.voided) {
    if (wasVoided === false) await uncountMarket(tx, market.marketId);
    return;
  }
  // A winner corrected to another winner: the same stakes and risks, so the counts stay.
  if (wasVoided === false) return;
  await countMarket(tx, market);
}

/** Adds what each position counts to its owner's active betting bonus, once per bonus and market. */
async function countMarket(tx: Queryable, market: MarketSettled): Promise<void> {
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
  // The record and the count in one statement: a bonus whose record for the market exists
  // already counted it and adds nothing.
  const reached = await tx.query<{ id: string; reached: boolean }>(
    `WITH counted AS (
       INSERT INTO bonus_wagering_counts (market_id, bonus_id, counted_minor)
       SELECT $3, u.id, u.add FROM unnest($1::uuid[], $2::bigint[]) AS u (id, add)
       ON CONFLICT (market_id, bonus_id) DO NOTHING
       RETURNING bonus_id, counted_minor
     )
     UPDATE player_bonuses b SET wagered_minor = b.wagered_minor + c.counted_minor
     FROM counted c
     WHERE b.id = c.bonus_id
     RETURNING b.id, b.wagered_minor >= b.required_minor AS reached`,
    [ids, adds, market.marketId],
  );
  for (const row of reached) {
    if (row.reached) await convert(tx, row.id);
  }
}

/**
 * Takes what a market counted off the active bonuses that counted it (never below zero) and
 * drops their records; a bonus no longer active keeps its wagering and its record.
 */
async function uncountMarket(tx: Queryable, marketId: string): Promise<void> {
  // The bonuses' rows locked first, in id order as a count locks them; a bonus that ended
  // while this waited is no longer active and is left out.
  const active = await tx.query<{ id: string }>(
    `SELECT b.id FROM bonus_wagering_counts c JOIN player_bonuses b ON b.id = c.bonus_id
     WHERE c.market_id = $1 AND b.status = 'ACTIVE'
     ORDER BY b.id FOR UPDATE OF b`,
    [marketId],
  );
  if (active.length === 0) return;
  await tx.query(
    `WITH taken AS (
       DELETE FROM bonus_wagering_counts
       WHERE market_id = $1 AND bonus_id = ANY ($2::uuid[])
       RETURNING bonus_id, counted_minor
     )
     UPDATE player_bonuses b SET wagered_minor = greatest(0, b.wagered_minor - t.counted_minor)
     FROM taken t
     WHERE b.id = t.bonus_id`,
    [marketId, active.map((row) => row.id)],
  );
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
