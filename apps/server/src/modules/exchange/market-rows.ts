/**
 * The rows the exchange reads about a market: the market with its event and runners, locked
 * for the rest of the transaction when it is about to change (every placement, cancel, lapse and
 * settlement on one market takes that row lock first, so they serialise per market on any number
 * of instances).
 */
import type { MarketStatus, MarketType, SportId } from '@backlay/contract/sports';
import type { Queryable } from '../../db/database';

export interface MarketRow {
  id: string;
  eventId: number;
  eventName: string;
  eventExternalId: string;
  eventStatus: string;
  sportId: SportId;
  name: string;
  type: MarketType;
  status: MarketStatus;
  inPlay: boolean;
  betDelaySeconds: number;
  fillOrKill: boolean;
  suspensions: number;
  line: number | null;
  fairProbabilities: number[] | null;
  winnerRunnerId: number | null;
  runners: { id: number; name: string; sortOrder: number }[];
}

interface RawMarketRow {
  id: string;
  event_id: string;
  event_name: string;
  event_external_id: string;
  event_status: string;
  sport_id: number;
  name: string;
  type: MarketType;
  status: MarketStatus;
  in_play: boolean;
  bet_delay_seconds: number;
  fill_or_kill: boolean;
  suspensions: number;
  line: string | null;
  fair_probabilities: number[] | null;
  winner_runner_id: number | null;
  runners: { id: number; name: string; sortOrder: number }[];
}

/**
 * The suspension reason players are shown, as SQL over a market row `m`: the feed's while the
 * market is suspended, else NULL (a settled market may keep the column from its last hold).
 */
export const SUSPENDED_REASON = `CASE WHEN m.status = 'SUSPENDED' THEN m.suspended_reason END`;

/** A market's columns, with its event's and its runners', over `m` (a market row) and `e`. */
const MARKET_COLUMNS = `m.id, m.event_id, e.title AS event_name, e.external_id AS event_external_id,
    e.status AS event_status, e.sport_id, m.name, m.type, m.status, m.in_play,
    m.bet_delay_seconds, m.fill_or_kill, m.suspensions, m.line, m.fair_probabilities,
    m.winner_runner_id,
    (SELECT coalesce(json_agg(json_build_object('id', r.runner_id, 'name', r.name,
       'sortOrder', r.sort_order) ORDER BY r.sort_order), '[]'::json)
     FROM market_runners r WHERE r.market_id = m.id) AS runners`;

function toMarket(row: RawMarketRow): MarketRow {
  return {
    id: row.id,
    eventId: Number(row.event_id),
    eventName: row.event_name,
    eventExternalId: row.event_external_id,
    eventStatus: row.event_status,
    sportId: row.sport_id as SportId,
    name: row.name,
    type: row.type,
    status: row.status,
    inPlay: row.in_play,
    betDelaySeconds: row.bet_delay_seconds,
    fillOrKill: row.fill_or_kill,
    suspensions: row.suspensions,
    line: row.line === null ? null : Number(row.line),
    fairProbabilities: row.fair_probabilities,
    winnerRunnerId: row.winner_runner_id,
    runners: row.runners,
  };
}

/** A market with its event and runners, or undefined. */
export async function findMarket(db: Queryable, marketId: string): Promise<MarketRow | undefined> {
  const [row] = await db.query<RawMarketRow>(
    `SELECT ${MARKET_COLUMNS}
     FROM markets m JOIN sport_events e ON e.id = m.event_id
     WHERE m.id = $1`,
    [marketId],
  );
  return row && toMarket(row);
}

/** The market row locked and its version bumped: every change to a market's book does this. */
const LOCKING_UPDATE = `UPDATE markets SET version = version + 1 WHERE id = $1 RETURNING *`;

/**
 * Locks a market's row until the transaction ends (bumping its version) and reads it as it then
 * is. Everything that changes the market's book or its players' positions calls this first.
 */
export async function lockMarketRow(
  tx: Queryable,
  marketId: string,
): Promise<MarketRow | undefined> {
  const [row] = await tx.query<RawMarketRow>(
    `WITH locked AS (${LOCKING_UPDATE})
     SELECT ${MARKET_COLUMNS}
     FROM locked m JOIN sport_events e ON e.id = m.event_id`,
    [marketId],
  );
  return row && toMarket(row);
}

/**
 * The statement a placement starts with: lock the market (bumping its version) and read, with
 * it, whatever `reads` selects (SQL expressions over the parameters from $2 on). The reads see
 * the snapshot taken when the statement started; `current` says whether that snapshot already
 * held the market's latest version, i.e. whether the reads can be trusted or must be repeated
 * now that the lock is held.
 */
export function lockAndReadStatement(reads: string): string {
  return `WITH locked AS (${LOCKING_UPDATE})
    SELECT m.version - 1 = (SELECT s.version FROM markets s WHERE s.id = $1) AS current,
      m.version AS locked_version, ${reads}, ${MARKET_COLUMNS}
    FROM locked m JOIN sport_events e ON e.id = m.event_id`;
}

/**
 * lockAndReadStatement for several markets in one statement, on a single writer (the embedded
 * PGlite, which runs one transaction at a time): nothing can change a market between the
 * statement's snapshot and its bump there, so every row is `current`, and the order the rows
 * are locked in cannot matter. `$1` is a JSON array of one record per market, of type
 * `specColumns`, which must include `ord int` (the row's place in the answer) and `market_id
 * text`; `reads` may use the record's columns as `s.<column>` and the market row as `m` (and,
 * in subqueries, every record as `s` and every bumped market row as `locked`).
 */
export function lockAndReadManyStatement(specColumns: string, reads: string): string {
  return `WITH s AS MATERIALIZED (
      SELECT * FROM jsonb_to_recordset($1::jsonb) AS s (${specColumns})),
    locked AS (
      UPDATE markets m SET version = m.version + 1 FROM s WHERE m.id = s.market_id RETURNING m.*)
    SELECT s.ord, true AS current, m.version AS locked_version, ${reads}, ${MARKET_COLUMNS}
    FROM s JOIN locked m ON m.id = s.market_id JOIN sport_events e ON e.id = m.event_id
    ORDER BY s.ord`;
}

export interface LockedRead<Reads> {
  market: MarketRow;
  current: boolean;
  /** The market's version after this transaction's bump (a bigint, as text). */
  lockedVersion: string;
  reads: Reads;
}

/** A row of `lockAndReadStatement` with `Reads` as its reads. */
export type LockedRow<Reads> = RawMarketRow & Reads & { current: boolean; locked_version: string };

/** Splits a row of `lockAndReadStatement` into the market and the reads. */
export function lockedReadOf<Reads>(
  row: LockedRow<Reads> | undefined,
): LockedRead<Reads> | undefined {
  if (!row) return undefined;
  return {
    market: toMarket(row),
    current: row.current,
    lockedVersion: String(row.locked_version),
    reads: row,
  };
}

export type { RawMarketRow };
