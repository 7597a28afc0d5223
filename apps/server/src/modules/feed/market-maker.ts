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
import { fundFromHouse, getBalances, toMinor, type Book } from '../wallet';

export const MARKET_MAKER_DOMAIN = 'exchange.house';
export const MARKET_MAKER_OWNERS: Record<Book, string> = {
  real: '00000000-0000-4000-8000-00000000a001',
  play: '00000000-0000-4000-8000-00000000a002',
};
/** What the market maker is funded with from the house, and topped up to when it runs low. */
export const FUNDING_MINOR = 50_000_000_00;

export function marketMaker(book: Book): Owner {
  return { ownerId: MARKET_MAKER_OWNERS[book], domain: MARKET_MAKER_DOMAIN, book, isHouse: true };
}

/** Margin each side of the fair price, as a fraction of it. */
const MARGIN = 0.015;

interface QuoteShape {
  levels: number;
  /** Rupees at the best level; deeper levels hold more. */
  baseSizeMinor: number;
  /**
   * FANCY: only the first runner (Yes) is quoted, and on one side: a session's line is two run
   * values, 'No 84' and 'Yes 85', so a value as likely as not or likelier to be reached (fair
   * P(Yes) at least 1/2) offers No there (players lay Yes: the house rests a back), and a less
   * likely one offers Yes (players back it: the house rests a lay).
   */
  fancyLine: boolean;
}

const SHAPES: Record<MarketType, QuoteShape> = {
  MATCH_ODDS: { levels: 3, baseSizeMinor: 2_500_00, fancyLine: false },
  BOOKMAKER: { levels: 1, baseSizeMinor: 50_000_00, fancyLine: false },
  FANCY: { levels: 1, baseSizeMinor: 20_000_00, fancyLine: true },
};

/** A fancy value at least this likely to be reached offers No; a less likely one, Yes. */
const FANCY_NO_FROM = 0.5;

export interface Quote {
  runnerId: number;
  side: 'back' | 'lay';
  priceTick: number;
  stakeMinor: number;
}

/**
 * The quotes for a market: for each runner, lay orders (prices to back at) just below the fair
 * price and back orders (prices to lay at) just above it, deeper levels further out and larger.
 * A fancy value gets only the side its place in the line offers (`QuoteShape.fancyLine`).
 */
export function quotesFor(
  market: Pick<MarketRow, 'type' | 'runners' | 'fairProbabilities'>,
): Quote[] {
  const probabilities = market.fairProbabilities;
  if (!probabilities || probabilities.length !== market.runners.length) return [];
  const shape = SHAPES[market.type];
  const quotes: Quote[] = [];
  market.runners.forEach((runner, index) => {
    if (shape.fancyLine && index > 0) return;
    const probability = probabilities[index] ?? 0;
    // The house's resting side: a back order lets players lay, a lay order lets them back.
    const houseSides = shape.fancyLine
      ? { back: probability >= FANCY_NO_FROM, lay: probability < FANCY_NO_FROM }
      : { back: true, lay: true };
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
      if (houseSides.lay && backTick >= MIN_TICK)
        quotes.push({ runnerId: runner.id, side: 'lay', priceTick: backTick, stakeMinor: size });
      if (houseSides.back && layTick <= MAX_TICK)
        quotes.push({ runnerId: runner.id, side: 'back', priceTick: layTick, stakeMinor: size });
    }
  });
  return quotes;
}

/** Keeps the market maker's cash at its funding level, from its domain's house account. */
export async function ensureFunded(tx: Queryable, book: Book): Promise<void> {
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

/** A quote as a comparable key: runner, side, price and stake. */
const quoteKey = (quote: Quote) =>
  `${quote.runnerId}:${quote.side}:${quote.priceTick}:${quote.stakeMinor}`;

/** What turns the market maker's resting orders into `wanted`: orders to cancel, quotes to add. */
export function quoteChanges<Resting extends Quote>(
  resting: readonly Resting[],
  wanted: readonly Quote[],
): { cancel: Resting[]; place: Quote[] } {
  // An order resting as a wanted quote stays (with its place in the queue); the rest goes.
  const toPlace = new Map<string, Quote[]>();
  for (const quote of wanted) {
    const key = quoteKey(quote);
    toPlace.set(key, [...(toPlace.get(key) ?? []), quote]);
  }
  const cancel: Resting[] = [];
  for (const order of resting) {
    const same = toPlace.get(quoteKey(order));
    if (same && same.length > 0) same.pop();
    else cancel.push(order);
  }
  return { cancel, place: [...toPlace.values()].flat() };
}

/** Whether exactly `quotes` rest in full: `resting` are the maker's resting orders. */
export function restingMatch(resting: readonly Quote[], quotes: readonly Quote[]): boolean {
  const { cancel, place } = quoteChanges(resting, quotes);
  return cancel.length === 0 && place.length === 0;
}

/** Whether exactly `quotes` rest in full for the market maker on the market in `book`. */
async function restingAre(
  tx: Queryable,
  marketId: string,
  book: Book,
  quotes: readonly Quote[],
): Promise<boolean> {
  const rows = await tx.query<{
    runner_id: number;
    side: 'BACK' | 'LAY';
    price_tick: number;
    rest: string;
  }>(
    `SELECT runner_id, side, price_tick, stake_minor - matched_minor - cancelled_minor AS rest
     FROM bets WHERE market_id = $1 AND book = $2 AND owner_id = $3
       AND matched_minor + cancelled_minor < stake_minor`,
    [marketId, book, MARKET_MAKER_OWNERS[book]],
  );
  return restingMatch(
    rows.map((row) => ({
      runnerId: row.runner_id,
      side: row.side === 'BACK' ? 'back' : 'lay',
      priceTick: row.price_tick,
      stakeMinor: toMinor(row.rest),
    })),
    quotes,
  );
}

/**
 * Replaces the market maker's quotes on a market in one book. The caller holds the market's row
 * lock (`market` is what it read under it). A suspended or closed market keeps no quotes. Quotes
 * that would come out as they rest already are left alone: most price updates move no quote by a
 * tick, and a market reopening on the prices it closed on keeps its book as it was.
 */
export async function requote(
  tx: Queryable,
  market: MarketRow,
  book: Book,
): Promise<RequoteResult> {
  const owner = marketMaker(book);
  const quotes = market.status === 'OPEN' ? quotesFor(market) : [];
  if (await restingAre(tx, market.id, book, quotes)) return { matchedPlayers: [], fills: 0 };
  await tx.query(
    `UPDATE bets SET cancelled_minor = stake_minor - matched_minor
     WHERE market_id = $1 AND book = $2 AND owner_id = $3
       AND matched_minor + cancelled_minor < stake_minor`,
    [market.id, book, owner.ownerId],
  );
  const runnerIds = market.runners.map((runner) => runner.id);
  const marketRef = { id: market.id, runnerIds };
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
