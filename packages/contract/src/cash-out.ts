/**
 * Cash out on the wire: the hedge bets that make a player's profit or loss on a market the same
 * whichever runner wins, at the best prices on offer now, and what that locks in
 * (packages/exchange/src/cash-out.ts has the maths). Offered on match odds and bookmaker
 * markets of brands that switch it on, never on fancy markets. Amounts are rupees, prices
 * decimal odds on the exchange ladder, sides as bets spell them.
 *
 * The player asks for a quote, sees it, and confirms by sending its orders back. The server
 * places them only if they are still the cash out of the player's position at prices no worse
 * for the player; otherwise it places nothing and answers the quote as it is now, to confirm
 * again.
 */
import { z } from 'zod';
import {
  BET_REFUSALS,
  BET_SIDES,
  betSchema,
  IDEMPOTENCY_KEY_RULE,
  rupeesSchema,
  type BetRefusal,
} from './bets';
import { marketIdSchema, runnerIdSchema, type MarketType } from './sports';

/** The market types cash out is offered on (where the brand switches it on). */
export const CASH_OUT_MARKET_TYPES = [
  'MATCH_ODDS',
  'BOOKMAKER',
] as const satisfies readonly MarketType[];

/** The smallest share of a position a player may cash out; the whole position is 1. */
export const CASH_OUT_MIN_FRACTION = 0.1;

/** A share of the position, in whole percent from 10% to 100%; the whole position by default. */
export const cashOutFractionSchema = z.coerce
  .number({ message: 'Choose how much to cash out' })
  .min(CASH_OUT_MIN_FRACTION, 'Cash out at least 10%')
  .max(1, 'Cash out at most all of it')
  .refine((f) => Math.abs(Math.round(f * 100) - f * 100) < 1e-9, 'Whole percent only')
  .default(1);

/** Why cash out is not offered, or was not done, beyond the refusals a bet can meet. */
export const CASH_OUT_REFUSALS = {
  SWITCHED_OFF: 'Cash out is not offered on this site.',
  MARKET_TYPE: 'Cash out is not offered on this market.',
  NO_POSITION: 'You have no matched bets on this market to cash out.',
  UNMATCHED_BETS: 'You have unmatched bets on this market: cancel them to cash out.',
  ALREADY_LEVEL: 'Your bets here already pay the same whoever wins: there is nothing to cash out.',
  NO_PRICE: 'There is no price to cash out at right now. Try again shortly.',
  NOT_ENOUGH_OFFERED: 'Not enough is on offer at the best price to cash out right now.',
  PRICE_MOVED: 'The price moved since your quote. Here is the cash out at the price now.',
  SIZE_SHORT: 'Less is on offer at your quoted price now. Here is the cash out as it is now.',
  QUOTE_CHANGED: 'Your bets or the prices changed since your quote. Here is the cash out now.',
} as const;
export type CashOutRefusal = keyof typeof CASH_OUT_REFUSALS;

/**
 * The code of a `reason`: one of CASH_OUT_REFUSALS, or the bet refusal the hedge would meet
 * (the market is suspended, a stake is outside the limits, betting is locked...).
 */
export const CASH_OUT_REASON_CODES = [
  ...(Object.keys(CASH_OUT_REFUSALS) as CashOutRefusal[]),
  ...(Object.keys(BET_REFUSALS) as BetRefusal[]),
] as const;
export type CashOutReasonCode = CashOutRefusal | BetRefusal;
export const cashOutReasonCodeSchema = z.enum(
  CASH_OUT_REASON_CODES as unknown as [CashOutReasonCode, ...CashOutReasonCode[]],
);

/** One hedge order: a bet on a runner, at a price (the limit) and a stake. */
export const cashOutOrderSchema = z.object({
  runnerId: runnerIdSchema,
  side: z.enum(BET_SIDES),
  price: z.number({ message: 'Enter a price' }),
  stake: rupeesSchema,
});
export type CashOutOrder = z.infer<typeof cashOutOrderSchema>;

/** A runner's profit or loss if it wins, in rupees (negative: a loss). */
export const runnerAmountSchema = z.object({ runnerId: z.number(), amount: z.number() });
export type RunnerAmount = z.infer<typeof runnerAmountSchema>;

/** A cash out at the prices of the moment. */
export const cashOutQuoteSchema = z.object({
  fraction: z.number(),
  /** The bets to place, at most one per runner. */
  orders: z.array(cashOutOrderSchema),
  /** If-win profit or loss per runner now, in the market's runner order. */
  ifWinBefore: z.array(runnerAmountSchema),
  /** The same once every order has matched at its price: level, but for what is kept. */
  ifWinAfter: z.array(runnerAmountSchema),
  /** What the cashed share pays whoever wins, at least (negative: a loss locked in). */
  guaranteed: z.number(),
});
export type CashOutQuote = z.infer<typeof cashOutQuoteSchema>;

/** `Bet/CashOutQuote`. */
export const cashOutQuoteRequestSchema = z.object({
  marketId: marketIdSchema,
  fraction: cashOutFractionSchema,
});
export type CashOutQuoteRequest = z.input<typeof cashOutQuoteRequestSchema>;
/** A quote request as parsed: the fraction defaulted. */
export type CashOutAsk = z.output<typeof cashOutQuoteRequestSchema>;

export const cashOutQuoteAnswerSchema = z.object({
  /** Whether the player can cash out now, with `quote`. */
  available: z.boolean(),
  /** When not available: why, as a sentence for the player; else null. */
  reason: z.string().nullable(),
  reasonCode: cashOutReasonCodeSchema.nullable(),
  quote: cashOutQuoteSchema.nullable(),
});
export type CashOutQuoteAnswer = z.infer<typeof cashOutQuoteAnswerSchema>;

/** At most one hedge order per runner; no market has more runners than this. */
export const CASH_OUT_MAX_ORDERS = 100;

/** `Bet/CashOut`: confirms a quote by sending its orders back as they were quoted. */
export const cashOutRequestSchema = z.object({
  marketId: marketIdSchema,
  /** The share the quote was for. */
  fraction: cashOutFractionSchema,
  /** The quote's `orders`, exactly as quoted. */
  quote: z.array(cashOutOrderSchema).min(1, 'A cash out has orders').max(CASH_OUT_MAX_ORDERS),
  /** Chosen by the client per confirmation; a replay places nothing twice. */
  idempotencyKey: z.string().regex(IDEMPOTENCY_KEY_RULE, 'A cash out needs an idempotency key'),
});
export type CashOutRequest = z.input<typeof cashOutRequestSchema>;
/** A confirmation as parsed: the fraction defaulted, runner ids numbers. */
export type CashOutConfirmation = z.output<typeof cashOutRequestSchema>;

export const cashOutAnswerSchema = z.object({
  /** Whether the hedge bets were placed (all of them matched in full). */
  done: z.boolean(),
  /** Not done, but the cash out is available at the prices now: to show and confirm. */
  requote: cashOutQuoteSchema.nullable(),
  /** When not done: why, as a sentence for the player; else null. */
  reason: z.string().nullable(),
  reasonCode: cashOutReasonCodeSchema.nullable(),
  /** The hedge bets placed (none when not done). */
  bets: z.array(betSchema),
  /** If-win profit or loss per runner after the call (unchanged when not done). */
  ifWinAfter: z.array(runnerAmountSchema),
  balance: z.number(),
  exposure: z.number(),
  available: z.number(),
});
export type CashOutAnswer = z.infer<typeof cashOutAnswerSchema>;
