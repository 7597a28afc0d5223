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

/** The failed attempts that count against a login, as `login_check` (migration 0004) finds them. */
export interface ThrottleCounts {
  failed_account_ip: number;
  failed_ip: number;
  failed_account: number;
  oldest_account_ip: Date | null;
  oldest_ip: Date | null;
  oldest_account: Date | null;
  /** The address has logged in to the account successfully within `knownAddressDays`. */
  known_address: boolean;
}

/** Where the windows start: failed attempts since `failedSince`, known addresses since `knownSince`. */
export function throttleWindows(now: Date): { failedSince: Date; knownSince: Date } {
  return {
    failedSince: new Date(now.getTime() - LOGIN_LIMITS.windowMinutes * 60_000),
    knownSince: new Date(now.getTime() - LOGIN_LIMITS.knownAddressDays * 86_400_000),
  };
}

/** Minutes until the caller may try again, or 0 when the attempt may go ahead. */
export function blockedForMinutes(counts: ThrottleCounts, now: Date): number {
  const minutesLeft = (oldest: Date | null) =>
    oldest
      ? Math.max(
          1,
          Math.ceil(
            (oldest.getTime() + LOGIN_LIMITS.windowMinutes * 60_000 - now.getTime()) / 60_000,
          ),
        )
      : 1;
  if (counts.failed_account_ip >= LOGIN_LIMITS.perAccountAndIp)
    return minutesLeft(counts.oldest_account_ip);
  if (counts.failed_ip >= LOGIN_LIMITS.perIp) return minutesLeft(counts.oldest_ip);
  if (counts.failed_account >= LOGIN_LIMITS.perAccount && !counts.known_address)
    return minutesLeft(counts.oldest_account);
  return 0;
}
