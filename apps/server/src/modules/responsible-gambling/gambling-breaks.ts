/**
 * A player's break from play: a time-out (a day to six weeks) or self-exclusion (six months to
 * five years). Confirmed with the password, effective at once across the brand (every session
 * ends, login and sign-up with the same mobile number are refused) and never lifted early.
 */
import {
  breakEnd,
  type BreakPeriod,
  type GamblingBreak,
} from '@backlay/contract/responsible-gambling';
import type { Database, Queryable } from '../../db/database';
import { ApiError } from '../../http/api-error';
import type { Player } from '../../http/api-route';
import {
  findUserById,
  pausePlay,
  recordActivity,
  verifyPassword,
  type ActivityOrigin,
  type PlayPauseKind,
} from '../account';

export const BREAK_MESSAGES = {
  demo: 'Demo accounts play with play money: there is nothing to take a break from.',
  passwordWrong: 'The password is not correct.',
} as const;

/** Starts a break once the password is right; answers until when. */
export async function takeBreak(
  db: Database,
  player: Player,
  request: { kind: PlayPauseKind; period: BreakPeriod; password: string },
  now: Date,
  origin: ActivityOrigin,
): Promise<GamblingBreak> {
  if (player.demo) throw new ApiError('FORBIDDEN', BREAK_MESSAGES.demo);
  const user = await findUserById(db, player.domain, player.id);
  if (!user) throw new Error('an authenticated player has no user row');
  if (!(await verifyPassword(user.password_hash, request.password))) {
    throw new ApiError('VALIDATION_FAILED', BREAK_MESSAGES.passwordWrong);
  }
  const until = breakEnd(request.period, now);
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO gambling_breaks (user_id, kind, period, starts_at, ends_at)
       VALUES ($1, $2, $3, $4, $5)`,
      [player.id, request.kind, request.period, now, until],
    );
    await pausePlay(tx, player, { kind: request.kind, until, now });
    await recordActivity(tx, player, request.kind, origin, now);
  });
  return { kind: request.kind, until: until.toISOString() };
}

export interface BreakRecord {
  kind: PlayPauseKind;
  period: string;
  startsAt: Date;
  endsAt: Date;
}

/** The player's breaks, newest first. */
export async function playerBreaks(
  db: Queryable,
  userId: string,
  count: number,
): Promise<BreakRecord[]> {
  const rows = await db.query<{
    kind: PlayPauseKind;
    period: string;
    starts_at: Date;
    ends_at: Date;
  }>(
    `SELECT kind, period, starts_at, ends_at FROM gambling_breaks WHERE user_id = $1
     ORDER BY starts_at DESC, id DESC LIMIT $2`,
    [userId, count],
  );
  return rows.map((row) => ({
    kind: row.kind,
    period: row.period,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
  }));
}
