/**
 * Who settled a market, and every result it had: one row of `market_settlement_runs` for its
 * settlement (or void) and one for each correction, written in the transaction that applied
 * the result. Rows are only ever added; the newest is the result in force.
 */
import type { Queryable } from '../../db/database';

/** Who applies a result: the feed, or an operator of the back office. */
export type Settler =
  | { source: 'feed' }
  | { source: 'operator'; operatorId: string | null; operatorName: string; reason: string };

/** The feed, as a settler. */
export const FEED: Settler = { source: 'feed' };

export type RunKind = 'settle' | 'void' | 'correction';

/** Records that `by` applied `winnerRunnerId` (null: void) as the market's run number `seq`. */
export async function recordSettlementRun(
  tx: Queryable,
  run: { marketId: string; seq: number; winnerRunnerId: number | null; by: Settler },
): Promise<void> {
  const kind: RunKind =
    run.seq > 1 ? 'correction' : run.winnerRunnerId === null ? 'void' : 'settle';
  const operator = run.by.source === 'operator' ? run.by : null;
  await tx.query(
    `INSERT INTO market_settlement_runs (market_id, seq, kind, winner_runner_id, source,
       operator_id, operator_name, reason)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      run.marketId,
      run.seq,
      kind,
      run.winnerRunnerId,
      run.by.source,
      operator?.operatorId ?? null,
      operator?.operatorName ?? null,
      operator?.reason ?? null,
    ],
  );
}

/** The number of the market's newest run (0: never settled). Call it under the market's lock. */
export async function latestRunSeq(tx: Queryable, marketId: string): Promise<number> {
  const [row] = await tx.query<{ seq: number | null }>(
    'SELECT max(seq) AS seq FROM market_settlement_runs WHERE market_id = $1',
    [marketId],
  );
  return row?.seq ?? 0;
}

export interface SettlementRun {
  at: string;
  winnerRunnerId: number | null;
  /** 'feed', or the operator's name. */
  by: string;
  kind: RunKind;
}

/** A market's runs, oldest first. */
export async function readSettlementRuns(
  db: Queryable,
  marketId: string,
): Promise<SettlementRun[]> {
  const rows = await db.query<{
    at: Date;
    winner_runner_id: number | null;
    source: 'feed' | 'operator';
    operator_name: string | null;
    kind: RunKind;
  }>(
    `SELECT at, winner_runner_id, source, operator_name, kind FROM market_settlement_runs
     WHERE market_id = $1 ORDER BY seq`,
    [marketId],
  );
  return rows.map((row) => ({
    at: row.at.toISOString(),
    winnerRunnerId: row.winner_runner_id,
    by: row.source === 'feed' ? 'feed' : (row.operator_name ?? ''),
    kind: row.kind,
  }));
}

/** SQL: who applied the result in force of the market `m` ('feed' or 'operator'), or null. */
export const SETTLED_BY_SQL = `(SELECT r.source FROM market_settlement_runs r
    WHERE r.market_id = m.id ORDER BY r.seq DESC LIMIT 1)`;
