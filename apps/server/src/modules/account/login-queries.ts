import type { Queryable } from '../../db/database';
import { blockedForMinutes, throttleWindows, type ThrottleCounts } from './login-throttle';
import type { RefreshTokenRow } from './sessions';
import type { UserRow } from './users';

/*
 * Login's two round trips, one before the password is verified and one after. PGlite runs on
 * the server's main thread, so every statement blocks every other request; the work is done
 * by PL/pgSQL functions (migration 0004), which keep their query plans between calls.
 */

export interface LoginCheck {
  /** Minutes until the caller may try again, or 0 when the attempt may go ahead. */
  blockedForMinutes: number;
  user: UserRow | undefined;
}

type LoginCheckRow = ThrottleCounts & { [K in keyof UserRow]: UserRow[K] | null };

/** The login limits for a caller and the account named, in one round trip. */
export async function checkLogin(
  db: Queryable,
  key: { domain: string; userName: string; ip: string },
  now: Date,
): Promise<LoginCheck> {
  const { failedSince, knownSince } = throttleWindows(now);
  const [row] = await db.query<LoginCheckRow>('SELECT * FROM login_check($1, $2, $3, $4, $5)', [
    key.domain,
    key.userName,
    key.ip,
    failedSince,
    knownSince,
  ]);
  if (!row) throw new Error('login_check returned no row');
  const {
    failed_account_ip,
    failed_ip,
    failed_account,
    oldest_account_ip,
    oldest_ip,
    oldest_account,
    known_address,
    ...user
  } = row;
  return {
    blockedForMinutes: blockedForMinutes(
      {
        failed_account_ip,
        failed_ip,
        failed_account,
        oldest_account_ip,
        oldest_ip,
        oldest_account,
        known_address,
      },
      now,
    ),
    // The user's columns are all null when there is no such user; id never is otherwise.
    user: user.id === null ? undefined : (user as UserRow),
  };
}

/** Stores a successful login's new session and its attempt record, in one round trip. */
export async function recordLoginSuccess(
  db: Queryable,
  session: RefreshTokenRow,
  attempt: { domain: string; userName: string; ip: string; browser: string },
): Promise<void> {
  await db.query('SELECT record_login_success($1, $2, $3, $4, $5, $6, $7, $8, $9)', [
    session.userId,
    session.familyId,
    session.tokenHash,
    session.expiresAt,
    attempt.domain,
    attempt.userName,
    attempt.ip,
    attempt.browser,
    session.createdAt,
  ]);
}
