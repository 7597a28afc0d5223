/**
 * Bets as the player sees them (contract `betSchema`): read with their market, event and runner
 * names, amounts in rupees, and a status derived from what is matched, resting, cancelled,
 * lapsed or settled.
 */
import type { Bet, BetStatus } from '@backlay/contract/bets';
import { tickToPrice, tickToPriceHundredths } from '@backlay/exchange/ladder';
import { fromMinorUnits } from '@backlay/exchange/money';
import { toMinor } from '../wallet';

export interface BetRow {
  id: string;
  market_id: string;
  market_name: string;
  market_type: string;
  market_line: string | null;
  market_status: string;
  winner_runner_id: number | null;
  event_id: string;
  event_name: string;
  event_external_id: string;
  sport_id: number;
  runner_id: number;
  runner_name: string;
  side: 'BACK' | 'LAY';
  price_tick: number;
  stake_minor: string;
  matched_minor: string;
  cancelled_minor: string;
  matched_value: string;
  lapsed: boolean;
  keep_in_play: boolean;
  placed_at: Date;
  profit_minor: string | null;
  settled_at: Date | null;
  result_runs: string | null;
}

/**
 * SQL: a settled fancy market's session run count, where the settled values of its family
 * (the session's markets, one per run value, all named as it) bracket it: Yes won at V and No
 * at V + 1 says the count was V. Null for other markets, and where no such pair was quoted.
 * Yes is a fancy market's first runner (the feed numbers runners from 1, in order).
 */
export const RESULT_RUNS_SQL = `CASE WHEN m.type = 'FANCY' AND m.status = 'SETTLED'
    AND m.winner_runner_id IS NOT NULL THEN (
    SELECT CASE WHEN max(f.line) FILTER (WHERE w.sort_order = 1) + 1
        = min(f.line) FILTER (WHERE w.sort_order <> 1)
      THEN max(f.line) FILTER (WHERE w.sort_order = 1) + 0.5 END
    FROM markets f
    JOIN market_runners w ON w.market_id = f.id AND w.runner_id = f.winner_runner_id
    WHERE f.event_id = m.event_id AND f.type = 'FANCY' AND f.name = m.name
      AND f.status = 'SETTLED') END`;

/** A bet's columns, with its market's, event's and runner's, over `BET_SOURCES`. */
export const BET_COLUMNS = `b.id, b.market_id, m.name AS market_name, m.type AS market_type,
    m.line AS market_line, m.status AS market_status, m.winner_runner_id, m.event_id,
    e.title AS event_name, e.external_id AS event_external_id,
    e.sport_id, b.runner_id, r.name AS runner_name, b.side, b.price_tick, b.stake_minor,
    b.matched_minor, b.cancelled_minor, b.matched_value, b.lapsed, b.keep_in_play, b.placed_at,
    b.profit_minor, b.settled_at, ${RESULT_RUNS_SQL} AS result_runs`;

/** Where a bet's columns come from: the bet, its market, event and runner. */
export const BET_SOURCES = `bets b
  JOIN markets m ON m.id = b.market_id
  JOIN sport_events e ON e.id = m.event_id
  JOIN market_runners r ON r.market_id = b.market_id AND r.runner_id = b.runner_id`;

/** Bets as `toBet` reads them; callers add their WHERE and ORDER BY. */
export const BET_SELECT = `SELECT ${BET_COLUMNS} FROM ${BET_SOURCES}`;

/** A player's wallet on the wire, from their cash and exposure accounts. */
export function walletFigures(cashMinor: number, exposureMinor: number) {
  return {
    balance: fromMinorUnits(cashMinor + exposureMinor),
    exposure: fromMinorUnits(exposureMinor),
    available: fromMinorUnits(cashMinor),
  };
}

function statusOf(row: BetRow, matched: number, remaining: number): BetStatus {
  if (row.settled_at !== null && matched > 0) {
    return row.market_status === 'SETTLED' && row.winner_runner_id === null ? 'VOID' : 'SETTLED';
  }
  if (remaining > 0) return matched > 0 ? 'PARTIALLY_MATCHED' : 'UNMATCHED';
  if (matched > 0) return 'MATCHED';
  return row.lapsed ? 'LAPSED' : 'CANCELLED';
}

export function toBet(row: BetRow): Bet {
  const stake = toMinor(row.stake_minor);
  const matched = toMinor(row.matched_minor);
  const cancelled = toMinor(row.cancelled_minor);
  const value = toMinor(row.matched_value);
  const remaining = stake - matched - cancelled;
  const priceHundredths = tickToPriceHundredths(row.price_tick);
  // A lay risks the backer's winnings: its matched part at the prices it got, its rest at its own.
  const liability =
    row.side === 'BACK'
      ? matched + remaining
      : Math.floor((value - matched * 100) / 100) +
        Math.floor((remaining * (priceHundredths - 100)) / 100);
  return {
    id: Number(row.id),
    eventId: Number(row.event_id),
    eventName: row.event_name,
    eventExternalId: row.event_external_id,
    sportId: row.sport_id,
    marketId: row.market_id,
    marketName: row.market_name,
    marketType: row.market_type,
    line: row.market_line === null ? null : Number(row.market_line),
    runnerId: row.runner_id,
    runnerName: row.runner_name,
    side: row.side,
    price: tickToPrice(row.price_tick),
    stake: fromMinorUnits(stake),
    matchedStake: fromMinorUnits(matched),
    averagePrice: matched > 0 ? Math.round(value / matched) / 100 : null,
    unmatchedStake: fromMinorUnits(remaining),
    cancelledStake: fromMinorUnits(cancelled),
    status: statusOf(row, matched, remaining),
    liability: fromMinorUnits(row.settled_at === null ? liability : 0),
    profitLoss: row.profit_minor === null ? null : fromMinorUnits(toMinor(row.profit_minor)),
    resultRuns: row.result_runs === null ? null : Number(row.result_runs),
    keepInPlay: row.keep_in_play,
    placedAt: row.placed_at.toISOString(),
    settledAt: row.settled_at?.toISOString() ?? null,
  };
}
