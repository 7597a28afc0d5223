/**
 * What operators do to a player's account (the back office's player calls): lock and unlock
 * betting and login, set the player's own stake limit, force a password change, and keep notes;
 * and what they read besides the profile: login attempts and live sessions.
 *
 * Every change runs in the caller's transaction, locks the player's row first, and answers the
 * values before and after it, so the caller writes its audit entry in the same transaction and
 * the entry commits with the change or not at all. A change takes effect as follows:
 * - login: a login lock or a forced password change ends every session in the same
 *   transaction (sessions.ts `endAllSessions`): refresh tokens are revoked and the player's
 *   session generation moves on, so access tokens already issued are refused by the next bearer
 *   check, on this instance at once (the committed change is announced, player-changes.ts), on
 *   the others as soon as the hub carries the announcement and within BEARER_USER_CACHE_MS
 *   (2 seconds) at most. A token issued before a login lock stays refused after the lock is
 *   lifted. The caller closes the player's hub connections when `signedOut`.
 * - betting: every bet checks the lock and the stake limit the bearer check read with the
 *   player, so bets see a change within the same bound.
 */
import type { PlayerDetail } from '@backlay/contract/admin';
import { stripMarkup } from '@backlay/contract/sanitize-input';
import { fromMinorUnits } from '@backlay/exchange/money';
import type { Queryable } from '../../db/database';
import { ApiError } from '../../http/api-error';
import { announcePlayerChange } from './player-changes';
import {
  isPlayerId,
  PROFILE_COLUMNS,
  readPlayer,
  toPlayerLimits,
  toPlayerProfile,
  type PlayerLimits,
  type PlayerProfile,
  type PlayerProfileRow,
} from './player-profile';
import { endAllSessions } from './sessions';

/** A change to a player's profile: the values for the audit entry. */
export interface ProfileChange {
  before: PlayerProfile;
  after: PlayerProfile;
  /**
   * Every session of the player was ended: the caller closes their hub connections (the
   * player's `domain` and `id` are in `after`).
   */
  signedOut: boolean;
}

/** A change to a player's own limits: the values for the audit entry, and the player's brand. */
export interface LimitsChange {
  domain: string;
  before: PlayerLimits;
  after: PlayerLimits;
}

export type PlayerNote = PlayerDetail['notes'][number];
export type PlayerLoginAttempt = PlayerDetail['loginAttempts'][number];
export type PlayerSession = PlayerDetail['sessions'][number];

/** The longest note, as the contract allows it. */
export const NOTE_MAX_LENGTH = 2000;

/** What each profile change sets; `$1` is the player, `$2` the value. */
const SETS = {
  bettingLock: 'betting_locked = $2::boolean',
  // Unlocking gives back the status login lock took: a sign-up still waiting for its code
  // waits again, so a lock never verifies a mobile number.
  loginLock: `status = CASE
      WHEN $2::boolean THEN 'disabled'
      WHEN u.status <> 'disabled' THEN u.status
      WHEN EXISTS (SELECT 1 FROM verification_codes c WHERE c.user_id = u.id)
        THEN 'pending_verification'
      ELSE 'active'
    END`,
  passwordReset: 'password_reset_required = $2::boolean',
  maxStake: 'max_stake_minor = $2::bigint',
} as const;

/** Sets one thing on a locked player row; undefined when there is no such player. */
async function change(
  tx: Queryable,
  playerId: string,
  set: keyof typeof SETS,
  value: boolean | number | null,
): Promise<{ before: PlayerProfileRow; after: PlayerProfileRow } | undefined> {
  const before = await readPlayer(tx, playerId, { forUpdate: true });
  if (!before) return undefined;
  const [after] = await tx.query<PlayerProfileRow>(
    `UPDATE users u SET ${SETS[set]} WHERE u.id = $1 RETURNING ${PROFILE_COLUMNS}`,
    [playerId, value],
  );
  if (!after) throw new Error(`player ${playerId} vanished while locked`);
  return { before, after };
}

/**
 * Ends every session of a changed player when `signedOutAt` is given, and announces the change
 * once it commits (so bearer checks read the player again).
 */
async function settle(
  tx: Queryable,
  changed: { before: PlayerProfileRow; after: PlayerProfileRow },
  signedOutAt: Date | null,
): Promise<ProfileChange> {
  const player = { domain: changed.after.domain, id: changed.after.id };
  if (signedOutAt) await endAllSessions(tx, player, signedOutAt);
  else announcePlayerChange(tx, { domain: player.domain, playerId: player.id, signedOut: false });
  const signedOut = signedOutAt !== null;
  return {
    before: toPlayerProfile(changed.before),
    after: toPlayerProfile(changed.after),
    signedOut,
  };
}

/** Locks or unlocks a player's betting: while locked, every bet is refused. Null: no such player. */
export async function setBettingLock(
  tx: Queryable,
  playerId: string,
  locked: boolean,
): Promise<ProfileChange | null> {
  const changed = await change(tx, playerId, 'bettingLock', locked);
  return changed ? settle(tx, changed, null) : null;
}

/**
 * Locks or unlocks a player's login (the account's disabled status). Locking ends every
 * session; unlocking lets the player log in again (their sessions stay ended). Null: no such
 * player.
 */
export async function setLoginLock(
  tx: Queryable,
  playerId: string,
  locked: boolean,
  now: Date = new Date(),
): Promise<ProfileChange | null> {
  const changed = await change(tx, playerId, 'loginLock', locked);
  return changed ? settle(tx, changed, locked ? now : null) : null;
}

/**
 * Makes the player change their password: every session ends, and login is refused (saying
 * why) until a new password is set. Null: no such player.
 */
export async function forcePasswordReset(
  tx: Queryable,
  playerId: string,
  now: Date = new Date(),
): Promise<ProfileChange | null> {
  const changed = await change(tx, playerId, 'passwordReset', true);
  return changed ? settle(tx, changed, now) : null;
}

/**
 * Sets the most one bet of the player may stake (minor units), on top of the brand's limits,
 * or lifts it with null. Null: no such player.
 */
export async function setPlayerMaxStake(
  tx: Queryable,
  playerId: string,
  maxStakeMinor: number | null,
): Promise<LimitsChange | null> {
  if (maxStakeMinor !== null && !(Number.isSafeInteger(maxStakeMinor) && maxStakeMinor > 0)) {
    throw new ApiError(
      'VALIDATION_FAILED',
      `A stake limit is at least ₹${fromMinorUnits(1)}, in whole paise.`,
    );
  }
  const changed = await change(tx, playerId, 'maxStake', maxStakeMinor);
  if (!changed) return null;
  await settle(tx, changed, null);
  return {
    domain: changed.after.domain,
    before: toPlayerLimits(changed.before),
    after: toPlayerLimits(changed.after),
  };
}

interface NoteRow {
  id: string | number;
  created_at: Date;
  operator_name: string;
  text: string;
}

function toNote(row: NoteRow): PlayerNote {
  return {
    id: Number(row.id),
    at: row.created_at.toISOString(),
    operatorName: row.operator_name,
    text: row.text,
  };
}

/**
 * Adds an operator's note to a player (notes are never edited or removed). The operator is
 * named as they are now. Null: no such player.
 */
export async function addPlayerNote(
  tx: Queryable,
  note: { playerId: string; operatorId: string | null; operatorName: string; text: string },
): Promise<PlayerNote | null> {
  // The contract strips markup as the note arrives; so does this, for any other caller.
  const text = stripMarkup(note.text).trim();
  if (text.length === 0 || text.length > NOTE_MAX_LENGTH) {
    throw new ApiError('VALIDATION_FAILED', `A note has 1 to ${NOTE_MAX_LENGTH} characters.`);
  }
  if (!isPlayerId(note.playerId)) return null;
  const [row] = await tx.query<NoteRow>(
    `INSERT INTO player_notes (player_id, operator_id, operator_name, text)
     SELECT u.id, $2, $3, $4 FROM users u WHERE u.id = $1
     RETURNING id, created_at, operator_name, text`,
    [note.playerId, note.operatorId, note.operatorName, text],
  );
  return row ? toNote(row) : null;
}

/** A player's notes, newest first. */
export async function playerNotes(
  db: Queryable,
  playerId: string,
  limit = 200,
): Promise<PlayerNote[]> {
  if (!isPlayerId(playerId)) return [];
  const rows = await db.query<NoteRow>(
    `SELECT id, created_at, operator_name, text FROM player_notes
     WHERE player_id = $1 ORDER BY id DESC LIMIT $2`,
    [playerId, limit],
  );
  return rows.map(toNote);
}

/** A player's latest login attempts, newest first (successes, failures and blocks). */
export async function playerLoginAttempts(
  db: Queryable,
  playerId: string,
  limit: number,
): Promise<PlayerLoginAttempt[]> {
  if (!isPlayerId(playerId)) return [];
  const rows = await db.query<{ created_at: Date; ip: string; browser: string; result: string }>(
    `SELECT created_at, ip, browser, result FROM login_attempts
     WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
    [playerId, limit],
  );
  return rows.map((row) => ({
    at: row.created_at.toISOString(),
    ip: row.ip,
    browser: row.browser,
    result: row.result,
  }));
}

/**
 * A player's live sessions, newest first: each refresh-token family whose current token is
 * neither spent, revoked, expired nor of an ended generation, from its login to when its
 * current token ends.
 */
export async function playerSessions(
  db: Queryable,
  playerId: string,
  now: Date = new Date(),
): Promise<PlayerSession[]> {
  if (!isPlayerId(playerId)) return [];
  const rows = await db.query<{ family_id: string; created_at: Date; expires_at: Date }>(
    `SELECT t.family_id,
       (SELECT min(f.created_at) FROM refresh_tokens f WHERE f.family_id = t.family_id)
         AS created_at,
       t.expires_at
     FROM refresh_tokens t JOIN users u ON u.id = t.user_id
     WHERE t.user_id = $1 AND t.revoked_at IS NULL AND t.rotated_at IS NULL
       AND t.expires_at > $2 AND t.generation = u.token_generation
     ORDER BY created_at DESC, t.family_id`,
    [playerId, now],
  );
  return rows.map((row) => ({
    id: row.family_id,
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
  }));
}
