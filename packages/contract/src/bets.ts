/**
 * Bets on the wire: placing and cancelling, open bets, expected profit and loss, bet history
 * and settled profit and loss (spec §3, §7). Stakes and amounts are rupees with at most two
 * decimals; prices are decimal odds on the exchange ladder.
 */
import { z } from 'zod';
import { moneySchema } from './money';
import { eventIdSchema, marketIdSchema, runnerIdSchema, sportIdSchema } from './sports';

export const BET_SIDES = ['BACK', 'LAY'] as const;
export type BetSide = (typeof BET_SIDES)[number];

/** Rupees with at most two decimals, positive: the contract's one money rule. */
export const rupeesSchema = moneySchema({ max: 10_000_000_000 });

export const IDEMPOTENCY_KEY_RULE = /^[A-Za-z0-9_-]{8,80}$/;

/** `Bet/PlaceBetV2`. */
export const placeBetRequestSchema = z.object({
  marketId: marketIdSchema,
  runnerId: runnerIdSchema,
  side: z.enum(BET_SIDES),
  /** Decimal odds; must be a ladder price. FANCY markets take the quoted rate. */
  price: z.number({ message: 'Enter a price' }),
  stake: rupeesSchema,
  /** Chosen by the client per bet slip submission; a replay places nothing twice. */
  idempotencyKey: z.string().regex(IDEMPOTENCY_KEY_RULE, 'A bet needs an idempotency key'),
  /** Keep the unmatched rest when the event goes in play (default: it lapses). */
  keepInPlay: z.boolean().optional(),
});
export type PlaceBetRequest = z.infer<typeof placeBetRequestSchema>;

export const BET_STATUSES = [
  'UNMATCHED',
  'PARTIALLY_MATCHED',
  'MATCHED',
  'CANCELLED',
  'LAPSED',
  'SETTLED',
  'VOID',
] as const;
export type BetStatus = (typeof BET_STATUSES)[number];

export const betSchema = z.object({
  id: z.number(),
  eventId: z.number(),
  eventName: z.string(),
  /** The feed's id of the event: with `eventId`, the bet's link to its market page. */
  eventExternalId: z.string(),
  sportId: z.number(),
  marketId: z.string(),
  marketName: z.string(),
  marketType: z.string(),
  /**
   * FANCY: the market's line, one run value V as V - 0.5 (a session's ladder of run positions
   * is drawn from the player's bets); null for other markets.
   */
  line: z.number().nullable(),
  runnerId: z.number(),
  runnerName: z.string(),
  side: z.enum(BET_SIDES),
  /** The price asked for. */
  price: z.number(),
  /** The stake asked for. */
  stake: z.number(),
  matchedStake: z.number(),
  /** Stake-weighted price of the matched part; null while nothing is matched. */
  averagePrice: z.number().nullable(),
  unmatchedStake: z.number(),
  /** Stake taken off the book by cancellation or lapse. */
  cancelledStake: z.number(),
  status: z.enum(BET_STATUSES),
  /** What the bet can lose as it stands: matched and unmatched parts. */
  liability: z.number(),
  /** The bet's own result once its market settles, before commission; else null. */
  profitLoss: z.number().nullable(),
  /**
   * FANCY, settled: the session's final run count where the settled values of its family
   * bracket it (Yes won at V, No at V + 1); else null, and the bet's own value says the rest.
   */
  resultRuns: z.number().nullable(),
  keepInPlay: z.boolean(),
  placedAt: z.string(),
  settledAt: z.string().nullable(),
});
export type Bet = z.infer<typeof betSchema>;

/** What a placement or cancellation answers: the bet and the wallet after it. */
export const betResultSchema = z.object({
  bet: betSchema,
  balance: z.number(),
  exposure: z.number(),
  available: z.number(),
});
export type BetResult = z.infer<typeof betResultSchema>;

/** `Bet/CancelBet`: takes the unmatched rest of one of the player's bets off the book. */
export const cancelBetRequestSchema = z.object({ betId: z.coerce.number().int().positive() });

/** `Bet/GetUserOpenBets` (spec §3: openBets, balance, exposure). */
export const openBetsQuerySchema = z.object({
  eventId: eventIdSchema.optional(),
  marketId: marketIdSchema.optional(),
});
export const openBetsSchema = z.object({
  openBets: z.array(betSchema),
  balance: z.number(),
  exposure: z.number(),
});
export type OpenBets = z.infer<typeof openBetsSchema>;

/** `Bet/GetUserExpectedProfitLoss`: if-win profit or loss per runner of each market bet on. */
export const expectedProfitLossQuerySchema = openBetsQuerySchema;
export const expectedProfitLossSchema = z.array(
  z.object({
    eventId: z.number(),
    marketId: z.string(),
    /** What the player stands to lose on the market: worst runner plus unmatched bets. */
    exposure: z.number(),
    runners: z.array(z.object({ runnerId: z.number(), profitLoss: z.number() })),
  }),
);
export type ExpectedProfitLoss = z.infer<typeof expectedProfitLossSchema>;

const pagingSchema = {
  MaxResultCount: z.coerce.number().int().min(1).max(100).default(20),
  SkipCount: z.coerce.number().int().min(0).max(1_000_000).default(0),
};
/** An ISO 8601 date and time with its offset (a regex, not z.iso: smaller in the client). */
const ISO_DATE_TIME =
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;
const dateSchema = z
  .string()
  .regex(ISO_DATE_TIME, 'Dates are ISO 8601')
  .refine((value) => !Number.isNaN(Date.parse(value)), 'Dates are ISO 8601');

export const BET_HISTORY_FILTERS = ['ALL', 'MATCHED', 'UNMATCHED', 'SETTLED', 'CANCELLED'] as const;

/** `Bet/GetUserBetHistory`. */
export const betHistoryRequestSchema = z.object({
  fromDate: dateSchema.optional(),
  toDate: dateSchema.optional(),
  sportId: sportIdSchema.optional(),
  status: z.enum(BET_HISTORY_FILTERS).default('ALL'),
  ...pagingSchema,
});
export type BetHistoryRequest = z.input<typeof betHistoryRequestSchema>;
export const betHistorySchema = z.object({
  totalCount: z.number(),
  items: z.array(betSchema),
});
export type BetHistory = z.infer<typeof betHistorySchema>;

/** `Bet/GetUserProfitLoss`: settled markets, what each made or lost, and the commission. */
export const profitLossRequestSchema = z.object({
  fromDate: dateSchema.optional(),
  toDate: dateSchema.optional(),
  sportId: sportIdSchema.optional(),
  ...pagingSchema,
});
export type ProfitLossRequest = z.input<typeof profitLossRequestSchema>;
/** A bet of a settled market on the profit and loss report. */
export const profitLossBetSchema = betSchema.pick({
  id: true,
  runnerName: true,
  side: true,
  averagePrice: true,
  matchedStake: true,
  profitLoss: true,
});
export type ProfitLossBet = z.infer<typeof profitLossBetSchema>;
export const profitLossItemSchema = z.object({
  eventId: z.number(),
  eventName: z.string(),
  sportId: z.number(),
  sportName: z.string(),
  marketId: z.string(),
  marketName: z.string(),
  marketType: z.string(),
  /** FANCY: the market's line (one run value V as V - 0.5); null for other markets. */
  line: z.number().nullable(),
  /** The winning runner's name, or `Void`. */
  result: z.string(),
  /** FANCY: the session's final run count where known (as a bet's `resultRuns`); else null. */
  resultRuns: z.number().nullable(),
  settledAt: z.string(),
  /** Before commission. */
  profitLoss: z.number(),
  commission: z.number(),
  net: z.number(),
  /**
   * The player's matched bets on the market, oldest first, as they were placed: their side and
   * selection read with the market's type and line, their matched price (a rate on bookmaker and
   * fancy markets), and each one's own result.
   */
  bets: z.array(profitLossBetSchema).default([]),
});
export type ProfitLossItem = z.infer<typeof profitLossItemSchema>;
export const profitLossSchema = z.object({
  totalCount: z.number(),
  items: z.array(profitLossItemSchema),
  total: z.object({ profitLoss: z.number(), commission: z.number(), net: z.number() }),
});
export type ProfitLoss = z.infer<typeof profitLossSchema>;

/** Why a bet was refused; the error envelope's `details` carries one of these. */
export const BET_REFUSALS = {
  PRICE_OFF_LADDER: 'That price is not on the price ladder.',
  STAKE_BELOW_MIN: 'The stake is below the minimum for this market.',
  STAKE_ABOVE_MAX: 'The stake is above the maximum for this market.',
  LIABILITY_ABOVE_MAX: 'This bet would take your liability on the market above its limit.',
  INSUFFICIENT_FUNDS: 'Your available balance is too low for this bet.',
  UNKNOWN_MARKET: 'That market does not exist.',
  UNKNOWN_RUNNER: 'That selection is not in this market.',
  MARKET_SUSPENDED: 'The market is suspended. Try again when it reopens.',
  MARKET_CLOSED: 'The market is closed.',
  SPORT_NOT_ALLOWED: 'Betting on this sport is not available on your account.',
  BETTING_LOCKED: 'Betting is locked on this account. Please contact support.',
  LOSS_LIMIT: 'This bet would take what you could lose past a loss limit you set.',
  SUSPENDED_DURING_DELAY: 'The market was suspended while your in-play bet was waiting.',
  NOT_MATCHED: 'No price was available for this bet, so nothing was placed.',
  IDEMPOTENCY_CONFLICT: 'This bet slip was already used for a different bet.',
  UNKNOWN_BET: 'That bet does not exist.',
  NOTHING_TO_CANCEL: 'That bet has nothing unmatched left to cancel.',
} as const;
export type BetRefusal = keyof typeof BET_REFUSALS;
