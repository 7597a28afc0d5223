import type { LoginAttemptResult } from '@backlay/contract/account';
import type { Queryable } from '../../db/database';

/**
 * Failed-login limits, all over a sliding window so every lock ends by itself:
 * - one account from one address: a guesser gets a handful of tries;
 * - one address across accounts: stops credential stuffing from one machine;
 * - one account from anywhere: stops a distributed guesser, but never applies to an address
 *   the player has logged in from successfully, so an attacker cannot lock the player out.
 */
export const LOGIN_LIMITS = {
  windowMinutes: 15,
  perAccountAndIp: 5,
  perIp: 30,
  perAccount: 50,
  knownAddressDays: 30,
} as const;

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

/** Minutes until the caller may try again, or 0 when the attempt may go ahead. */
export async function loginBlockedForMinutes(
  db: Queryable,
  key: { domain: string; userName: string; ip: string },
  now: Date,
): Promise<number> {
  const since = new Date(now.getTime() - LOGIN_LIMITS.windowMinutes * 60_000);
  const knownSince = new Date(now.getTime() - LOGIN_LIMITS.knownAddressDays * 86_400_000);
  const [counts] = await db.query<{
    account_ip: number;
    ip: number;
    account: number;
    known_address: boolean;
    oldest_account_ip: Date | null;
    oldest_ip: Date | null;
    oldest_account: Date | null;
  }>(
    `SELECT
       count(*) FILTER (WHERE account AND ip_match)::int AS account_ip,
       count(*) FILTER (WHERE ip_match)::int AS ip,
       count(*) FILTER (WHERE account)::int AS account,
       min(created_at) FILTER (WHERE account AND ip_match) AS oldest_account_ip,
       min(created_at) FILTER (WHERE ip_match) AS oldest_ip,
       min(created_at) FILTER (WHERE account) AS oldest_account,
       EXISTS (
         SELECT 1 FROM login_attempts k
         WHERE k.domain = $1 AND lower(k.user_name) = lower($2) AND k.ip = $3
           AND k.result = 'Success' AND k.created_at >= $5
       ) AS known_address
     FROM (
       SELECT created_at, (domain = $1 AND lower(user_name) = lower($2)) AS account, (ip = $3) AS ip_match
       FROM login_attempts
       WHERE result = 'Failed' AND created_at >= $4
         AND ((domain = $1 AND lower(user_name) = lower($2)) OR ip = $3)
     ) recent`,
    [key.domain, key.userName, key.ip, since, knownSince],
  );
  if (!counts) return 0;
  const minutesLeft = (oldest: Date | null) =>
    oldest
      ? Math.max(
          1,
          Math.ceil(
            (oldest.getTime() + LOGIN_LIMITS.windowMinutes * 60_000 - now.getTime()) / 60_000,
          ),
        )
      : 1;
  if (counts.account_ip >= LOGIN_LIMITS.perAccountAndIp)
    return minutesLeft(counts.oldest_account_ip);
  if (counts.ip >= LOGIN_LIMITS.perIp) return minutesLeft(counts.oldest_ip);
  if (counts.account >= LOGIN_LIMITS.perAccount && !counts.known_address)
    return minutesLeft(counts.oldest_account);
  return 0;
}
