import type { Bet } from '@backlay/contract/bets';
import {
  CASH_OUT_MARKET_TYPES,
  type CashOutAnswer,
  type CashOutOrder,
  type CashOutQuote,
  type CashOutQuoteAnswer,
  type CashOutRequest,
} from '@backlay/contract/cash-out';
import type { Market } from '@backlay/contract/sports';
import { describeBet, priceText } from '../../../shared/bets/bet-description';
import { formatMoney, moneyTone } from '../../../shared/format/money';
import { i18n, params } from '../../../shared/i18n/i18n';

/*
 * What the cash out block shows and sends, from the server's quotes and answers alone: the
 * amounts are the server's (packages/exchange/src/cash-out.ts computes them), never worked
 * out here.
 */

/** The shares of a position the player can cash out, the whole of it first. */
export const CASH_OUT_FRACTIONS = [1, 0.75, 0.5, 0.25] as const;

/** What the cash out block says in words of its own; the server's reasons come as they are. */
export const offerMessages = i18n('cash-out/cash-out-offer', {
  // Said when the server gives no reason of its own (it always should).
  noCashOut: 'Cash out is not available right now.',
  runner: params('Runner {id}'),
  order: params('{choice} {stake} at {price}'),
  done: params('Cashed out {share} of {market}: {amount} locked in.'),
  moved: params('The price moved: cash out is now {amount}.'),
});

/** A share as the player reads it: `75%`. */
export function fractionLabel(fraction: number): string {
  return `${Math.round(fraction * 100)}%`;
}

/** Rupees with their sign: `+₹1,250.00` for a profit, `−₹300.00` for a loss, `₹0.00`. */
export function signedRupees(amount: number): string {
  const tone = moneyTone(amount);
  const rupees = `₹${formatMoney(tone === 'even' ? 0 : Math.abs(amount))}`;
  return tone === 'profit' ? `+${rupees}` : tone === 'loss' ? `−${rupees}` : rupees;
}

/** One market the player may cash out on, with the names of its runners and their bets on it. */
export interface CashOutMarket {
  id: string;
  name: string;
  /** How its prices read: decimal odds (match odds) or rates (bookmaker). */
  type: string;
  runnerNames: ReadonlyMap<number, string>;
  /** The player's open bets on the market: any change to them asks for a new quote. */
  bets: readonly Bet[];
}

function offersCashOut(marketType: string): boolean {
  return (CASH_OUT_MARKET_TYPES as readonly string[]).includes(marketType);
}

/**
 * The markets of some open bets that cash out can be offered on: match odds and bookmaker
 * markets where something is matched, in the order the bets list them. Runner names come from
 * the market when the page holds it, else from the bets themselves.
 */
export function cashOutMarkets(
  bets: readonly Bet[],
  markets: readonly Pick<Market, 'id' | 'name' | 'runners'>[],
): CashOutMarket[] {
  const found = new Map<
    string,
    { id: string; name: string; type: string; names: Map<number, string>; bets: Bet[] }
  >();
  for (const bet of bets) {
    if (!offersCashOut(bet.marketType)) continue;
    let entry = found.get(bet.marketId);
    if (!entry) {
      const market = markets.find((m) => m.id === bet.marketId);
      entry = {
        id: bet.marketId,
        name: market?.name ?? bet.marketName,
        type: bet.marketType,
        names: new Map(market?.runners.map((r) => [r.id, r.name])),
        bets: [],
      };
      found.set(bet.marketId, entry);
    }
    entry.bets.push(bet);
    if (!entry.names.has(bet.runnerId)) entry.names.set(bet.runnerId, bet.runnerName);
  }
  return [...found.values()]
    .filter((market) => market.bets.some((bet) => bet.matchedStake > 0))
    .map(({ names, ...market }) => ({ ...market, runnerNames: names }));
}

/**
 * A key that changes whenever the player's bets on a market change (placed, matched, cancelled,
 * hedged), and only then.
 */
export function positionKey(bets: readonly Pick<Bet, 'id' | 'matchedStake' | 'unmatchedStake'>[]) {
  return bets.map((bet) => `${bet.id}:${bet.matchedStake}:${bet.unmatchedStake}`).join(',');
}

/** A runner's name as the market gives it; its id where the page has no name for it. */
export function runnerName(names: ReadonlyMap<number, string>, runnerId: number): string {
  return names.get(runnerId) ?? offerMessages.get().runner({ id: runnerId });
}

export type MoneyTone = ReturnType<typeof moneyTone>;

/**
 * What the block shows for a quote: the amount to take, why there is none, or nothing at all:
 * once the position pays the same whoever wins (a full cash out, a hedge by hand) or no
 * matched bet is left, there is nothing to cash out, and the block goes rather than stay to
 * say so.
 */
export type CashOutOffer =
  | { kind: 'offer'; quote: CashOutQuote; amount: string; tone: MoneyTone }
  | { kind: 'unavailable'; reason: string }
  | { kind: 'nothing' };

/** Why a quote answers without one that ends the cash out's purpose rather than delays it. */
const NOTHING_LEFT: readonly (string | null)[] = ['ALREADY_LEVEL', 'NO_POSITION'];

/** The cash out offered by a quote's answer: the guaranteed amount, signed and toned. */
export function offerOf(answer: CashOutQuoteAnswer): CashOutOffer {
  if (!answer.available && NOTHING_LEFT.includes(answer.reasonCode)) return { kind: 'nothing' };
  if (!answer.available || !answer.quote) {
    return { kind: 'unavailable', reason: answer.reason ?? offerMessages.get().noCashOut };
  }
  const { guaranteed } = answer.quote;
  return {
    kind: 'offer',
    quote: answer.quote,
    amount: signedRupees(guaranteed),
    tone: moneyTone(guaranteed),
  };
}

/** One runner's if-win profit or loss before the cash out and after it; null where not given. */
export interface RunnerChange {
  runnerId: number;
  name: string;
  before: number;
  after: number | null;
}

/** The confirmation's table: each runner of the quote, before → after. */
export function runnerChanges(
  quote: Pick<CashOutQuote, 'ifWinBefore' | 'ifWinAfter'>,
  names: ReadonlyMap<number, string>,
): RunnerChange[] {
  const after = new Map(quote.ifWinAfter.map((r) => [r.runnerId, r.amount]));
  return quote.ifWinBefore.map((r) => ({
    runnerId: r.runnerId,
    name: runnerName(names, r.runnerId),
    before: r.amount,
    after: after.get(r.runnerId) ?? null,
  }));
}

/**
 * A hedge order as the confirmation lists it, as its market reads (the shared bet
 * description): `Lay India ₹540.00 at 1.87`, on a bookmaker market `… at rate 87`.
 */
export function orderLine(
  order: CashOutOrder,
  market: Pick<CashOutMarket, 'name' | 'type' | 'runnerNames'>,
): string {
  const choice = describeBet({
    marketType: market.type,
    marketName: market.name,
    runnerName: runnerName(market.runnerNames, order.runnerId),
    side: order.side,
    line: null,
  }).choice;
  return offerMessages.get().order({
    choice,
    stake: `₹${formatMoney(order.stake)}`,
    price: priceText(market.type, order.price),
  });
}

/** A confirmation of a quote, without its key. */
export type CashOutSubmission = Omit<CashOutRequest, 'idempotencyKey'>;

/** The confirmation of a quote: its share and its orders exactly as quoted. */
export function cashOutSubmission(marketId: string, quote: CashOutQuote): CashOutSubmission {
  return { marketId, fraction: quote.fraction, quote: quote.orders };
}

/** What a confirmation came to, for the player. */
export type CashOutOutcome =
  | { kind: 'done'; message: string }
  | { kind: 'requote'; quote: CashOutQuote; message: string }
  | { kind: 'refused'; message: string };

/**
 * The answer to a confirmation of `confirmed`: done (what the cashed share locks in, as quoted:
 * at least that, whoever wins), a new quote to confirm again, or why nothing can be done.
 */
export function outcomeOf(
  answer: CashOutAnswer,
  confirmed: CashOutQuote,
  marketName: string,
): CashOutOutcome {
  const t = offerMessages.get();
  if (answer.done) {
    return {
      kind: 'done',
      message: t.done({
        share: fractionLabel(confirmed.fraction),
        market: marketName,
        amount: signedRupees(confirmed.guaranteed),
      }),
    };
  }
  if (answer.requote) {
    return {
      kind: 'requote',
      quote: answer.requote,
      message: t.moved({ amount: signedRupees(answer.requote.guaranteed) }),
    };
  }
  return { kind: 'refused', message: answer.reason ?? t.noCashOut };
}
