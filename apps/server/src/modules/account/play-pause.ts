/**
 * A player's own break from play (a time-out or self-exclusion), as the account keeps it: until
 * it ends, login is refused with the reason, the bearer check refuses their tokens and every
 * session is already over. The responsible-gambling module decides the break; this is the door
 * it writes through. Also the flag that sends a player's bets through their loss-limit check.
 */
import type { Queryable } from '../../db/database';
import { announcePlayerChange } from './player-changes';
import { endAllSessions } from './sessions';
import type { PlayPauseKind, UserRow } from './users';

export type { PlayPauseKind } from './users';

const IST = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** A moment as players on Indian brands read it: `25 Dec 2026, 14:30 IST`. */
export function istTime(at: Date): string {
  return `${IST.format(at)} IST`;
}

/** The break in force on a user at `now`, if any. */
export function pauseInForce(
  user: Pick<UserRow, 'play_paused_until' | 'play_pause_kind'>,
  now: Date,
): { kind: PlayPauseKind; until: Date } | null {
  if (!user.play_paused_until || !user.play_pause_kind) return null;
  return user.play_paused_until > now
    ? { kind: user.play_pause_kind, until: user.play_paused_until }
    : null;
}

/** What login says to a player on a break (only once their password was right). */
export function pausedLoginMessage(pause: { kind: PlayPauseKind; until: Date }): string {
  return pause.kind === 'SELF_EXCLUSION'
    ? `You excluded yourself from this site until ${istTime(pause.until)}. Your account cannot be used until then.`
    : `You are taking a break until ${istTime(pause.until)}. You can log in again after that.`;
}

/**
 * Starts a break in the caller's transaction: the user row says until when, every session ends,
 * and once committed the player's hub connections close and cached reads of them are dropped.
 */
export async function pausePlay(
  tx: Queryable,
  player: { domain: string; id: string },
  pause: { kind: PlayPauseKind; until: Date; now: Date },
): Promise<void> {
  await tx.query(
    'UPDATE users SET play_paused_until = $2, play_pause_kind = $3 WHERE id = $1 AND domain = $4',
    [player.id, pause.until, pause.kind, player.domain],
  );
  // Their tokens stay ended after the break, as after a login lock.
  await endAllSessions(tx, player, pause.now);
}

/** Marks whether the player's bets take the loss-limit check, in the caller's transaction. */
export async function setLossLimited(
  tx: Queryable,
  player: { domain: string; id: string },
  lossLimited: boolean,
): Promise<void> {
  const changed = await tx.query(
    'UPDATE users SET loss_limited = $2 WHERE id = $1 AND loss_limited <> $2 RETURNING id',
    [player.id, lossLimited],
  );
  if (changed.length > 0) {
    announcePlayerChange(tx, { domain: player.domain, playerId: player.id, signedOut: false });
  }
}

/**
 * Whether a mobile number belongs to a self-excluded account of the brand: sign-up with it is
 * refused until the exclusion ends, so a new account cannot get round it.
 */
export async function mobileSelfExcluded(
  db: Queryable,
  domain: string,
  mobile: string,
  now: Date,
): Promise<boolean> {
  const [row] = await db.query(
    `SELECT 1 FROM users WHERE domain = $1 AND mobile = $2
       AND play_pause_kind = 'SELF_EXCLUSION' AND play_paused_until > $3 LIMIT 1`,
    [domain, mobile, now],
  );
  return row !== undefined;
}
