import type { LoginAttemptResult } from '@backlay/contract/account';
import type { Queryable } from '../../db/database';

/**
 * Failed logins are limited by the shared counters of the limits module (per account and
 * address, per address, per account), each reserved before the password is checked and given
 * back when it was right. An address the player has logged in from within this many days is
 * counted apart: its own, more generous count for the account replaces the strict one and the
 * per-account one, so failures from anywhere else cannot lock the player out of it.
 */
export const KNOWN_ADDRESS_DAYS = 30;

export interface AttemptRecord {
  domain: string;
  userName: string;
  userId: string | null;
  ip: string;
  browser: string;
  result: LoginAttemptResult;
  at: Date;
}

export async function recordLoginAttempt(db: Queryable, attempt: AttemptRecord): Promise<void> {
  await db.query(
    `INSERT INTO login_attempts (domain, user_name, user_id, ip, browser, result, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      attempt.domain,
      attempt.userName,
      attempt.userId,
      attempt.ip,
      attempt.browser,
      attempt.result,
      attempt.at,
    ],
  );
}
