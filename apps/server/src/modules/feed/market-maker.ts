/**
 * The market maker: liquidity around the feed's fair prices, as real orders of a house owner in
 * the same books players trade against. It has its own ledger accounts (domain
 * MARKET_MAKER_DOMAIN, one owner per money book), funded from that domain's house account, so
 * its exposure is held and its wins and losses are settled like anybody's.
 *
 * A requote replaces all of its resting orders on one market and book: a few price levels a side
 * per runner, a small margin off the fair price (what players can back at is a little below fair,
 * what they can lay at a little above). New quotes are placed as takers, so a player's resting
 * order at a better price than the new quote is matched, as on any exchange.
 */
import { randomUUID } from 'node:crypto';
import type { MarketType } from '@backlay/contract/sports';
import { MAX_TICK, MIN_TICK, tickAtOrAbove, tickAtOrBelow } from '@backlay/exchange/ladder';
import type { Queryable } from '../../db/database';
import { placeOrders, syncExposure, type MarketRow, type NewOrder, type Owner } from '../exchange';
import { fundFromHouse, getBalances, type Book } from '../wallet';

export const MARKET_MAKER_DOMAIN = 'exchange.house';
export const MARKET_MAKER_OWNERS: Record<Book, string> = {
  real: '00000000-0000-4000-8000-00000000a001',
  play: '00000000-0000-4000-8000-00000000a002',
};
/** What the market maker is funded with from the house, and topped up to when it runs low. */
const FUNDING_MINOR = 50_000_000_00;

export function marketMaker(book: Book): Owner {
  return { ownerId: MARKET_MAKER_OWNERS[book], domain: MARKET_MAKER_DOMAIN, book, isHouse: true };
}

/** Margin each side of the fair price, as a fraction of it. */
const MARGIN = 0.015;

interface QuoteShape {
  levels: number;
  /** Rupees at the best level; deeper levels hold more. */
  baseSizeMinor: number;
  /** FANCY: only the first runner (Yes) is quoted: back it for Yes, lay it for No. */
  firstRunnerOnly: boolean;
}

const SHAPES: Record<MarketType, QuoteShape> = {
  MATCH_ODDS: { levels: 3, baseSizeMinor: 2_500_00, firstRunnerOnly: false },
  BOOKMAKER: { levels: 1, baseSizeMinor: 50_000_00, firstRunnerOnly: false },
  FANCY: { levels: 1, baseSizeMinor: 20_000_00, firstRunnerOnly: true },
};

export interface Quote {
  runnerId: number;
  side: 'back' | 'lay';
  priceTick: number;
  stakeMinor: number;
}

/**
 * The quotes for a market: for each runner, lay orders (prices to back at) just below the fair
 * price and back orders (prices to lay at) just above it, deeper levels further out and larger.
 */
export function quotesFor(
  market: Pick<MarketRow, 'type' | 'runners' | 'fairProbabilities'>,
): Quote[] {
  const probabilities = market.fairProbabilities;
  if (!probabilities || probabilities.length !== market.runners.length) return [];
  const shape = SHAPES[market.type];
  const quotes: Quote[] = [];
  market.runners.forEach((runner, index) => {
    if (shape.firstRunnerOnly && index > 0) return;
    const probability = probabilities[index] ?? 0;
    if (!(probability > 0 && probability < 1)) return;
    const fairHundredths = 100 / probability;
    const bestToBack = tickAtOrBelow(fairHundredths * (1 - MARGIN));
    let bestToLay = tickAtOrAbove(fairHundredths * (1 + MARGIN));
    if (bestToBack === undefined || bestToLay === undefined) return;
    if (bestToLay <= bestToBack) bestToLay = bestToBack + 1;
    for (let level = 0; level < shape.levels; level++) {
      // Long shots get smaller sizes: the same liability buys less stake at long odds.
      const size = Math.max(
        100_00,
        Math.round((shape.baseSizeMinor * (1 + level) * Math.min(1, probability * 3)) / 100) * 100,
      );
      const backTick = bestToBack - level;
      const layTick = bestToLay + level;
      if (backTick >= MIN_TICK)
        quotes.push({ runnerId: runner.id, side: 'lay', priceTick: backTick, stakeMinor: size });
      if (layTick <= MAX_TICK)
        quotes.push({ runnerId: runner.id, side: 'back', priceTick: layTick, stakeMinor: size });
    }
  });
  return quotes;
}

/** Keeps the market maker's cash at its funding level, from its domain's house account. */
async function ensureFunded(tx: Queryable, book: Book): Promise<void> {
  const owner = marketMaker(book);
  const balances = await getBalances(tx, { domain: owner.domain, ownerId: owner.ownerId, book });
  if (balances.availableMinor >= FUNDING_MINOR / 2) return;
  const amount = FUNDING_MINOR - balances.availableMinor;
  const result = await fundFromHouse(tx, {
    domain: owner.domain,
    ownerId: owner.ownerId,
    book,
    amountMinor: amount,
    idempotencyKey: `market-maker-funding:${book}:${randomUUID()}`,
  });
  if (result.status !== 'ok') throw new Error(`market maker funding failed: ${result.status}`);
}

export interface RequoteResult {
  /** Players whose resting orders the new quotes matched. */
  matchedPlayers: Owner[];
  fills: number;
}

/**
 * Replaces the market maker's quotes on a market in one book. The caller holds the market's row
 * lock (`market` is what it read under it). A suspended or closed market keeps no quotes.
 */
export async function requote(
  tx: Queryable,
  market: MarketRow,
  book: Book,
): Promise<RequoteResult> {
  const owner = marketMaker(book);
  await tx.query(
    `UPDATE bets SET cancelled_minor = stake_minor - matched_minor
     WHERE market_id = $1 AND book = $2 AND owner_id = $3
       AND matched_minor + cancelled_minor < stake_minor`,
    [market.id, book, owner.ownerId],
  );
  const runnerIds = market.runners.map((runner) => runner.id);
  const marketRef = { id: market.id, runnerIds };
  const quotes = market.status === 'OPEN' ? quotesFor(market) : [];
  const cause = `quote:${randomUUID()}`;
  if (quotes.length === 0) {
    await syncExposure(tx, marketRef, owner, cause);
    return { matchedPlayers: [], fills: 0 };
  }
  await ensureFunded(tx, book);
  const orders: NewOrder[] = quotes.map((quote) => ({
    owner,
    ...quote,
    keepInPlay: true,
    idempotencyKey: null,
  }));
  const flow = await placeOrders(tx, market.id, book, orders, false);
  await syncExposure(tx, marketRef, owner, cause);
  const matchedPlayers = [...flow.makers.values()].filter((maker) => !maker.isHouse);
  for (const player of matchedPlayers) {
    await syncExposure(tx, marketRef, player, `fill:${cause}`);
  }
  return { matchedPlayers, fills: flow.fills.length };
}
