/**
 * A player's activity log: their logins (and others' failed or blocked attempts at their
 * account), read from the login attempts, and the changes they made to their account, kept in
 * `account_activity` with the address and browser each came from. Other modules record through
 * the account's door (`recordActivity`), in the transaction of the change they make.
 */
import type { AccountActivity } from '@backlay/contract/profile';
import type { Queryable } from '../../db/database';

/** The changes kept in `account_activity`; logins are read from the login attempts. */
export type RecordedActivity = Exclude<AccountActivity, 'LOGIN' | 'LOGIN_FAILED' | 'LOGIN_BLOCKED'>;

/** Where a change came from, as the request's context says (the address respects trusted proxies). */
export interface ActivityOrigin {
  ip: string;
  browser: string;
}

/** Keeps one change to a player's account, in the caller's transaction. */
export async function recordActivity(
  tx: Queryable,
  player: { id: string; domain: string },
  activity: RecordedActivity,
  origin: ActivityOrigin,
  at: Date,
): Promise<void> {
  await tx.query(
    `INSERT INTO account_activity (user_id, domain, activity, ip, browser, created_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [player.id, player.domain, activity, origin.ip, origin.browser, at],
  );
}

export interface ActivityLogPage {
  totalCount: number;
  items: { time: string; activity: string; ip: string; browser: string }[];
}

/**
 * The player's row on their brand: every read below goes through it, so an entry is read only
 * for the player of that brand, and each table is then read by its player index alone.
 */
const OWNER_SQL = '(SELECT id FROM users WHERE id = $1 AND domain = $2)';

/**
 * The newest `$3` entries of both sources, each read newest first along its player index: a
 * page `SkipCount` down needs no more than the first `SkipCount + MaxResultCount` of each. A
 * login attempt's result names its activity; `source` orders entries of one instant the same
 * way on every read.
 */
const NEWEST_SQL = `
  (SELECT created_at, 0 AS source, id, activity, ip, browser FROM account_activity
   WHERE user_id = ${OWNER_SQL} ORDER BY created_at DESC, id DESC LIMIT $3)
  UNION ALL
  (SELECT created_at, 1 AS source, id,
     CASE result WHEN 'Success' THEN 'LOGIN' WHEN 'Failed' THEN 'LOGIN_FAILED'
       ELSE 'LOGIN_BLOCKED' END,
     ip, browser
   FROM login_attempts WHERE user_id = ${OWNER_SQL} ORDER BY created_at DESC, id DESC LIMIT $3)`;

/** One page of a player's activity log, newest first. */
export async function readActivityLog(
  db: Queryable,
  player: { id: string; domain: string },
  page: { MaxResultCount: number; SkipCount: number },
): Promise<ActivityLogPage> {
  const [total] = await db.query<{ n: number }>(
    `SELECT ((SELECT count(*) FROM account_activity WHERE user_id = ${OWNER_SQL})
      + (SELECT count(*) FROM login_attempts WHERE user_id = ${OWNER_SQL}))::int AS n`,
    [player.id, player.domain],
  );
  const rows = await db.query<{ created_at: Date; activity: string; ip: string; browser: string }>(
    `SELECT created_at, activity, ip, browser FROM (${NEWEST_SQL}) log
     ORDER BY created_at DESC, source, id DESC LIMIT $4 OFFSET $5`,
    [
      player.id,
      player.domain,
      page.SkipCount + page.MaxResultCount,
      page.MaxResultCount,
      page.SkipCount,
    ],
  );
  return {
    totalCount: total?.n ?? 0,
    items: rows.map((row) => ({
      time: row.created_at.toISOString(),
      activity: row.activity,
      ip: row.ip,
      browser: row.browser,
    })),
  };
}
