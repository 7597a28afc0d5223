/**
 * The bet calls (spec §7): place and cancel, cash out (a quote and its confirmation), open
 * bets, expected profit and loss per runner, bet history and settled profit and loss. Every
 * call acts for the signed-in player only, in the player's money book.
 */
import type { FastifyInstance } from 'fastify';
import type {
  BetHistory,
  ExpectedProfitLoss,
  OpenBets,
  ProfitLoss,
  ProfitLossBet,
} from '@backlay/contract/bets';
import { API_ROUTES } from '@backlay/contract/routes';
import { SPORT_NAMES, type SportId } from '@backlay/contract/sports';
import { fromMinorUnits } from '@backlay/exchange/money';
import { exposureMinor } from '@backlay/exchange/position';
import { ApiError } from '../../http/api-error';
import { defineApiRoute, type Player, type RequestContext } from '../../http/api-route';
import { bookOf, getBalances, toMinor } from '../wallet';
import { BET_SELECT, RESULT_RUNS_SQL, toBet, type BetRow } from './bet-views';
import type { RateLimits } from '../limits';
import type { BetPlacement } from './bet-placement';
import { cashOut, quoteCashOutFor } from './cash-out';
import { cancelBet, type ExchangeDeps } from './placement';
import { loadPosition, profitLossByRunner } from './positions';

function playerOf(context: RequestContext): Player {
  if (!context.player) throw new ApiError('UNAUTHORIZED', 'Please log in.');
  return context.player;
}

/** Open: something unmatched rests, or something matched awaits settlement. */
const OPEN_BET = `(b.matched_minor + b.cancelled_minor < b.stake_minor
  OR (b.matched_minor > 0 AND b.settled_at IS NULL))`;

export function exchangeRoutes(
  app: FastifyInstance,
  deps: ExchangeDeps & {
    placement: BetPlacement;
    /** Bets and cancels per player: a burst allowance, then a steady rate. */
    limits: Pick<RateLimits, 'take'>;
  },
): void {
  const { db } = deps;

  async function walletOf(player: Player) {
    return getBalances(db, { domain: player.domain, ownerId: player.id, book: bookOf(player) });
  }

  // The placement counts the bet against the player's bet limit (bet-placement.ts).
  defineApiRoute(app, API_ROUTES.placeBet, async (input, context) =>
    deps.placement.place(playerOf(context), input),
  );

  defineApiRoute(app, API_ROUTES.cashOutQuote, async (query, context) =>
    quoteCashOutFor(deps, playerOf(context), query),
  );

  // A cash out places bets: it counts against the player's bet limit.
  defineApiRoute(app, API_ROUTES.cashOut, async (input, context) => {
    const player = playerOf(context);
    await deps.limits.take('betsPlayer', player.id);
    return cashOut(deps, player, input);
  });

  defineApiRoute(app, API_ROUTES.cancelBet, async (input, context) => {
    const player = playerOf(context);
    await deps.limits.take('cancelsPlayer', player.id);
    return cancelBet(deps, player, input.betId);
  });

  defineApiRoute(app, API_ROUTES.openBets, async (query, context) => {
    const player = playerOf(context);
    const rows = await db.query<BetRow>(
      `${BET_SELECT}
       WHERE b.owner_id = $1 AND ${OPEN_BET}
         AND ($2::bigint IS NULL OR m.event_id = $2) AND ($3::text IS NULL OR b.market_id = $3)
       ORDER BY b.placed_at DESC, b.id DESC
       LIMIT 500`,
      [player.id, query.eventId ?? null, query.marketId ?? null],
    );
    const wallet = await walletOf(player);
    return {
      openBets: rows.map(toBet),
      balance: fromMinorUnits(wallet.balanceMinor),
      exposure: fromMinorUnits(wallet.exposureMinor),
    } satisfies OpenBets;
  });

  defineApiRoute(app, API_ROUTES.expectedProfitLoss, async (query, context) => {
    const player = playerOf(context);
    const markets = await db.query<{ id: string; event_id: string; runners: number[] }>(
      `SELECT m.id, m.event_id,
         ARRAY(SELECT r.runner_id FROM market_runners r WHERE r.market_id = m.id
               ORDER BY r.sort_order) AS runners
       FROM markets m
       WHERE m.id IN (SELECT b.market_id FROM bets b WHERE b.owner_id = $1 AND ${OPEN_BET})
         AND ($2::bigint IS NULL OR m.event_id = $2) AND ($3::text IS NULL OR m.id = $3)
       ORDER BY m.id`,
      [player.id, query.eventId ?? null, query.marketId ?? null],
    );
    const result: ExpectedProfitLoss = [];
    for (const market of markets) {
      const position = await loadPosition(db, market.id, player.id);
      const pnl = profitLossByRunner(market.runners, position);
      result.push({
        eventId: Number(market.event_id),
        marketId: market.id,
        exposure: fromMinorUnits(
          exposureMinor(market.runners, position.matched, position.unmatched),
        ),
        runners: market.runners.map((runnerId, i) => ({
          runnerId,
          profitLoss: fromMinorUnits(pnl[i] ?? 0),
        })),
      });
    }
    return result;
  });

  defineApiRoute(app, API_ROUTES.betHistory, async (input, context) => {
    const player = playerOf(context);
    const status = {
      ALL: 'true',
      MATCHED: 'b.matched_minor > 0',
      UNMATCHED: 'b.matched_minor + b.cancelled_minor < b.stake_minor',
      SETTLED: 'b.settled_at IS NOT NULL',
      CANCELLED: 'b.matched_minor = 0 AND b.cancelled_minor = b.stake_minor',
    }[input.status];
    const where = `b.owner_id = $1 AND (${status})
      AND ($2::timestamptz IS NULL OR b.placed_at >= $2)
      AND ($3::timestamptz IS NULL OR b.placed_at <= $3)
      AND ($4::int IS NULL OR e.sport_id = $4)`;
    const params = [player.id, input.fromDate ?? null, input.toDate ?? null, input.sportId ?? null];
    const [count] = await db.query<{ n: string }>(
      `SELECT count(*) AS n FROM bets b
       JOIN markets m ON m.id = b.market_id JOIN sport_events e ON e.id = m.event_id
       WHERE ${where}`,
      params,
    );
    const rows = await db.query<BetRow>(
      `${BET_SELECT} WHERE ${where}
       ORDER BY b.placed_at DESC, b.id DESC LIMIT $5 OFFSET $6`,
      [...params, input.MaxResultCount, input.SkipCount],
    );
    return { totalCount: Number(count?.n ?? 0), items: rows.map(toBet) } satisfies BetHistory;
  });

  defineApiRoute(app, API_ROUTES.profitLoss, async (input, context) => {
    const player = playerOf(context);
    const where = `s.owner_id = $1
      AND ($2::timestamptz IS NULL OR s.settled_at >= $2)
      AND ($3::timestamptz IS NULL OR s.settled_at <= $3)
      AND ($4::int IS NULL OR e.sport_id = $4)`;
    const params = [player.id, input.fromDate ?? null, input.toDate ?? null, input.sportId ?? null];
    const from = `FROM market_settlements s
      JOIN markets m ON m.id = s.market_id JOIN sport_events e ON e.id = m.event_id`;
    const [totals] = await db.query<{ n: string; profit: string; commission: string }>(
      `SELECT count(*) AS n, coalesce(sum(s.profit_minor), 0) AS profit,
         coalesce(sum(s.commission_minor), 0) AS commission
       ${from} WHERE ${where}`,
      params,
    );
    const rows = await db.query<{
      event_id: string;
      event_name: string;
      sport_id: SportId;
      market_id: string;
      market_name: string;
      market_type: string;
      market_line: string | null;
      result: string | null;
      result_runs: string | null;
      settled_at: Date;
      profit_minor: string;
      commission_minor: string;
    }>(
      `SELECT m.event_id, e.title AS event_name, e.sport_id, m.id AS market_id,
         m.name AS market_name, m.type AS market_type, m.line AS market_line,
         (SELECT r.name FROM market_runners r
          WHERE r.market_id = m.id AND r.runner_id = m.winner_runner_id) AS result,
         ${RESULT_RUNS_SQL} AS result_runs,
         s.settled_at, s.profit_minor, s.commission_minor
       ${from} WHERE ${where}
       ORDER BY s.settled_at DESC, m.id LIMIT $5 OFFSET $6`,
      [...params, input.MaxResultCount, input.SkipCount],
    );
    const profit = toMinor(totals?.profit ?? 0);
    const commission = toMinor(totals?.commission ?? 0);
    // The page's markets' matched bets, in one query: each line says what was bet on it.
    const bets = new Map<string, ProfitLossBet[]>();
    if (rows.length > 0) {
      const betRows = await db.query<BetRow>(
        `${BET_SELECT} WHERE b.owner_id = $1 AND b.market_id = ANY ($2::text[])
           AND b.matched_minor > 0
         ORDER BY b.placed_at, b.id`,
        [player.id, rows.map((row) => row.market_id)],
      );
      for (const bet of betRows.map(toBet)) {
        const line = bets.get(bet.marketId) ?? [];
        line.push({
          id: bet.id,
          runnerName: bet.runnerName,
          side: bet.side,
          averagePrice: bet.averagePrice,
          matchedStake: bet.matchedStake,
          profitLoss: bet.profitLoss,
        });
        bets.set(bet.marketId, line);
      }
    }
    return {
      totalCount: Number(totals?.n ?? 0),
      items: rows.map((row) => {
        const p = toMinor(row.profit_minor);
        const c = toMinor(row.commission_minor);
        return {
          eventId: Number(row.event_id),
          eventName: row.event_name,
          sportId: row.sport_id,
          sportName: SPORT_NAMES[row.sport_id],
          marketId: row.market_id,
          marketName: row.market_name,
          marketType: row.market_type,
          line: row.market_line === null ? null : Number(row.market_line),
          result: row.result ?? 'Void',
          resultRuns: row.result_runs === null ? null : Number(row.result_runs),
          settledAt: row.settled_at.toISOString(),
          profitLoss: fromMinorUnits(p),
          commission: fromMinorUnits(c),
          net: fromMinorUnits(p - c),
          bets: bets.get(row.market_id) ?? [],
        };
      }),
      total: {
        profitLoss: fromMinorUnits(profit),
        commission: fromMinorUnits(commission),
        net: fromMinorUnits(profit - commission),
      },
    } satisfies ProfitLoss;
  });
}
