/**
 * A player as operators see them (contract `playerRowSchema` and `playerDetailSchema.profile`):
 * who they are, which brand they belong to, and what operators have set on their account. The
 * brand (`domain`) is always there, so the caller can hold an operator to the brands they cover.
 */
import type { PlayerDetail, PlayerRow } from '@backlay/contract/admin';
import { fromMinorUnits } from '@backlay/exchange/money';
import type { Queryable } from '../../db/database';
import { toMinor } from '../wallet';
import type { UserStatus } from './users';

export type PlayerProfile = PlayerDetail['profile'];
export type PlayerLimits = PlayerDetail['limits'];

/** A player's row as the operator queries read it. */
export interface PlayerProfileRow {
  id: string;
  domain: string;
  user_name: string;
  mobile: string | null;
  status: UserStatus;
  is_demo: boolean;
  betting_locked: boolean;
  password_reset_required: boolean;
  max_stake_minor: string | number | null;
  created_at: Date;
}

/** The columns of `PlayerProfileRow`, of `users u`. */
export const PROFILE_COLUMNS = `u.id, u.domain, u.user_name, u.mobile, u.status, u.is_demo,
  u.betting_locked, u.password_reset_required, u.max_stake_minor, u.created_at`;

/** A search result's row. */
export function toPlayerRow(row: PlayerProfileRow): PlayerRow {
  return {
    id: row.id,
    domain: row.domain,
    userName: row.user_name,
    mobile: row.mobile,
    status: row.status,
    demo: row.is_demo,
    bettingLocked: row.betting_locked,
    // The login lock is the account's disabled status: login and every token refuse it.
    loginLocked: row.status === 'disabled',
    createdAt: row.created_at.toISOString(),
  };
}

/** A player's profile: the search row and whether a password change is waited for. */
export function toPlayerProfile(row: PlayerProfileRow): PlayerProfile {
  return { ...toPlayerRow(row), passwordResetRequired: row.password_reset_required };
}

/** A player's own limits, in rupees. */
export function toPlayerLimits(row: Pick<PlayerProfileRow, 'max_stake_minor'>): PlayerLimits {
  return {
    maxStake: row.max_stake_minor === null ? null : fromMinorUnits(toMinor(row.max_stake_minor)),
  };
}

const PLAYER_BY_ID = `SELECT ${PROFILE_COLUMNS} FROM users u WHERE u.id = $1`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `text` is a player id (a UUID); anything else names no player. */
export function isPlayerId(text: string): boolean {
  return UUID.test(text);
}

/**
 * One player's row by id, or undefined; `forUpdate` locks it for the change that follows, so
 * the values before and after the change are the ones the change saw.
 */
export async function readPlayer(
  db: Queryable,
  playerId: string,
  options: { forUpdate?: boolean } = {},
): Promise<PlayerProfileRow | undefined> {
  if (!isPlayerId(playerId)) return undefined;
  const [row] = await db.query<PlayerProfileRow>(
    options.forUpdate ? `${PLAYER_BY_ID} FOR UPDATE` : PLAYER_BY_ID,
    [playerId],
  );
  return row;
}

/** A player's profile, whichever brand they belong to, or null when there is no such player. */
export async function playerProfile(
  db: Queryable,
  playerId: string,
): Promise<PlayerProfile | null> {
  const row = await readPlayer(db, playerId);
  return row ? toPlayerProfile(row) : null;
}

/** A player's own limits, or null when there is no such player. */
export async function playerLimits(db: Queryable, playerId: string): Promise<PlayerLimits | null> {
  const row = await readPlayer(db, playerId);
  return row ? toPlayerLimits(row) : null;
}
