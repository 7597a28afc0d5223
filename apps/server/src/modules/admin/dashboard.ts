/**
 * The dashboard's figures, per brand or across the brands an operator covers: a read-only
 * report over the players', bets', settlements' and ledger's tables (the modules owning them
 * write; this only reads), plus who is online from the hub's presence.
 */
import { fromMinorUnits } from '@backlay/exchange/money';
import type { Dashboard } from '@backlay/contract/admin';
import type { Queryable } from '../../db/database';
import { toMinor } from '../wallet';

interface DayRow {
  day: string;
  sign_ups: number;
  active_players: number;
  turnover_minor: string;
  commission_minor: string;
  ggr_minor: string;
  deposits_minor: string;
  withdrawals_minor: string;
}

/**
 * The last `days` days in UTC, oldest first, for `brands` (null: every brand). Only real money
 * counts: demo players and the market maker's own bets are left out.
 */
export async function dashboardDays(
  db: Queryable,
  brands: string[] | null,
  days: number,
  at: Date,
): Promise<Dashboard['days']> {
  const rows = await db.query<DayRow>(
    `WITH d AS (
       SELECT generate_series(date_trunc('day', $2::timestamptz AT TIME ZONE 'UTC')
         - ($3::int - 1) * interval '1 day', date_trunc('day', $2::timestamptz AT TIME ZONE 'UTC'),
         interval '1 day') AS day
     ), since AS (SELECT min(day) AT TIME ZONE 'UTC' AS at FROM d),
     signups AS (
       SELECT date_trunc('day', created_at AT TIME ZONE 'UTC') AS day, count(*)::int AS n
       FROM users, since
       WHERE NOT is_demo AND created_at >= since.at AND ($1::text[] IS NULL OR domain = ANY ($1))
       GROUP BY 1
     ), bets_by_day AS (
       SELECT date_trunc('day', placed_at AT TIME ZONE 'UTC') AS day,
         count(DISTINCT owner_id)::int AS active, sum(matched_minor) AS turnover
       FROM bets, since
       WHERE book = 'real' AND NOT is_house AND placed_at >= since.at
         AND ($1::text[] IS NULL OR domain = ANY ($1))
       GROUP BY 1
     ), settled AS (
       SELECT date_trunc('day', settled_at AT TIME ZONE 'UTC') AS day,
         sum(commission_minor) AS commission, -sum(profit_minor - commission_minor) AS ggr
       FROM market_settlements, since
       WHERE book = 'real' AND NOT is_house AND settled_at >= since.at
         AND ($1::text[] IS NULL OR domain = ANY ($1))
       GROUP BY 1
     ), money AS (
       -- Deposits credited and withdrawals paid out, on the day finance decided them.
       SELECT date_trunc('day', decided_at AT TIME ZONE 'UTC') AS day,
         sum(coalesce(settled_amount_minor, amount_minor)) FILTER (WHERE kind = 'DEPOSIT') AS deposits,
         sum(amount_minor) FILTER (WHERE kind = 'WITHDRAWAL') AS withdrawals
       FROM payment_requests, since
       WHERE status = 'APPROVED' AND decided_at >= since.at
         AND ($1::text[] IS NULL OR domain = ANY ($1))
       GROUP BY 1
     )
     SELECT to_char(d.day, 'YYYY-MM-DD') AS day, coalesce(s.n, 0) AS sign_ups,
       coalesce(b.active, 0) AS active_players, coalesce(b.turnover, 0)::text AS turnover_minor,
       coalesce(t.commission, 0)::text AS commission_minor, coalesce(t.ggr, 0)::text AS ggr_minor,
       coalesce(m.deposits, 0)::text AS deposits_minor,
       coalesce(m.withdrawals, 0)::text AS withdrawals_minor
     FROM d
     LEFT JOIN signups s ON s.day = d.day
     LEFT JOIN bets_by_day b ON b.day = d.day
     LEFT JOIN settled t ON t.day = d.day
     LEFT JOIN money m ON m.day = d.day
     ORDER BY d.day`,
    [brands, at, days],
  );
  return rows.map((row) => ({
    day: row.day,
    signUps: row.sign_ups,
    activePlayers: row.active_players,
    turnover: fromMinorUnits(toMinor(row.turnover_minor)),
    commission: fromMinorUnits(toMinor(row.commission_minor)),
    ggr: fromMinorUnits(toMinor(row.ggr_minor)),
    deposits: fromMinorUnits(toMinor(row.deposits_minor)),
    withdrawals: fromMinorUnits(toMinor(row.withdrawals_minor)),
  }));
}

/** Real-money exposure held now, and how many real players there are, for `brands`. */
export async function dashboardTotals(db: Queryable, brands: string[] | null) {
  const [row] = await db.query<{ exposure_minor: string; players: number }>(
    `SELECT
       -- Players' holds only: the market maker's own accounts have no user behind them.
       (SELECT coalesce(sum(a.balance_minor), 0) FROM ledger_accounts a
        WHERE a.kind = 'player_exposure' AND a.book = 'real'
          AND EXISTS (SELECT 1 FROM users u WHERE u.id = a.owner_id)
          AND ($1::text[] IS NULL OR a.domain = ANY ($1)))::text AS exposure_minor,
       (SELECT count(*)::int FROM users
        WHERE NOT is_demo AND ($1::text[] IS NULL OR domain = ANY ($1))) AS players`,
    [brands],
  );
  return {
    openExposure: fromMinorUnits(toMinor(row?.exposure_minor ?? 0)),
    players: row?.players ?? 0,
  };
}

/**
 * Deposits and withdrawals waiting for finance now, for `brands`: pending ones, corrected
 * deposits awaiting a second operator and gateway payments under review alike.
 */
export async function dashboardPending(db: Queryable, brands: string[] | null) {
  const rows = await db.query<{ kind: string; n: number; amount_minor: string }>(
    `SELECT kind, count(*)::int AS n, coalesce(sum(amount_minor), 0)::text AS amount_minor
     FROM payment_requests
     WHERE status IN ('PENDING', 'AWAITING_APPROVAL', 'UNDER_REVIEW')
       AND ($1::text[] IS NULL OR domain = ANY ($1))
     GROUP BY kind`,
    [brands],
  );
  const of = (kind: string) => {
    const row = rows.find((r) => r.kind === kind);
    return { count: row?.n ?? 0, amount: fromMinorUnits(toMinor(row?.amount_minor ?? 0)) };
  };
  return { pendingDeposits: of('DEPOSIT'), pendingWithdrawals: of('WITHDRAWAL') };
}

/** The user names of players by id (for the online list). */
export async function userNames(db: Queryable, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.query<{ id: string; user_name: string }>(
    'SELECT id, user_name FROM users WHERE id = ANY ($1::uuid[])',
    [ids],
  );
  return new Map(rows.map((row) => [row.id, row.user_name]));
}
