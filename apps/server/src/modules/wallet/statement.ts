/**
 * A player's statement: the movements of their cash account, newest first, each with the
 * balance it left (contract `playerDetailSchema.statement`). Holds for bets are movements of
 * cash too (to exposure and back), so the balance is what the player could use.
 *
 * The balance after each movement is derived, not stored: the account's balance now (the cached
 * sum of its entries, which the entry trigger keeps) less every movement after it, read in one
 * statement so both come from one snapshot. Movements are in the order they were posted to the
 * account (`ledger_entries.seq`), so each row's balance is the next older row's plus its amount.
 * Operators read the latest lines (`playerStatement`); players page through all of them by a
 * cursor that carries the balance where the page before ended (`playerStatementPage`).
 */
import type { PlayerDetail } from '@backlay/contract/admin';
import { fromMinorUnits } from '@backlay/exchange/money';
import type { Queryable } from '../../db/database';
import { CASINO_TRANSFER_CODES, toMinor, type PlayerRef } from './ledger';

export type StatementLine = PlayerDetail['statement'][number];

/** The latest movements of a player's cash account, newest first, with the balance after each. */
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
 * Where a page ends: the number of its oldest entry, and the account's balance just before that
 * entry, so the next page derives its balances from its own rows instead of every newer one.
 */
export interface StatementAnchor {
  seq: string;
  balanceBeforeMinor: number;
}

export interface StatementPageLine {
  transferId: string;
  seq: string;
  at: Date;
  code: string;
  reference: string | null;
  amountMinor: number;
  balanceAfterMinor: number;
}

/**
 * Parameters: $1 domain, $2 owner, $3 book, $4 anchor seq (null: the newest), $5 balance before
 * the anchor, $6 codes (null: all), $7 from, $8 to, $9 rows. The page walks the account's
 * entries down the (account_id, seq) index until it has its rows; the balances then come from
 * the anchor's balance less the entries between it and each row (from the index alone), all in
 * one statement so the account's balance and its entries are one snapshot.
 */
const STATEMENT_PAGE = `
  WITH account AS (
    SELECT a.id,
      CASE WHEN $4::bigint IS NULL THEN a.balance_minor ELSE $5::bigint END AS anchor_balance,
      coalesce($4::bigint, 9223372036854775807) AS anchor_seq
    FROM ledger_accounts a
    WHERE a.domain = $1 AND a.owner_id = $2::uuid AND a.kind = 'player_cash' AND a.book = $3
  ),
  -- The account as scalar subqueries, not a join: the planner then walks the index backwards
  -- and stops at the page's last row, instead of joining every entry of the account first.
  page AS (
    SELECT e.seq, e.amount_minor, t.id, t.created_at, t.code, t.reference
    FROM ledger_entries e
    JOIN ledger_transfers t ON t.id = e.transfer_id
    WHERE e.account_id = (SELECT id FROM account) AND e.seq < (SELECT anchor_seq FROM account)
      AND ($6::text[] IS NULL OR t.code = ANY ($6::text[]))
      AND ($7::timestamptz IS NULL OR t.created_at >= $7::timestamptz)
      AND ($8::timestamptz IS NULL OR t.created_at < $8::timestamptz)
    ORDER BY e.seq DESC
    LIMIT $9
  ),
  running AS (
    SELECT e.seq, (SELECT anchor_balance FROM account) - coalesce(sum(e.amount_minor) OVER (
      ORDER BY e.seq DESC ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING
    ), 0) AS balance_after_minor
    FROM ledger_entries e
    WHERE e.account_id = (SELECT id FROM account) AND e.seq < (SELECT anchor_seq FROM account)
      AND e.seq >= (SELECT min(p.seq) FROM page p)
  )
  SELECT p.id, p.seq::text AS seq, p.created_at, p.code, p.reference, p.amount_minor,
    r.balance_after_minor
  FROM page p JOIN running r ON r.seq = p.seq
  ORDER BY p.seq DESC`;

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
    balance_after_minor: unknown;
  }>(STATEMENT_PAGE, [
    player.domain,
    player.ownerId,
    player.book,
    after?.seq ?? null,
    after?.balanceBeforeMinor ?? null,
    query.codes,
    query.from,
    query.to,
    query.limit,
  ]);
  return rows.map((row) => ({
    transferId: row.id,
    seq: row.seq,
    at: row.created_at,
    code: row.code,
    reference: row.reference,
    amountMinor: toMinor(row.amount_minor),
    balanceAfterMinor: toMinor(row.balance_after_minor),
  }));
}

/** A transfer one of the player's accounts took part in, with every leg; null otherwise. */
export interface PlayerTransfer {
  id: string;
  at: Date;
  code: string;
  reference: string | null;
  /** What it added to or took from the player's cash (0 when the cash did not move). */
  cashMinor: number;
  /** The cash balance just after it; null when the cash did not move. */
  cashAfterMinor: number | null;
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
  )
  SELECT t.id, t.created_at, t.code, t.reference,
    (SELECT json_agg(json_build_object('kind', l.kind, 'mine', l.mine,
      'amount', l.amount_minor::text) ORDER BY l.mine DESC, l.kind) FROM legs l) AS legs,
    (SELECT c.balance_minor - coalesce((SELECT sum(e.amount_minor) FROM ledger_entries e
        WHERE e.account_id = c.id AND e.seq > l.seq), 0)
      FROM legs l JOIN mine c ON c.id = l.account_id AND c.kind = 'player_cash') AS cash_after
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
    cash_after: unknown;
  }>(PLAYER_TRANSFER, [player.domain, player.ownerId, player.book, transferId]);
  const row = rows[0];
  if (!row) return null;
  const legs = row.legs.map((leg) => ({
    kind: leg.kind,
    mine: leg.mine,
    amountMinor: toMinor(leg.amount),
  }));
  const cash = legs.find((leg) => leg.mine && leg.kind === 'player_cash');
  return {
    id: row.id,
    at: row.created_at,
    code: row.code,
    reference: row.reference,
    cashMinor: cash?.amountMinor ?? 0,
    cashAfterMinor: row.cash_after === null ? null : toMinor(row.cash_after),
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
