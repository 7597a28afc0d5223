/**
 * Cash out: the hedge orders that make a player's if-win P&L the same whichever runner wins,
 * priced at the best prices on offer now, and the amount that locks in.
 *
 * The maths. Write a hedge as a signed backer's stake x_j per runner (a back, x_j > 0, at the
 * player's back price b_j; a lay, x_j < 0, at the player's lay price l_j; p_j the price used).
 * A stake on j wins x_j(p_j − 1) when j wins and loses x_j otherwise, so the if-win P&L becomes
 *   P'_j = P_j + x_j·p_j − Σ_i x_i.
 * Every runner ends at one amount F exactly when x_j = (K − P_j) / p_j for a common target K, and
 * then F(K) = K − Σ_j (K − P_j) / p_j. Each term is convex in K (slope 1/l_j below P_j and
 * 1/b_j ≥ 1/l_j above it, since backing gets the lower price), so F is concave and piecewise
 * linear with its kinks at the P_j. The cash out takes the kink with the largest F: the runner
 * there (the anchor) needs no hedge. Only when the book itself is an arbitrage (Σ 1/b_j < 1, or
 * Σ 1/l_j > 1) does F keep growing past the outermost kink; cash out does not chase arbitrage, so
 * K is always a kink: the smallest hedge that flattens the position.
 *
 * Missing prices. A runner with no back price can only be laid (K ≤ P_j), one with no lay price
 * only backed (K ≥ P_j). The targets left form an interval between kinks, and F is concave, so
 * the best allowed kink is the best allowed K. Only when no kink is allowed is cash out refused
 * (`no_price`). Two-runner example: a back on A with no lay price on A is cashed out by backing
 * B, which is the same hedge seen from the other runner.
 *
 * Rounding. Stakes are whole minor units and each fill's winnings are floored (money.ts). Relative
 * to every other runner, a hedge stake s on runner k at a price of h hundredths moves runner k by
 * floor(s·h/100): its floored winnings plus the stake every other runner loses. So the values
 * runner k can reach are P_k ± floor(s·h/100), s = 0, 1, 2, …, and consecutive ones are
 * floor(h/100) or ceil(h/100) apart, never more than g_k = ceil(price_k). The stakes are chosen
 * to make the spread (best minus worst runner's P&L after the hedge) as small as possible, and
 * among those the guaranteed amount as large as possible; the search is exact (see roundHedge).
 *
 * The bound. Let G be the largest g_k over the runners the hedge has to move (those whose P&L
 * differs from the anchor's). After a full cash out the spread is at most G − 1 minor units,
 * and at most floor(g_k / 2) when only one runner k has to move. Proof: the anchor stays at K.
 * A backed runner's reachable values run up from P_k < K, a laid runner's run down from P_k > K,
 * each with gaps of at most g_k ≤ G, so each has a reachable value in [K − G + 1, K]; with one
 * moving runner, one of the two reachable values either side of K is within floor(g_k / 2). In
 * particular the P&L is equal within one minor unit whenever every hedge price is at most 2.00
 * (G = 2), or a single runner is hedged at a price of at most 3.00. Within one minor unit is not
 * reachable in general, by this hedge or by any orders at the same prices, and G − 1 is reached:
 * when every price on offer is a whole multiple of d, each fill moves every runner's P&L by the
 * same amount modulo d, so the differences P_k − P_j modulo d never change. Three runners offered
 * at 3.00 to back and 6.00 to lay, with if-win P&Ls of 2, 0 and 1 modulo 3, can never be brought
 * closer than 2 (= G − 1); one runner hedged at 4.00 that is 2 modulo 4 off stays 2 (= 4 / 2).
 * The quote assumes each hedge order fills at its quoted tick in one fill; a fill split across
 * makers floors each part, and can give up one more minor unit per extra part.
 *
 * Partial cash out. A fraction f splits the position into the share cashed out, C_j = round(f·P_j),
 * and the share kept, P_j − C_j, which is left exactly as it was. The hedge equalises C; kinks are
 * ranked on the whole position, so it anchors where the full cash out does (unless a stake is
 * refused, below). The bound above applies to C's P&L after the hedge, and the guaranteed amount
 * is what C locks in. Against the full cash out: up to one amount shared by every runner, each
 * runner's change is f times the full change within S_f + f·S_1 + 1, where S_f and S_1 are the
 * two spreads after the hedge and the 1 is C's rounding to whole units.
 *
 * Stakes the exchange would refuse. A stake that rounds to zero is simply no order. A positive
 * stake below the minimum stake, above the maximum, or above the size available at the price
 * cannot be placed, and dropping it would break the equal-P&L promise, so that anchor is given up
 * and the next best kink is tried (a different hedge, flat within the bound for its prices). When
 * no kink gives placeable orders the cash out is refused with the best kink's first failing check,
 * in this order: above the maximum stake, below the minimum stake, above the available size.
 */

import { isValidTick, tickToPriceHundredths } from './ladder';
import { MAX_STAKE_MINOR, mulDivFloor, winningsMinor } from './money';
import { isValidMinStake, type RunnerId, type Side } from './order';
import { ifWinMinor, indexRunners, type MatchedBet } from './position';

/** The best price on one side of a runner's book, as the player can take it now. */
export interface BestPrice {
  readonly priceTick: number;
  /** Backer's stake available at that price; unlimited when omitted. */
  readonly availableMinor?: number;
}

/** One runner's best prices from the player's side of the book; a missing side has no price. */
export interface RunnerBestPrices {
  readonly runnerId: RunnerId;
  /** The best price the player can back at: the best (highest) resting lay offer. */
  readonly back?: BestPrice;
  /** The best price the player can lay at: the best (lowest) resting back offer. */
  readonly lay?: BestPrice;
}

export interface CashOutRequest {
  readonly runnerIds: readonly RunnerId[];
  /** The player's matched fills on this market. */
  readonly matched: readonly MatchedBet[];
  /** Best prices per runner; a runner left out has no price on either side. */
  readonly prices: readonly RunnerBestPrices[];
  /** The market's minimum stake (a positive safe integer). */
  readonly minStakeMinor: number;
  /** Share of the position to cash out, in (0, 1]; 1 when omitted. */
  readonly fraction?: number;
}

/** An order to place for the cash out; shaped like the fill it becomes when it matches. */
export interface HedgeOrder {
  readonly runnerId: RunnerId;
  readonly side: Side;
  readonly priceTick: number;
  readonly stakeMinor: number;
}

export interface CashOutQuote {
  readonly fraction: number;
  /** The runner the hedge leaves alone: the target is its if-win P&L on the cashed share. */
  readonly anchorRunnerId: RunnerId;
  /** Orders to place, at most one per runner, every stake a positive whole number. */
  readonly orders: readonly HedgeOrder[];
  /** If-win P&L per runner (aligned with runnerIds) before the cash out. */
  readonly ifWinBeforeMinor: readonly number[];
  /** The share of the position left as it was: zero everywhere for a full cash out. */
  readonly keptIfWinMinor: readonly number[];
  /** If-win P&L per runner once every order has matched at its quoted price. */
  readonly ifWinAfterMinor: readonly number[];
  /** What the cashed share pays whoever wins, at least: min over runners of (after − kept). */
  readonly guaranteedMinor: number;
}

export interface MissingPrice {
  readonly runnerId: RunnerId;
  readonly side: Side;
}

export type CashOutRefusal =
  | { readonly code: 'invalid_fraction' }
  | { readonly code: 'invalid_price'; readonly runnerId: RunnerId }
  | { readonly code: 'invalid_size'; readonly runnerId: RunnerId }
  | { readonly code: 'crossed_prices'; readonly runnerId: RunnerId }
  /** No hedge can be placed: `missing` lists the prices the nearest possible hedge lacks. */
  | { readonly code: 'no_price'; readonly missing: readonly MissingPrice[] }
  | {
      readonly code: 'stake_below_minimum' | 'stake_above_maximum' | 'insufficient_size';
      /** The best kink's orders that fail the check. */
      readonly orders: readonly HedgeOrder[];
    };

export type CashOutRefusalCode = CashOutRefusal['code'];

export type CashOutResult =
  { readonly ok: true; readonly quote: CashOutQuote } | ({ readonly ok: false } & CashOutRefusal);

/**
 * Why a quote no longer stands: the position (or fraction) is not the one quoted; a quoted price
 * is gone or worse for the player (an unreadable book counts as gone); or too little size is left.
 */
export type RequoteReason = 'position_changed' | 'price_worse' | 'size_short';

export type CashOutRecheck =
  | { readonly status: 'still_valid' }
  | {
      readonly status: 'requoted';
      readonly reason: RequoteReason;
      /** The cash out at the current prices. */
      readonly result: CashOutResult;
    };

/** The book validated and aligned with runnerIds. */
type AlignedBook = readonly (RunnerBestPrices | undefined)[];

function isValidSize(price: BestPrice): boolean {
  const size = price.availableMinor;
  return size === undefined || (Number.isSafeInteger(size) && size >= 0);
}

/**
 * Aligns the book with the runners, refusing prices off the ladder, bad sizes and a runner whose
 * back price is above its lay price (the concavity argument needs b_j ≤ l_j). Unknown or repeated
 * runners are caller bugs and throw.
 */
function alignBook(
  runnerIds: readonly RunnerId[],
  prices: readonly RunnerBestPrices[],
): { readonly ok: true; readonly book: AlignedBook } | ({ readonly ok: false } & CashOutRefusal) {
  const index = indexRunners(runnerIds);
  const book: (RunnerBestPrices | undefined)[] = runnerIds.map(() => undefined);
  for (const entry of prices) {
    const position = index.get(entry.runnerId);
    if (position === undefined) throw new RangeError(`price for unknown runner: ${entry.runnerId}`);
    if (book[position] !== undefined) {
      throw new RangeError(`prices given twice for runner: ${entry.runnerId}`);
    }
    const { runnerId, back, lay } = entry;
    for (const price of [back, lay]) {
      if (price === undefined) continue;
      if (!isValidTick(price.priceTick)) return { ok: false, code: 'invalid_price', runnerId };
      if (!isValidSize(price)) return { ok: false, code: 'invalid_size', runnerId };
    }
    if (back !== undefined && lay !== undefined && back.priceTick > lay.priceTick) {
      return { ok: false, code: 'crossed_prices', runnerId };
    }
    book[position] = entry;
  }
  return { ok: true, book };
}

/** The side a runner must be hedged on to reach the target, if it must move at all. */
function neededSide(ifWin: number, target: number): Side | undefined {
  if (ifWin < target) return 'back';
  if (ifWin > target) return 'lay';
  return undefined;
}

function priceOn(book: AlignedBook, runner: number, side: Side): BestPrice | undefined {
  const entry = book[runner];
  return side === 'back' ? entry?.back : entry?.lay;
}

interface Kink {
  readonly anchor: number;
  /** F at this kink: the exact (unrounded) guaranteed amount. */
  readonly exactGuaranteed: number;
}

/**
 * Every kink the book allows, best F first (ties keep runner order), and when there is none the
 * prices the kink with the fewest gaps lacks.
 */
function rankKinks(
  ifWin: readonly number[],
  book: AlignedBook,
  runnerIds: readonly RunnerId[],
): { readonly kinks: Kink[]; readonly fewestMissing: MissingPrice[] } {
  const kinks: Kink[] = [];
  let fewestMissing: MissingPrice[] | undefined;
  const seen = new Set<number>();
  ifWin.forEach((target, anchor) => {
    // Runners with the same P&L give the same target, hence the same hedge.
    if (seen.has(target)) return;
    seen.add(target);
    const missing: MissingPrice[] = [];
    let exactGuaranteed = target;
    ifWin.forEach((value, runner) => {
      const side = neededSide(value, target);
      if (side === undefined) return;
      const price = priceOn(book, runner, side);
      if (price === undefined) {
        missing.push({ runnerId: runnerIds[runner] as RunnerId, side });
        return;
      }
      exactGuaranteed -= ((target - value) * 100) / tickToPriceHundredths(price.priceTick);
    });
    if (missing.length === 0) kinks.push({ anchor, exactGuaranteed });
    else if (fewestMissing === undefined || missing.length < fewestMissing.length) {
      fewestMissing = missing;
    }
  });
  kinks.sort((left, right) => right.exactGuaranteed - left.exactGuaranteed);
  return { kinks, fewestMissing: fewestMissing ?? [] };
}

interface Leg {
  readonly runner: number;
  readonly side: Side;
  readonly priceTick: number;
  readonly priceHundredths: number;
  /** The runner's P&L on the cashed share before the hedge. */
  readonly start: number;
}

/** floor(stake × price): how far a stake moves its runner relative to all the others. */
function relativeMove(stakeMinor: number, priceTick: number): number {
  return stakeMinor + winningsMinor(stakeMinor, priceTick);
}

/** The runner's P&L, up to the common −Σ(signed stakes) every runner shares, after a stake. */
function reached(leg: Leg, stakeMinor: number): number {
  const move = relativeMove(stakeMinor, leg.priceTick);
  return leg.side === 'back' ? leg.start + move : leg.start - move;
}

/** The stake that takes the leg to its lowest reachable value at or above `floor` (≤ target). */
function stakeReachingAtLeast(leg: Leg, floor: number): number {
  if (leg.side === 'back') {
    // Smallest s with floor(s·h/100) ≥ m. s = floor(100m/h) is at most one short, because
    // (s + 1)·h > 100m; relativeMove is strictly increasing, so nothing smaller reaches m.
    const need = floor - leg.start;
    if (need <= 0) return 0;
    const stake = mulDivFloor(need, 100, leg.priceHundredths);
    return relativeMove(stake, leg.priceTick) < need ? stake + 1 : stake;
  }
  // A laid runner starts above the target and moves down: largest s with floor(s·h/100) ≤ m.
  // s = floor(100m/h) qualifies, and its successor reaches at least m, so at most one more does.
  const room = leg.start - floor;
  const stake = mulDivFloor(room, 100, leg.priceHundredths);
  return relativeMove(stake + 1, leg.priceTick) <= room ? stake + 1 : stake;
}

/** ceil(price): the largest gap between values a runner at this price can reach. */
function reachGap(priceHundredths: number): number {
  return Math.ceil(priceHundredths / 100);
}

/**
 * Whole-unit stakes for the legs, exactly optimal: smallest spread, then largest guaranteed
 * amount. Any solution can be lowered to "each leg at its lowest value ≥ L", with L its lowest
 * value, without widening it or paying more stake, so trying every L finds the optimum; an
 * optimum's lowest value is within its spread (≤ G − 1, see the module comment) of the target.
 */
function roundHedge(legs: readonly Leg[], target: number): number[] {
  let gap = 1;
  for (const leg of legs) gap = Math.max(gap, reachGap(leg.priceHundredths));
  let best: { spread: number; guaranteed: number; stakes: number[] } | undefined;
  for (let floor = target; floor > target - gap; floor--) {
    let low = target;
    let high = target;
    let signedStakes = 0;
    const stakes = legs.map((leg) => {
      const stake = stakeReachingAtLeast(leg, floor);
      const value = reached(leg, stake);
      low = Math.min(low, value);
      high = Math.max(high, value);
      signedStakes += leg.side === 'back' ? stake : -stake;
      return stake;
    });
    const spread = high - low;
    const guaranteed = low - signedStakes;
    if (
      best === undefined ||
      spread < best.spread ||
      (spread === best.spread && guaranteed > best.guaranteed)
    ) {
      best = { spread, guaranteed, stakes };
    }
  }
  if (best === undefined || best.spread > gap - 1) {
    throw new Error(`cash-out rounding broke its bound: spread ${best?.spread}, gap ${gap}`);
  }
  return best.stakes;
}

type Placement =
  | { readonly ok: true; readonly orders: HedgeOrder[] }
  | {
      readonly ok: false;
      readonly code: 'stake_below_minimum' | 'stake_above_maximum' | 'insufficient_size';
      readonly orders: HedgeOrder[];
    };

/** The hedge for one kink on the cashed share, and whether the exchange would accept it. */
function hedgeAt(
  share: readonly number[],
  anchor: number,
  book: AlignedBook,
  runnerIds: readonly RunnerId[],
  minStakeMinor: number,
): Placement {
  const target = share[anchor] as number;
  const legs: Leg[] = [];
  const available: (number | undefined)[] = [];
  let oversized = false;
  share.forEach((start, runner) => {
    const side = neededSide(start, target);
    if (side === undefined) return;
    const price = priceOn(book, runner, side);
    // rankKinks only offers kinks whose needed prices exist (and C keeps P's order).
    if (price === undefined) throw new Error(`kink needs a missing ${side} price`);
    const priceHundredths = tickToPriceHundredths(price.priceTick);
    // Guard the integer maths: an exact stake this large is refused anyway.
    if ((Math.abs(target - start) * 100) / priceHundredths > MAX_STAKE_MINOR) oversized = true;
    legs.push({ runner, side, priceTick: price.priceTick, priceHundredths, start });
    available.push(price.availableMinor);
  });
  const stakes = oversized
    ? legs.map((leg) => Math.ceil((Math.abs(target - leg.start) * 100) / leg.priceHundredths))
    : roundHedge(legs, target);

  const orders: HedgeOrder[] = [];
  const below: HedgeOrder[] = [];
  const above: HedgeOrder[] = [];
  const short: HedgeOrder[] = [];
  legs.forEach((leg, position) => {
    const stakeMinor = stakes[position] as number;
    if (stakeMinor === 0) return;
    const order: HedgeOrder = {
      runnerId: runnerIds[leg.runner] as RunnerId,
      side: leg.side,
      priceTick: leg.priceTick,
      stakeMinor,
    };
    orders.push(order);
    const size = available[position];
    if (stakeMinor < minStakeMinor) below.push(order);
    if (stakeMinor > MAX_STAKE_MINOR) above.push(order);
    if (size !== undefined && stakeMinor > size) short.push(order);
  });
  if (above.length > 0) return { ok: false, code: 'stake_above_maximum', orders: above };
  if (below.length > 0) return { ok: false, code: 'stake_below_minimum', orders: below };
  if (short.length > 0) return { ok: false, code: 'insufficient_size', orders: short };
  return { ok: true, orders };
}

function isValidFraction(fraction: number): boolean {
  return Number.isFinite(fraction) && fraction > 0 && fraction <= 1;
}

/**
 * Quotes a cash out of `fraction` of the player's position at the best prices now: the hedge
 * orders, the P&L per runner after them, and the guaranteed amount (see the module comment).
 */
export function quoteCashOut(request: CashOutRequest): CashOutResult {
  const { runnerIds, minStakeMinor } = request;
  const fraction = request.fraction ?? 1;
  if (runnerIds.length === 0) throw new RangeError('a market needs at least one runner');
  if (!isValidMinStake(minStakeMinor)) throw new RangeError(`invalid min stake: ${minStakeMinor}`);
  if (!isValidFraction(fraction)) return { ok: false, code: 'invalid_fraction' };
  const aligned = alignBook(runnerIds, request.prices);
  if (!aligned.ok) return aligned;
  const { book } = aligned;

  const before = ifWinMinor(runnerIds, request.matched);
  const share = before.map((value) => (fraction === 1 ? value : Math.round(value * fraction) + 0));
  const kept = before.map((value, runner) => value - (share[runner] as number));

  const { kinks, fewestMissing } = rankKinks(before, book, runnerIds);
  let firstRefusal: Extract<Placement, { ok: false }> | undefined;
  for (const { anchor } of kinks) {
    const placement = hedgeAt(share, anchor, book, runnerIds, minStakeMinor);
    if (!placement.ok) {
      firstRefusal ??= placement;
      continue;
    }
    const change = ifWinMinor(runnerIds, placement.orders);
    const after = before.map((value, runner) => value + (change[runner] as number));
    let guaranteedMinor = Number.POSITIVE_INFINITY;
    after.forEach((value, runner) => {
      guaranteedMinor = Math.min(guaranteedMinor, value - (kept[runner] as number));
    });
    return {
      ok: true,
      quote: {
        fraction,
        anchorRunnerId: runnerIds[anchor] as RunnerId,
        orders: placement.orders,
        ifWinBeforeMinor: before,
        keptIfWinMinor: kept,
        ifWinAfterMinor: after,
        guaranteedMinor,
      },
    };
  }
  if (firstRefusal !== undefined) {
    return { ok: false, code: firstRefusal.code, orders: firstRefusal.orders };
  }
  return { ok: false, code: 'no_price', missing: fewestMissing };
}

function samePosition(quote: CashOutQuote, request: CashOutRequest): boolean {
  const now = ifWinMinor(request.runnerIds, request.matched);
  return (
    (request.fraction ?? 1) === quote.fraction &&
    now.length === quote.ifWinBeforeMinor.length &&
    now.every((value, runner) => value === quote.ifWinBeforeMinor[runner])
  );
}

/**
 * Whether a quote can still be placed as quoted: same position, and each order's price still on
 * offer at least as good for the player (a back at a tick ≥ the quoted one, a lay at a tick ≤
 * it) with enough size there. Otherwise the reason, and a fresh quote at the current prices.
 */
export function recheckCashOutQuote(quote: CashOutQuote, current: CashOutRequest): CashOutRecheck {
  const requote = (reason: RequoteReason): CashOutRecheck => ({
    status: 'requoted',
    reason,
    result: quoteCashOut(current),
  });
  if (!samePosition(quote, current)) return requote('position_changed');
  const aligned = alignBook(current.runnerIds, current.prices);
  if (!aligned.ok) return requote('price_worse');
  const index = indexRunners(current.runnerIds);
  for (const order of quote.orders) {
    const runner = index.get(order.runnerId);
    if (runner === undefined)
      throw new RangeError(`quoted order on unknown runner: ${order.runnerId}`);
    const price = priceOn(aligned.book, runner, order.side);
    if (price === undefined) return requote('price_worse');
    const noWorse =
      order.side === 'back'
        ? price.priceTick >= order.priceTick
        : price.priceTick <= order.priceTick;
    if (!noWorse) return requote('price_worse');
    if (price.availableMinor !== undefined && price.availableMinor < order.stakeMinor) {
      return requote('size_short');
    }
  }
  return { status: 'still_valid' };
}
