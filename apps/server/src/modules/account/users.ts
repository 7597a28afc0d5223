import type { StakeButton } from '@backlay/contract/account';
import type { SportFlags } from '@backlay/contract/sports';
import type { Queryable } from '../../db/database';
import type { PlayerBetting } from '../../http/api-route';
import { toMinor } from '../wallet';

export type UserStatus = 'pending_verification' | 'active' | 'disabled';

export interface UserRow {
  id: string;
  domain: string;
  user_name: string;
  mobile: string | null;
  password_hash: string;
  status: UserStatus;
  is_demo: boolean;
  football: boolean;
  tennis: boolean;
  cricket: boolean;
  kabaddi: boolean;
  horse_racing: boolean;
  stakes: StakeButton[];
  expires_at: Date | null;
  /** Set by an operator: every bet is refused. */
  betting_locked: boolean;
  /** Set by an operator: the most one bet may stake (bigint: text on PostgreSQL). */
  max_stake_minor: string | number | null;
  /** Set by an operator: login is refused until the password is changed. */
  password_reset_required: boolean;
  /** Set by the player's own break (a time-out or self-exclusion): no login or call until then. */
  play_paused_until: Date | null;
  play_pause_kind: PlayPauseKind | null;
  /** Set while the player has a loss limit: their bets are checked against it. */
  loss_limited: boolean;
  /**
   * How many times every session of the player was ended (sessions.ts `endAllSessions`): a
   * token issued in an earlier generation is refused.
   */
  token_generation: number;
}

export type PlayPauseKind = 'TIME_OUT' | 'SELF_EXCLUSION';

/** A user's own sport switches (spec §3 user info). */
export function sportFlagsOf(user: UserRow): SportFlags {
  return {
    football: user.football,
    tennis: user.tennis,
    cricket: user.cricket,
    kabaddi: user.kabaddi,
    horseRacing: user.horse_racing,
  };
}

/** What an operator set on a user's betting (see `PlayerBetting`). */
export function bettingRulesOf(user: UserRow): PlayerBetting {
  return {
    locked: user.betting_locked,
    maxStakeMinor: user.max_stake_minor === null ? null : toMinor(user.max_stake_minor),
    lossLimited: user.loss_limited,
  };
}

const COLUMNS = `id, domain, user_name, mobile, password_hash, status, is_demo, football, tennis,
  cricket, kabaddi, horse_racing, stakes, expires_at, betting_locked, max_stake_minor,
  password_reset_required, play_paused_until, play_pause_kind, loss_limited, token_generation`;

/** A user of a domain by name, ignoring case. */
export async function findUserByName(
  db: Queryable,
  domain: string,
  userName: string,
): Promise<UserRow | undefined> {
  const [row] = await db.query<UserRow>(
    `SELECT ${COLUMNS} FROM users WHERE domain = $1 AND lower(user_name) = lower($2)`,
    [domain, userName],
  );
  return row;
}

/** A user by id, within a domain. */
export async function findUserById(
  db: Queryable,
  domain: string,
  id: string,
): Promise<UserRow | undefined> {
  const [row] = await db.query<UserRow>(
    `SELECT ${COLUMNS} FROM users WHERE domain = $1 AND id = $2`,
    [domain, id],
  );
  return row;
}

export interface NewUser {
  domain: string;
  userName: string;
  mobile: string | null;
  passwordHash: string;
  status: UserStatus;
  stakes: StakeButton[];
  demoExpiresAt: Date | null;
}

/** Inserts a user; returns undefined when the name is already taken on the domain. */
export async function insertUser(db: Queryable, user: NewUser): Promise<UserRow | undefined> {
  const [row] = await db.query<UserRow>(
    `INSERT INTO users (domain, user_name, mobile, password_hash, status, is_demo, stakes, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8)
     ON CONFLICT (domain, lower(user_name)) DO NOTHING
     RETURNING ${COLUMNS}`,
    [
      user.domain,
      user.userName,
      user.mobile,
      user.passwordHash,
      user.status,
      user.demoExpiresAt !== null,
      JSON.stringify(user.stakes),
      user.demoExpiresAt,
    ],
  );
  return row;
}

export async function setUserStatus(db: Queryable, id: string, status: UserStatus): Promise<void> {
  await db.query('UPDATE users SET status = $2 WHERE id = $1', [id, status]);
}

/** Sets a new password, which is what an operator's forced password change waits for. */
export async function setPasswordHash(
  db: Queryable,
  id: string,
  passwordHash: string,
): Promise<void> {
  await db.query(
    'UPDATE users SET password_hash = $2, password_reset_required = false WHERE id = $1',
    [id, passwordHash],
  );
}

export async function setStakes(db: Queryable, id: string, stakes: StakeButton[]): Promise<void> {
  await db.query('UPDATE users SET stakes = $2::jsonb WHERE id = $1', [id, JSON.stringify(stakes)]);
}

export async function deleteUser(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM users WHERE id = $1', [id]);
}
