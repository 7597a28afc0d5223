/**
 * Prices as players see them, read from the resting orders of one money book: what a player can
 * back at is what others lay (resting lay orders, highest price first), what a player can lay at
 * is what others back (resting back orders, lowest price first); sizes are backers' stakes.
 * The ladder's odds and a cash out's best prices are read the same way.
 */
import type { MarketOddsData } from '@backlay/contract/hub';
import { ODDS_DEPTH, type MarketOdds, type PriceSize } from '@backlay/contract/sports';
import type { BestPrice, RunnerBestPrices } from '@backlay/exchange/cash-out';
import { tickToPrice } from '@backlay/exchange/ladder';
import { fromMinorUnits } from '@backlay/exchange/money';
import type { Queryable } from '../../db/database';
import { toMinor, type Book } from '../wallet';
import { SUSPENDED_REASON } from './market-rows';

interface DepthRow {
  market_id: string;
  runner_id: number;
  side: 'BACK' | 'LAY';
  price_tick: number;
  size_minor: string;
}

interface MarketHead {
  id: string;
  status: MarketOdds['status'];
  in_play: boolean;
  suspended_reason: string | null;
  runners: number[];
}

/** What rests at each price of each runner of the markets, in one money book. */
function readDepth(db: Queryable, marketIds: readonly string[], book: Book): Promise<DepthRow[]> {
  return db.query<DepthRow>(
    `SELECT market_id, runner_id, side, price_tick,
       sum(stake_minor - matched_minor - cancelled_minor) AS size_minor
     FROM bets
     WHERE market_id = ANY($1::text[]) AND book = $2
       AND matched_minor + cancelled_minor < stake_minor
     GROUP BY market_id, runner_id, side, price_tick`,
    [[...marketIds], book],
  );
}

/** Best prices of each runner of the markets, up to `depth` a side, in one money book. */
export async function readOdds(
  db: Queryable,
  marketIds: readonly string[],
  book: Book,
  depth: number = ODDS_DEPTH,
): Promise<MarketOdds[]> {
  if (marketIds.length === 0) return [];
  const heads = await db.query<MarketHead>(
    `SELECT m.id, m.status, m.in_play, ${SUSPENDED_REASON} AS suspended_reason,
       ARRAY(SELECT r.runner_id FROM market_runners r WHERE r.market_id = m.id
             ORDER BY r.sort_order) AS runners
     FROM markets m WHERE m.id = ANY($1::text[])`,
    [[...marketIds]],
  );
  const rows = await readDepth(db, marketIds, book);
  const levels = new Map<string, { back: DepthRow[]; lay: DepthRow[] }>();
  for (const row of rows) {
    const key = `${row.market_id}:${row.runner_id}`;
    const entry = levels.get(key) ?? { back: [], lay: [] };
    // A resting lay is a price to back at, and the other way round.
    (row.side === 'LAY' ? entry.back : entry.lay).push(row);
    levels.set(key, entry);
  }
  const toPriceSize = (row: DepthRow): PriceSize => ({
    price: tickToPrice(row.price_tick),
    size: fromMinorUnits(toMinor(row.size_minor)),
  });
  const publishedAt = Date.now();
  const byId = new Map(heads.map((head) => [head.id, head]));
  return marketIds.flatMap((id) => {
    const head = byId.get(id);
    if (!head) return [];
    return [
      {
        marketId: id,
        status: head.status,
        inPlay: head.in_play,
        suspendedReason: head.suspended_reason,
        runners: head.runners.map((runnerId) => {
          const entry = levels.get(`${id}:${runnerId}`) ?? { back: [], lay: [] };
          return {
            runnerId,
            back: entry.back
              .sort((a, b) => b.price_tick - a.price_tick)
              .slice(0, depth)
              .map(toPriceSize),
            lay: entry.lay
              .sort((a, b) => a.price_tick - b.price_tick)
              .slice(0, depth)
              .map(toPriceSize),
          };
        }),
        publishedAt,
      },
    ];
  });
}

/**
 * The best price each runner of a market offers the player on each side, in ticks, with the
 * backer's stake available there: the highest resting lay is the price to back at, the lowest
 * resting back the price to lay at. A side with nothing resting is left out.
 */
export async function readBestPrices(
  db: Queryable,
  marketId: string,
  book: Book,
): Promise<RunnerBestPrices[]> {
  const best = new Map<number, { back?: BestPrice; lay?: BestPrice }>();
  for (const row of await readDepth(db, [marketId], book)) {
    const entry = best.get(row.runner_id) ?? {};
    const level = { priceTick: row.price_tick, availableMinor: toMinor(row.size_minor) };
    if (row.side === 'LAY') {
      if (!entry.back || level.priceTick > entry.back.priceTick) entry.back = level;
    } else if (!entry.lay || level.priceTick < entry.lay.priceTick) {
      entry.lay = level;
    }
    best.set(row.runner_id, entry);
  }
  return [...best].map(([runnerId, sides]) => ({ runnerId, ...sides }));
}

/** The hub's `MarketOdds` data for a market's odds. */
export function toHubOdds(odds: MarketOdds): MarketOddsData {
  return {
    MarketId: odds.marketId,
    Runners: odds.runners.map((runner) => ({
      RunnerId: runner.runnerId,
      Back: runner.back.map((level) => ({ Price: level.price, Size: level.size })),
      Lay: runner.lay.map((level) => ({ Price: level.price, Size: level.size })),
    })),
    PublishedAt: odds.publishedAt,
  };
}
