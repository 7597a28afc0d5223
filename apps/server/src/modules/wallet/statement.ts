/**
 * A player's statement: every movement of their balance, newest first, each with the balance it
 * left. The balance is the header's, cash + exposure (`ledger.ts`), so a bet's hold or release
 * (cash ↔ exposure) moves it by nothing, a settlement by exactly the market's result (the release
 * of its hold and the win or loss are one transfer), and a withdrawal asked for by its amount.
 * Each line also says what the movement did to the cash (available) and to the exposure, so a
 * hold still reads as money set aside.
 *
 * The balance after each movement is derived, not stored: the accounts' balance now (the cached
 * sums of their entries, which the entry trigger keeps) less every movement after it, read in one
 * statement so both come from one snapshot. Movements are in the order they were posted
 * (`ledger_entries.seq`); a transfer's entries are written by one statement under the player's
 * locks, so no other transfer of theirs falls between them. Operators read the latest lines
 * (`playerStatement`); players page through all of them by a cursor that carries the balance and
 * the available amount where the page before ended (`playerStatementPage`).
 */
import type { PlayerDetail } from '@backlay/contract/admin';
import { fromMinorUnits } from '@backlay/exchange/money';
import type { Queryable } from '../../db/database';
import { CASINO_TRANSFER_CODES, toMinor, type PlayerRef } from './ledger';

export type StatementLine = PlayerDetail['statement'][number];

/** The latest movements of a player's balance, newest first, with the balance after each. */
export async function playerStatement(
  db: Queryable,
  player: PlayerRef,
  limit: number,
): Promise<StatementLine[]> {
  const lines = await playerStatementPage(db, {
    player,
    codes: null,
    from: null,
    to: null,
    after: null,
    limit,
  });
  return lines.map((line) => ({
    transferId: line.transferId,
    at: line.at.toISOString(),
    code: line.code,
    reference: line.reference,
    amount: fromMinorUnits(line.amountMinor),
    balanceAfter: fromMinorUnits(line.balanceAfterMinor),
  }));
}

/** A page of a player's own statement (`Transaction/GetHistory`), newest first. */
export interface StatementPageQuery {
  player: PlayerRef;
  /** Only movements with these transfer codes; null: every movement. */
  codes: readonly string[] | null;
  /** Movements at or after `from` and before `to`; null: unbounded. */
  from: Date | null;
  to: Date | null;
  /** Where the page before ended; null for the first page. */
  after: StatementAnchor | null;
  limit: number;
}

/**
 * Where a page ends: the number of its oldest entry, and the balance and the available amount
 * (cash) just before that entry, so the next page derives its figures from its own rows instead
 * of every newer one.
 */
export interface StatementAnchor {
  seq: string;
  balanceBeforeMinor: number;
  availableBeforeMinor: number;
}

export interface StatementPageLine {
  transferId: string;
  /** The number of the movement's oldest entry on the player's accounts (where a page ends). */
  seq: string;
  at: Date;
  code: string;
  reference: string | null;
  /** What it did to the balance (cash + exposure): nothing for a hold or a release. */
  amountMinor: number;
  /** What it did to the cash, the available amount. */
  cashMinor: number;
  /** What it did to the exposure: a hold adds, a release or a settlement takes away. */
  exposureMinor: number;
  balanceAfterMinor: number;
  availableAfterMinor: number;
}

/**
 * Parameters: $1 domain, $2 owner, $3 book, $4 anchor seq (null: the newest), $5 balance and $6
 * available before the anchor, $7 codes (null: all), $8 from, $9 to, $10 rows. The page walks
 * each account's entries down the (account_id, seq) index until it has its rows (a transfer has
 * at most one entry per account, so the newest N transfers have all their entries among each
 * account's newest N), groups them by transfer and keeps the newest N. The figures then come from
 * the anchor's less the entries between it and each row (from the index alone), all in one
 * statement so the accounts' balances and their entries are one snapshot.
 */
const STATEMENT_PAGE = `
  WITH account AS (
    SELECT
      max(a.id::text) FILTER (WHERE a.kind = 'player_cash')::uuid AS cash_id,
      max(a.id::text) FILTER (WHERE a.kind = 'player_exposure')::uuid AS exposure_id,
      CASE WHEN $4::bigint IS NULL THEN coalesce(sum(a.balance_minor), 0) ELSE $5::bigint END
        AS anchor_balance,
      CASE WHEN $4::bigint IS NULL
        THEN coalesce(sum(a.balance_minor) FILTER (WHERE a.kind = 'player_cash'), 0)
        ELSE $6::bigint END AS anchor_available,
      coalesce($4::bigint, 9223372036854775807) AS anchor_seq
    FROM ledger_accounts a
    WHERE a.domain = $1 AND a.owner_id = $2::uuid AND a.book = $3
      AND a.kind IN ('player_cash', 'player_exposure')
  ),
  -- Each account as a scalar subquery, not a join: the planner then walks its index backwards
  -- and stops at the page's last row, instead of joining every entry of the account first.
  entries AS (
    (SELECT e.seq, e.transfer_id, e.amount_minor, true AS cash
     FROM ledger_entries e
     JOIN ledger_transfers t ON t.id = e.transfer_id
     WHERE e.account_id = (SELECT cash_id FROM account)
       AND e.seq < (SELECT anchor_seq FROM account)
       AND ($7::text[] IS NULL OR t.code = ANY ($7::text[]))
       AND ($8::timestamptz IS NULL OR t.created_at >= $8::timestamptz)
       AND ($9::timestamptz IS NULL OR t.created_at < $9::timestamptz)
     ORDER BY e.seq DESC
     LIMIT $10)
    UNION ALL
    (SELECT e.seq, e.transfer_id, e.amount_minor, false AS cash
     FROM ledger_entries e
     JOIN ledger_transfers t ON t.id = e.transfer_id
     WHERE e.account_id = (SELECT exposure_id FROM account)
       AND e.seq < (SELECT anchor_seq FROM account)
       AND ($7::text[] IS NULL OR t.code = ANY ($7::text[]))
       AND ($8::timestamptz IS NULL OR t.created_at >= $8::timestamptz)
       AND ($9::timestamptz IS NULL OR t.created_at < $9::timestamptz)
     ORDER BY e.seq DESC
     LIMIT $10)
  ),
  page AS (
    SELECT x.transfer_id, max(x.seq) AS last_seq, min(x.seq) AS first_seq,
      sum(x.amount_minor) AS amount_minor,
      coalesce(sum(x.amount_minor) FILTER (WHERE x.cash), 0) AS cash_minor
    FROM entries x
    GROUP BY x.transfer_id
    ORDER BY max(x.seq) DESC
    LIMIT $10
  ),
  running AS (
    SELECT e.seq,
      (SELECT anchor_balance FROM account) - coalesce(sum(e.amount_minor) OVER newer, 0)
        AS balance_after_minor,
      (SELECT anchor_available FROM account)
        - coalesce(sum(e.amount_minor) FILTER (WHERE e.account_id = (SELECT cash_id FROM account))
          OVER newer, 0) AS available_after_minor
    FROM ledger_entries e
    WHERE e.account_id IN ((SELECT cash_id FROM account), (SELECT exposure_id FROM account))
      AND e.seq < (SELECT anchor_seq FROM account)
      AND e.seq >= (SELECT min(p.first_seq) FROM page p)
    WINDOW newer AS (ORDER BY e.seq DESC ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING)
  )
  SELECT t.id, p.first_seq::text AS seq, t.created_at, t.code, t.reference, p.amount_minor,
    p.cash_minor, r.balance_after_minor, r.available_after_minor
  FROM page p
  JOIN running r ON r.seq = p.last_seq
  JOIN ledger_transfers t ON t.id = p.transfer_id
  ORDER BY p.last_seq DESC`;

/** One page of a player's statement, newest first, with the balance after each movement. */
export async function playerStatementPage(
  db: Queryable,
  query: StatementPageQuery,
): Promise<StatementPageLine[]> {
  const { player, after } = query;
  const rows = await db.query<{
    id: string;
    seq: string;
    created_at: Date;
    code: string;
    reference: string | null;
    amount_minor: unknown;
    cash_minor: unknown;
    balance_after_minor: unknown;
    available_after_minor: unknown;
  }>(STATEMENT_PAGE, [
    player.domain,
    player.ownerId,
    player.book,
    after?.seq ?? null,
    after?.balanceBeforeMinor ?? null,
    after?.availableBeforeMinor ?? null,
    query.codes,
    query.from,
    query.to,
    query.limit,
  ]);
  return rows.map((row) => {
    const amountMinor = toMinor(row.amount_minor);
    const cashMinor = toMinor(row.cash_minor);
    return {
      transferId: row.id,
      seq: row.seq,
      at: row.created_at,
      code: row.code,
      reference: row.reference,
      amountMinor,
      cashMinor,
      exposureMinor: amountMinor - cashMinor,
      balanceAfterMinor: toMinor(row.balance_after_minor),
      availableAfterMinor: toMinor(row.available_after_minor),
    };
  });
}

/** A transfer one of the player's accounts took part in, with every leg; null otherwise. */
export interface PlayerTransfer {
  id: string;
  at: Date;
  code: string;
  reference: string | null;
  /** What it added to or took from the player's balance, cash + exposure (0: neither moved). */
  amountMinor: number;
  /** What it added to or took from the player's cash (0 when the cash did not move). */
  cashMinor: number;
  /** The balance (cash + exposure) just after it; null when neither moved. */
  balanceAfterMinor: number | null;
  /** The cash (available) just after it; null when neither cash nor exposure moved. */
  availableAfterMinor: number | null;
  legs: { kind: string; mine: boolean; amountMinor: number }[];
}

const PLAYER_TRANSFER = `
  WITH mine AS (
    SELECT a.id, a.kind, a.balance_minor FROM ledger_accounts a
    WHERE a.domain = $1 AND a.owner_id = $2::uuid AND a.book = $3
  ),
  legs AS (
    SELECT e.account_id, e.seq, e.amount_minor, a.kind, (m.id IS NOT NULL) AS mine
    FROM ledger_entries e
    JOIN ledger_accounts a ON a.id = e.account_id
    LEFT JOIN mine m ON m.id = e.account_id
    WHERE e.transfer_id = $4::uuid
  ),
  held AS (
    SELECT l.seq, l.amount_minor FROM legs l
    WHERE l.mine AND l.kind IN ('player_cash', 'player_exposure')
  )
  SELECT t.id, t.created_at, t.code, t.reference,
    (SELECT json_agg(json_build_object('kind', l.kind, 'mine', l.mine,
      'amount', l.amount_minor::text) ORDER BY l.mine DESC, l.kind) FROM legs l) AS legs,
    CASE WHEN EXISTS (SELECT 1 FROM held) THEN
      (SELECT sum(c.balance_minor) FROM mine c WHERE c.kind IN ('player_cash', 'player_exposure'))
      - coalesce((SELECT sum(e.amount_minor) FROM ledger_entries e
          JOIN mine c ON c.id = e.account_id AND c.kind IN ('player_cash', 'player_exposure')
          WHERE e.seq > (SELECT max(h.seq) FROM held h)), 0)
    END AS balance_after,
    CASE WHEN EXISTS (SELECT 1 FROM held) THEN
      (SELECT sum(c.balance_minor) FROM mine c WHERE c.kind = 'player_cash')
      - coalesce((SELECT sum(e.amount_minor) FROM ledger_entries e
          JOIN mine c ON c.id = e.account_id AND c.kind = 'player_cash'
          WHERE e.seq > (SELECT max(h.seq) FROM held h)), 0)
    END AS available_after
  FROM ledger_transfers t
  WHERE t.id = $4::uuid AND t.domain = $1 AND t.book = $3
    AND EXISTS (SELECT 1 FROM legs WHERE mine)`;

/** A transfer of the player's, with its legs; null when it is not theirs (or does not exist). */
export async function playerTransfer(
  db: Queryable,
  player: PlayerRef,
  transferId: string,
): Promise<PlayerTransfer | null> {
  const rows = await db.query<{
    id: string;
    created_at: Date;
    code: string;
    reference: string | null;
    legs: { kind: string; mine: boolean; amount: string }[];
    balance_after: unknown;
    available_after: unknown;
  }>(PLAYER_TRANSFER, [player.domain, player.ownerId, player.book, transferId]);
  const row = rows[0];
  if (!row) return null;
  const legs = row.legs.map((leg) => ({
    kind: leg.kind,
    mine: leg.mine,
    amountMinor: toMinor(leg.amount),
  }));
  const moved = (kind: string) =>
    legs.find((leg) => leg.mine && leg.kind === kind)?.amountMinor ?? 0;
  const cashMinor = moved('player_cash');
  return {
    id: row.id,
    at: row.created_at,
    code: row.code,
    reference: row.reference,
    amountMinor: cashMinor + moved('player_exposure'),
    cashMinor,
    balanceAfterMinor: row.balance_after === null ? null : toMinor(row.balance_after),
    availableAfterMinor: row.available_after === null ? null : toMinor(row.available_after),
    legs,
  };
}

/**
 * What casino play (its bets, wins and refunds) did to a player's cash since a time, in minor
 * units: negative, they lost. The responsible-gambling limits count it with settled bets. Found
 * through the partial index of casino entries (`reference LIKE 'casino:%'`, migration 0025),
 * so a player who never played costs one index probe however long their history.
 */
export async function casinoResultSince(
  db: Queryable,
  player: PlayerRef,
  since: Date,
): Promise<number> {
  const [row] = await db.query<{ moved_minor: unknown }>(
    `SELECT coalesce(sum(e.amount_minor), 0) AS moved_minor
     FROM ledger_accounts a
     JOIN ledger_entries e ON e.account_id = a.id AND e.reference LIKE 'casino:%'
     JOIN ledger_transfers t ON t.id = e.transfer_id
     WHERE a.domain = $1 AND a.owner_id = $2 AND a.book = $3 AND a.kind = 'player_cash'
       AND t.code = ANY ($4::text[]) AND t.created_at >= $5`,
    [player.domain, player.ownerId, player.book, [...CASINO_TRANSFER_CODES], since],
  );
  return toMinor(row?.moved_minor ?? 0);
}
