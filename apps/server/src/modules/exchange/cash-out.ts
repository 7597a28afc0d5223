/**
 * Cash out: a player's position on a market hedged with real exchange bets so that it pays the
 * same whichever runner wins (packages/exchange/src/cash-out.ts has the maths and its bound).
 *
 * A quote reads the position and the best prices of the player's money book and says what the
 * hedge would be, or why there is none: the brand switches cash out off, the market is not
 * match odds or bookmaker, there is nothing matched, an unmatched bet still rests (it could
 * match meanwhile, and a hedge must never match the player's own order), no price or size, or
 * one of the checks every bet meets (market open, sport, stake limits, liability limit).
 *
 * Confirming sends the quoted orders back. In one transaction under the market's row lock, so
 * the position and the book cannot change in between, the server reads both again and places
 * the orders only when they are still exactly the cash out of the position at their own prices
 * (the position quoted at those prices gives the same orders) and the book still offers those
 * prices or better, with the size (`recheckCashOutQuote`). Otherwise nothing is placed and the
 * answer is the quote as it is now, to confirm again. Each order is a limit at its quoted price,
 * fill-or-kill: one that does not fill in full rolls every order back. The hold then moves to the
 * new exposure through the wallet, with the placement's own liability and loss-limit checks
 * (the loss limit only where the hedge adds liability: reducing risk is always allowed). In play,
 * the brand's bet delay is waited out with no lock held, as for a bet.
 *
 * Idempotency: the hedge bets carry the cash out's key with their place in it (`key:0`,
 * `key:1`, ...), which no player-chosen key can spell (those have no colon), so a replay finds
 * them and answers them, and the unique key stops a parallel replay from placing twice. A cash
 * out that placed nothing leaves nothing behind: the same key asked again is decided afresh.
 */
import { BET_REFUSALS, type BetRefusal } from '@backlay/contract/bets';
import {
  CASH_OUT_MARKET_TYPES,
  CASH_OUT_REFUSALS,
  type CashOutAnswer,
  type CashOutAsk,
  type CashOutConfirmation,
  type CashOutQuote as WireQuote,
  type CashOutQuoteAnswer,
  type CashOutReasonCode,
  type CashOutRefusal,
  type RunnerAmount,
} from '@backlay/contract/cash-out';
import type { MarketType } from '@backlay/contract/sports';
import {
  quoteCashOut,
  recheckCashOutQuote,
  type CashOutQuote,
  type CashOutRequest,
  type CashOutResult,
  type HedgeOrder,
  type RequoteReason,
  type RunnerBestPrices,
} from '@backlay/exchange/cash-out';
import { priceToTick, tickToPrice } from '@backlay/exchange/ladder';
import { fromMinorUnits, toMinorUnits } from '@backlay/exchange/money';
import { ifWinMinor, reHold } from '@backlay/exchange/position';
import type { Queryable } from '../../db/database';
import { ApiError } from '../../http/api-error';
import type { Player } from '../../http/api-route';
import type { BetLimits } from '../brands';
import { bookOf, getBalances, moveExposure, toMinor } from '../wallet';
import { betRefused, bettingLocked } from './bet-refusal';
import { BET_SELECT, toBet, walletFigures, type BetRow } from './bet-views';
import { findMarket, lockMarketRow, type MarketRow } from './market-rows';
import { readBestPrices } from './odds';
import { placeOrders, type NewOrder } from './order-flow';
import {
  assertLiabilityAllowed,
  assertOpen,
  assertSportAllowed,
  assertWithinLossLimit,
  checkBet,
  isUniqueViolation,
  ownerOf,
  withPlayerRules,
  type ExchangeDeps,
} from './placement';
import {
  addTaking,
  exposureKey,
  loadPosition,
  loadPositionAndHold,
  syncExposure,
  type Position,
} from './positions';

/** Why there is no cash out, for the player. */
interface Verdict {
  code: CashOutReasonCode;
  reason: string;
}

function refusal(code: CashOutRefusal): Verdict {
  return { code, reason: CASH_OUT_REFUSALS[code] };
}

function isBetRefusal(value: string): value is BetRefusal {
  return Object.hasOwn(BET_REFUSALS, value);
}

/** Runs one of the placement's checks: its refusal as a verdict, any other failure thrown on. */
function refusedBy(check: () => void): Verdict | null {
  try {
    check();
    return null;
  } catch (error) {
    if (error instanceof ApiError && error.details !== null && isBetRefusal(error.details)) {
      return { code: error.details, reason: error.message };
    }
    throw error;
  }
}

function offersCashOut(type: MarketType): boolean {
  return (CASH_OUT_MARKET_TYPES as readonly MarketType[]).includes(type);
}

/** Whether the player may cash out on the market at all, before their bets are looked at. */
function gate(deps: ExchangeDeps, player: Player, market: MarketRow): Verdict | null {
  if (!deps.rules.cashOutEnabled(player.domain)) return refusal('SWITCHED_OFF');
  if (!offersCashOut(market.type)) return refusal('MARKET_TYPE');
  return refusedBy(() => {
    if (player.betting?.locked) throw bettingLocked();
    assertSportAllowed(deps, player, market);
    assertOpen(market);
  });
}

/** The position to hedge, the book to hedge it in, and the market's limits for the player. */
interface Standing {
  runnerIds: number[];
  position: Position & { heldMinor: number };
  limits: BetLimits;
  /** What the maths is asked: the position's fills and the best prices of the moment. */
  request: CashOutRequest;
}

async function readStanding(
  deps: ExchangeDeps,
  db: Queryable,
  player: Player,
  market: MarketRow,
  fraction: number,
): Promise<Standing | Verdict> {
  const position = await loadPositionAndHold(db, market.id, ownerOf(player));
  if (position.unmatched.length > 0) return refusal('UNMATCHED_BETS');
  if (position.matched.length === 0) return refusal('NO_POSITION');
  const limits = deps.rules.limits(player.domain, market.sportId, market.type);
  const runnerIds = market.runners.map((runner) => runner.id);
  const prices = await readBestPrices(db, market.id, bookOf(player));
  return {
    runnerIds,
    position,
    limits,
    request: {
      runnerIds,
      matched: position.matched,
      prices,
      minStakeMinor: limits.minStakeMinor,
      fraction,
    },
  };
}

const isVerdict = (value: Standing | Verdict): value is Verdict => 'code' in value;

/** A refusal of the maths, for the player; a malformed book is a broken invariant. */
function verdictOfRefusal(
  result: Extract<CashOutResult, { ok: false }>,
  limits: BetLimits,
): Verdict {
  switch (result.code) {
    case 'no_price':
      return refusal('NO_PRICE');
    case 'insufficient_size':
      return refusal('NOT_ENOUGH_OFFERED');
    case 'stake_below_minimum':
      return {
        code: 'STAKE_BELOW_MIN',
        reason: `What is left to cash out is too small: it would need a stake below the ₹${fromMinorUnits(limits.minStakeMinor)} minimum.`,
      };
    case 'stake_above_maximum':
      return { code: 'STAKE_ABOVE_MAX', reason: BET_REFUSALS.STAKE_ABOVE_MAX };
    default:
      throw new Error(`cash out refused on a book the exchange keeps: ${result.code}`);
  }
}

/**
 * A quote as something the player can do: the hedge, when it has orders and they pass every
 * check a bet of the player's meets before matching (stake limits, the brand's and the
 * player's own, and the market's liability limit); otherwise why not.
 */
function placeable(
  deps: ExchangeDeps,
  player: Player,
  market: MarketRow,
  standing: Standing,
  result: CashOutResult,
): { quote: CashOutQuote } | Verdict {
  if (!result.ok) return verdictOfRefusal(result, standing.limits);
  const { quote } = result;
  if (quote.orders.length === 0) return refusal('ALREADY_LEVEL');
  for (const order of quote.orders) {
    const refused = refusedBy(() => {
      checkBet(deps, player, market, { runnerId: Number(order.runnerId) }, order.stakeMinor);
    });
    if (refused) return refused;
  }
  const matched = [...standing.position.matched, ...quote.orders];
  const hold = reHold(standing.runnerIds, { matched, unmatched: [] }, standing.position.heldMinor);
  return refusedBy(() => assertLiabilityAllowed(hold, standing.limits)) ?? { quote };
}

const toWireSide = (side: HedgeOrder['side']) => (side === 'back' ? 'BACK' : 'LAY');

function amounts(runnerIds: readonly number[], minor: readonly number[]): RunnerAmount[] {
  return runnerIds.map((runnerId, i) => ({ runnerId, amount: fromMinorUnits(minor[i] ?? 0) }));
}

/** A quote on the wire: rupees and decimal odds. */
function toWireQuote(runnerIds: readonly number[], quote: CashOutQuote): WireQuote {
  return {
    fraction: quote.fraction,
    orders: quote.orders.map((order) => ({
      runnerId: Number(order.runnerId),
      side: toWireSide(order.side),
      price: tickToPrice(order.priceTick),
      stake: fromMinorUnits(order.stakeMinor),
    })),
    ifWinBefore: amounts(runnerIds, quote.ifWinBeforeMinor),
    ifWinAfter: amounts(runnerIds, quote.ifWinAfterMinor),
    guaranteed: fromMinorUnits(quote.guaranteedMinor),
  };
}

/** What cashing out the market would do now, or why it cannot. */
export async function quoteCashOutFor(
  deps: ExchangeDeps,
  known: Player,
  ask: CashOutAsk,
): Promise<CashOutQuoteAnswer> {
  const player = await withPlayerRules(deps.db, known);
  const market = await findMarket(deps.db, ask.marketId);
  if (!market) throw betRefused('UNKNOWN_MARKET');
  const unavailable = (verdict: Verdict): CashOutQuoteAnswer => ({
    available: false,
    reason: verdict.reason,
    reasonCode: verdict.code,
    quote: null,
  });
  const closed = gate(deps, player, market);
  if (closed) return unavailable(closed);
  const standing = await readStanding(deps, deps.db, player, market, ask.fraction);
  if (isVerdict(standing)) return unavailable(standing);
  const outcome = placeable(deps, player, market, standing, quoteCashOut(standing.request));
  if ('code' in outcome) return unavailable(outcome);
  return {
    available: true,
    reason: null,
    reasonCode: null,
    quote: toWireQuote(standing.runnerIds, outcome.quote),
  };
}

/** The quoted orders in the maths' terms; a price off the ladder is refused as for a bet. */
function hedgeOrdersOf(confirmation: CashOutConfirmation): HedgeOrder[] {
  return confirmation.quote.map((order) => {
    const priceTick = priceToTick(order.price);
    if (priceTick === undefined) throw betRefused('PRICE_OFF_LADDER');
    return {
      runnerId: order.runnerId,
      side: order.side === 'BACK' ? 'back' : 'lay',
      priceTick,
      stakeMinor: toMinorUnits(order.stake),
    };
  });
}

const orderKey = (order: HedgeOrder) =>
  `${order.runnerId}/${order.side}/${order.priceTick}/${order.stakeMinor}`;

function sameOrders(left: readonly HedgeOrder[], right: readonly HedgeOrder[]): boolean {
  const keys = right.map(orderKey).sort();
  return (
    left.length === right.length &&
    left
      .map(orderKey)
      .sort()
      .every((k, i) => k === keys[i])
  );
}

/**
 * The quote the player saw, if its orders are still the cash out of the position as it is now:
 * the position quoted at the seen prices (other runners at the prices of the moment) gives
 * exactly those orders. Null when it does not: the position changed, or the quote is not one
 * the server would have made.
 */
function seenQuote(current: CashOutRequest, seen: readonly HedgeOrder[]): CashOutQuote | null {
  const byRunner = new Map<number, HedgeOrder>();
  for (const order of seen) {
    const runnerId = Number(order.runnerId);
    if (!current.runnerIds.includes(runnerId) || byRunner.has(runnerId)) return null;
    byRunner.set(runnerId, order);
  }
  const live = new Map(current.prices.map((entry) => [Number(entry.runnerId), entry]));
  const prices: RunnerBestPrices[] = [];
  for (const id of current.runnerIds) {
    const runnerId = Number(id);
    const order = byRunner.get(runnerId);
    const entry = live.get(runnerId);
    if (order) {
      const price = { priceTick: order.priceTick };
      prices.push(order.side === 'back' ? { runnerId, back: price } : { runnerId, lay: price });
    } else if (entry) {
      prices.push(entry);
    }
  }
  const result = quoteCashOut({ ...current, prices });
  return result.ok && sameOrders(result.quote.orders, seen) ? result.quote : null;
}

const REQUOTED_BECAUSE: Record<RequoteReason, CashOutRefusal> = {
  price_worse: 'PRICE_MOVED',
  size_short: 'SIZE_SHORT',
  position_changed: 'QUOTE_CHANGED',
};

/** The idempotency key of the hedge bet at `index` of a cash out. */
export function hedgeKey(idempotencyKey: string, index: number): string {
  return `${idempotencyKey}:${index}`;
}

/** Thrown inside the transaction when a hedge order did not fill in full: rolls it all back. */
class HedgeNotFilled extends Error {
  constructor() {
    super('a cash out order did not fill in full');
  }
}

type Attempt =
  | { kind: 'answer'; answer: CashOutAnswer; placed: boolean }
  | { kind: 'wait'; seconds: number; suspensions: number };

/** The player's if-win figures and wallet now, with whatever else an answer says. */
async function answerNow(
  db: Queryable,
  player: Player,
  market: MarketRow,
  answer: Pick<CashOutAnswer, 'done' | 'requote' | 'reason' | 'reasonCode' | 'bets'>,
): Promise<CashOutAnswer> {
  const runnerIds = market.runners.map((runner) => runner.id);
  const position = await loadPosition(db, market.id, player.id);
  const wallet = await getBalances(db, {
    domain: player.domain,
    ownerId: player.id,
    book: bookOf(player),
  });
  return {
    ...answer,
    ifWinAfter: amounts(runnerIds, ifWinMinor(runnerIds, position.matched)),
    ...walletFigures(wallet.availableMinor, wallet.exposureMinor),
  };
}

function notDone(
  db: Queryable,
  player: Player,
  market: MarketRow,
  verdict: Verdict,
  requote: WireQuote | null = null,
): Promise<CashOutAnswer> {
  return answerNow(db, player, market, {
    done: false,
    requote,
    reason: verdict.reason,
    reasonCode: verdict.code,
    bets: [],
  });
}

/**
 * The cash out already placed under the confirmation's key, answered again; null when the key
 * placed nothing. A key used for other orders is a conflict, as for a bet.
 */
async function replay(
  db: Queryable,
  player: Player,
  confirmation: CashOutConfirmation,
  orders: readonly HedgeOrder[],
): Promise<CashOutAnswer | null> {
  // One key more than this confirmation has orders: an earlier cash out with more is found too.
  const keys = [...orders, null].map((_, index) => hedgeKey(confirmation.idempotencyKey, index));
  const rows = await db.query<BetRow>(
    `${BET_SELECT} WHERE b.owner_id = $1 AND b.idempotency_key = ANY($2::text[]) ORDER BY b.id`,
    [player.id, keys],
  );
  if (rows.length === 0) return null;
  const placed: HedgeOrder[] = rows.map((row) => ({
    runnerId: row.runner_id,
    side: row.side === 'BACK' ? 'back' : 'lay',
    priceTick: row.price_tick,
    stakeMinor: toMinor(row.stake_minor),
  }));
  const market = await findMarket(db, confirmation.marketId);
  if (!market || rows.some((row) => row.market_id !== market.id) || !sameOrders(placed, orders)) {
    throw betRefused('IDEMPOTENCY_CONFLICT');
  }
  return answerNow(db, player, market, {
    done: true,
    requote: null,
    reason: null,
    reasonCode: null,
    bets: rows.map(toBet),
  });
}

/**
 * One try, in a transaction that starts by locking the market: replay, checks, the position and
 * book read again, the recheck, then the orders placed and the hold moved. In play with a bet
 * delay, the first try stops before the recheck and asks to wait; the second, after the wait,
 * refuses if the market was suspended meanwhile.
 */
async function attemptCashOut(
  deps: ExchangeDeps,
  tx: Queryable,
  player: Player,
  confirmation: CashOutConfirmation,
  orders: readonly HedgeOrder[],
  waited: { suspensions: number } | null,
): Promise<Attempt> {
  const market = await lockMarketRow(tx, confirmation.marketId);
  if (!market) throw betRefused('UNKNOWN_MARKET');
  const answer = (value: CashOutAnswer, placed = false): Attempt => ({
    kind: 'answer',
    answer: value,
    placed,
  });
  const earlier = await replay(tx, player, confirmation, orders);
  if (earlier) return answer(earlier);
  const closed = gate(deps, player, market);
  if (closed) return answer(await notDone(tx, player, market, closed));
  const standing = await readStanding(deps, tx, player, market, confirmation.fraction);
  if (isVerdict(standing)) return answer(await notDone(tx, player, market, standing));
  const { limits, runnerIds } = standing;
  if (market.inPlay && limits.betDelaySeconds > 0) {
    if (!waited) {
      return { kind: 'wait', seconds: limits.betDelaySeconds, suspensions: market.suspensions };
    }
    if (market.suspensions !== waited.suspensions) throw betRefused('SUSPENDED_DURING_DELAY');
  }

  // The quote the player saw must still stand; otherwise the cash out as it is now.
  const requote = async (because: CashOutRefusal, result: CashOutResult) => {
    const outcome = placeable(deps, player, market, standing, result);
    return answer(
      'code' in outcome
        ? await notDone(tx, player, market, outcome)
        : await notDone(
            tx,
            player,
            market,
            refusal(because),
            toWireQuote(runnerIds, outcome.quote),
          ),
    );
  };
  const seen = seenQuote(standing.request, orders);
  if (!seen) return requote('QUOTE_CHANGED', quoteCashOut(standing.request));
  const recheck = recheckCashOutQuote(seen, standing.request);
  if (recheck.status === 'requoted') {
    return requote(REQUOTED_BECAUSE[recheck.reason], recheck.result);
  }
  const checked = placeable(deps, player, market, standing, { ok: true, quote: seen });
  if ('code' in checked) return answer(await notDone(tx, player, market, checked));

  // Each order a limit at its quoted price, fill-or-kill; the player has nothing resting here,
  // so no order can match their own.
  const owner = ownerOf(player);
  const newOrders: NewOrder[] = seen.orders.map((order, index) => ({
    owner,
    runnerId: Number(order.runnerId),
    side: order.side,
    priceTick: order.priceTick,
    stakeMinor: order.stakeMinor,
    keepInPlay: false,
    idempotencyKey: hedgeKey(confirmation.idempotencyKey, index),
  }));
  const flow = await placeOrders(tx, market.id, owner.book, newOrders, true);
  if (flow.placed.some((placed) => placed.matchedMinor < placed.order.stakeMinor)) {
    throw new HedgeNotFilled();
  }
  const after: Position = { matched: [...standing.position.matched], unmatched: [] };
  for (const { betId, order } of flow.placed) {
    const fills = flow.fills.filter(
      (fill) => (order.side === 'back' ? fill.backBetId : fill.layBetId) === betId,
    );
    addTaking(after, order, fills, 0);
  }
  const betIds = flow.placed.map((placed) => placed.betId);
  const hold = reHold(runnerIds, after, standing.position.heldMinor);
  assertLiabilityAllowed(hold, limits);
  if (hold.deltaMinor !== 0) {
    const moved = await moveExposure(tx, {
      domain: owner.domain,
      ownerId: owner.ownerId,
      book: owner.book,
      deltaMinor: hold.deltaMinor,
      reference: market.id,
      idempotencyKey: exposureKey(`cashout:${betIds[0]}`, owner.ownerId),
    });
    if (moved.status === 'insufficient_funds') throw betRefused('INSUFFICIENT_FUNDS');
    if (moved.status !== 'ok') throw new Error(`the cash out's hold failed: ${moved.status}`);
    if (hold.deltaMinor > 0) {
      const [clock] = await tx.query<{ now: Date }>('SELECT now() AS now');
      await assertWithinLossLimit(tx, player, new Date(clock?.now ?? Date.now()));
    }
  }
  // Fills only lower a maker's exposure: other players get theirs released at once, the market
  // maker at its next requote or the settlement (as for a bet).
  for (const maker of flow.makers.values()) {
    if (maker.isHouse || maker.ownerId === owner.ownerId) continue;
    await syncExposure(tx, { id: market.id, runnerIds }, maker, `fill:${betIds[0]}`);
  }
  const bets = await tx.query<BetRow>(
    `${BET_SELECT} WHERE b.id = ANY($1::bigint[]) ORDER BY b.id`,
    [betIds],
  );
  return answer(
    await answerNow(tx, player, market, {
      done: true,
      requote: null,
      reason: null,
      reasonCode: null,
      bets: bets.map(toBet),
    }),
    true,
  );
}

/**
 * Cashes out as the player confirmed: places the quoted hedge if it still stands, or answers the
 * cash out as it is now (see the module comment).
 */
export async function cashOut(
  deps: ExchangeDeps,
  known: Player,
  confirmation: CashOutConfirmation,
): Promise<CashOutAnswer> {
  const player = await withPlayerRules(deps.db, known);
  const orders = hedgeOrdersOf(confirmation);
  let waited: { suspensions: number } | null = null;
  for (;;) {
    let attempt: Attempt;
    try {
      const once = () =>
        deps.db.transaction((tx) => attemptCashOut(deps, tx, player, confirmation, orders, waited));
      attempt = await (deps.inTurn ? deps.inTurn(confirmation.marketId, once) : once());
    } catch (error) {
      // The same key placed meanwhile by a parallel request: answer as a replay.
      if (isUniqueViolation(error)) {
        const raced = await replay(deps.db, player, confirmation, orders);
        if (raced) return raced;
      }
      // Rolled back: answer the cash out as it is now, without the lock.
      if (error instanceof HedgeNotFilled) {
        const now = await quoteCashOutFor(deps, player, confirmation);
        const market = await findMarket(deps.db, confirmation.marketId);
        if (!market) throw betRefused('UNKNOWN_MARKET');
        return answerNow(deps.db, player, market, {
          done: false,
          requote: now.quote,
          reason: now.quote ? CASH_OUT_REFUSALS.SIZE_SHORT : now.reason,
          reasonCode: now.quote ? 'SIZE_SHORT' : now.reasonCode,
          bets: [],
        });
      }
      throw error;
    }
    if (attempt.kind === 'wait') {
      await deps.sleep(attempt.seconds * 1000);
      waited = { suspensions: attempt.suspensions };
      continue;
    }
    if (attempt.placed) deps.onChange({ marketId: confirmation.marketId, book: bookOf(player) });
    return attempt.answer;
  }
}
