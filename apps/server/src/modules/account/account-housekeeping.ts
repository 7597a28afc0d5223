/**
 * Keeps the account tables bounded: nothing a caller can make the server store stays for ever.
 * Refresh tokens go a day after they expire (a spent one is kept until then, so its reuse is
 * still caught), login attempts and the activity log's entries after the history a player can
 * read, abandoned sign-ups a day after their code expired, and the development outbox's
 * messages after a day.
 */
import type { Queryable } from '../../db/database';

export const LOGIN_HISTORY_DAYS = 90;
const DAY_MS = 86_400_000;

export interface AccountHousekeeping {
  refreshTokens: number;
  loginAttempts: number;
  /** Activity log entries (account changes) as old as the login attempts that go. */
  activities: number;
  abandonedSignUps: number;
  outboxMessages: number;
}

async function deleted(db: Queryable, sql: string, before: Date): Promise<number> {
  return (await db.query(`${sql} RETURNING 1`, [before])).length;
}

export async function purgeStaleAccountData(
  db: Queryable,
  now: Date,
): Promise<AccountHousekeeping> {
  const dayAgo = new Date(now.getTime() - DAY_MS);
  return {
    refreshTokens: await deleted(db, 'DELETE FROM refresh_tokens WHERE expires_at < $1', dayAgo),
    loginAttempts: await deleted(
      db,
      'DELETE FROM login_attempts WHERE created_at < $1',
      new Date(now.getTime() - LOGIN_HISTORY_DAYS * DAY_MS),
    ),
    // The activity log reads both, so they reach back equally far.
    activities: await deleted(
      db,
      'DELETE FROM account_activity WHERE created_at < $1',
      new Date(now.getTime() - LOGIN_HISTORY_DAYS * DAY_MS),
    ),
    abandonedSignUps: await deleted(
      db,
      `DELETE FROM users u WHERE u.status = 'pending_verification' AND NOT EXISTS (
         SELECT 1 FROM verification_codes c WHERE c.user_id = u.id AND c.expires_at >= $1)`,
      dayAgo,
    ),
    outboxMessages: await deleted(db, 'DELETE FROM sms_outbox WHERE created_at < $1', dayAgo),
  };
}
