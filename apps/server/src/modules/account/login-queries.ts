import type { Queryable } from '../../db/database';
import { KNOWN_ADDRESS_DAYS } from './login-throttle';
import type { RefreshTokenRow } from './sessions';
import type { UserRow } from './users';

/*
 * Login's two round trips, one before the password is verified and one after. PGlite runs on
 * the server's main thread, so every statement blocks every other request; the work is done
 * by PL/pgSQL functions (db/functions/), which keep their query plans between calls.
 */

export interface LoginLookup {
  /** The address has logged in to the account successfully within `KNOWN_ADDRESS_DAYS`. */
  knownAddress: boolean;
  user: UserRow | undefined;
}

type LoginLookupRow = { known_address: boolean } & { [K in keyof UserRow]: UserRow[K] | null };

/** The account a login names and whether the caller's address is known to it, in one round trip. */
export async function lookUpLogin(
  db: Queryable,
  key: { domain: string; userName: string; ip: string },
  now: Date,
): Promise<LoginLookup> {
  const knownSince = new Date(now.getTime() - KNOWN_ADDRESS_DAYS * 86_400_000);
  const [row] = await db.query<LoginLookupRow>('SELECT * FROM login_lookup($1, $2, $3, $4)', [
    key.domain,
    key.userName,
    key.ip,
    knownSince,
  ]);
  if (!row) throw new Error('login_lookup returned no row');
  const { known_address, ...user } = row;
  return {
    knownAddress: known_address,
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
  await db.query('SELECT record_login_success($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)', [
    session.userId,
    session.familyId,
    session.tokenHash,
    session.expiresAt,
    attempt.domain,
    attempt.userName,
    attempt.ip,
    attempt.browser,
    session.createdAt,
    session.generation,
  ]);
}
