/**
 * The games studio's own real-time protocol (issue #27): what the crash game `sbe_aviator`'s
 * page and the studio's server say to each other over the studio's WebSocket. The studio is a
 * casino provider like any outside one: Backlay's player API is not involved; the page holds
 * the launch URL's player token and the studio's server turns each move into a signed wallet
 * callback (`casino-wallet.ts`), answering with the balance the callback answered.
 *
 * Where things are (same origin as the lobby, inside its frame):
 * - the game's page: `crashGamePath(provider)` = `/games/<provider>/sbe_aviator/`. The launch
 *   URL is `/games/<provider>/?token=…&game=sbe_aviator&lang=…`; the studio redirects it there
 *   with the same query. The folder `apps/games/dist/crash/` is served as it is under that path
 *   (its `index.html` at the path itself, any other file by its name below it), so the bundle's
 *   asset URLs must be relative (Vite `base: './'`). When the folder is not built, the path
 *   answers 503 with a sentence saying so.
 * - the WebSocket: `crashSocketPath(provider)` = `/games/<provider>/sbe_aviator/ws`. Text frames,
 *   one JSON message each, `type` naming it. The first message a page sends is `join` with the
 *   launch token; a page that has not joined gets `error` NOT_JOINED to anything else.
 * - the last rounds, for the verify page: `GET crashRoundsPath(provider)` answers
 *   `crashRoundsAnswerSchema` (no token needed: hashes are public once revealed).
 *
 * Units: money in whole minor units (paise), `…Minor`; multipliers in whole hundredths,
 * `…Centi` (2.50× is 250); times in epoch milliseconds of the server's clock (`…At`,
 * `serverTime`) or milliseconds since the round started (`elapsedMs`). A page draws the
 * multiplier from the server's clock: `multiplierCentiAt(serverNow - startedAt)` of
 * `crash-fairness.ts`, with `serverNow` estimated from `serverTime` of `welcome`, `tick` and
 * `pong`. The server decides every cash-out on its own clock; the page's figure is only a view.
 *
 * Rounds (one table, one round at a time, shared by every player of the game):
 * `BETTING` (bets taken until `bettingEndsAt`) → `RUNNING` (from `startedAt`, ticks every
 * `tickMs`) → `CRASHED` (crash point and hash revealed; the pause until `nextRoundAt`) → the
 * next round's `BETTING`. `PAUSED` means the table plays no rounds just now (see `reason`).
 * Each phase change is one `round` message to every connection.
 *
 * Bets: two per player per round (slots 1 and 2), placed during `BETTING` only (a page that
 * wants "bet on the next round" keeps it until the next `BETTING`). A bet is a debit; it is
 * `betAccepted` only once the wallet took it. During `BETTING` a bet can be cancelled (given
 * back). During `RUNNING` a bet cashes out by `cashOut` or at its auto cash-out target (paying
 * exactly the target), or when its win reaches the table's max win (paying the max win); at
 * the crash every bet still in is lost. A cash-out that reaches the server at or after the
 * crash's millisecond is refused CRASHED: the round decides each bet one way only.
 *
 * Compatibility: messages and fields are only ever added. A page ignores a message `type` it
 * does not know and fields it does not know (the schemas here strip them).
 */
import { z } from 'zod';
import { CRASH_HASH_PATTERN, MAX_CRASH_CENTI, MAX_HOUSE_EDGE_BP } from './crash-fairness';

export {
  CENTI,
  CRASH_GROWTH_RATE_PER_MS,
  crashPointFromHash,
  elapsedMsToReach,
  followsInChain,
  formatMultiplier,
  MAX_CRASH_CENTI,
  MAX_HOUSE_EDGE_BP,
  multiplierCentiAt,
  nextChainHash,
  winProbability,
  type CrashFairnessParams,
} from './crash-fairness';

/** The protocol's version; `join` may name it and `welcome` says which one the server speaks. */
export const CRASH_PROTOCOL_VERSION = 1;

/** Where the studio serves games: `/games/<provider code>/…`. */
export const HOUSE_GAMES_PREFIX = '/games';

/** The crash game (spec §2, §9): its game code and game id in the catalogue. */
export const CRASH_GAME_CODE = 'sbe_aviator';
export const CRASH_GAME_ID = 201206;

/** The crash game's page. */
export function crashGamePath(provider: string): string {
  return `${HOUSE_GAMES_PREFIX}/${provider}/${CRASH_GAME_CODE}/`;
}

/** The crash game's WebSocket. */
export function crashSocketPath(provider: string): string {
  return `${HOUSE_GAMES_PREFIX}/${provider}/${CRASH_GAME_CODE}/ws`;
}

/** The last rounds with their revealed hashes, as JSON (`crashRoundsAnswerSchema`). */
export function crashRoundsPath(provider: string): string {
  return `${HOUSE_GAMES_PREFIX}/${provider}/${CRASH_GAME_CODE}/rounds`;
}

/** The query parameters a link to the verify page may carry (all optional). */
export const CRASH_VERIFY_PARAMS = {
  hash: 'hash',
  salt: 'salt',
  houseEdgeBp: 'edge',
  /** The hash of the round before (or the terminating hash), to check the chain's link. */
  previousHash: 'previous',
} as const;

/** The bet slots a player has per round. */
export const CRASH_SLOTS = [1, 2] as const;
export type CrashSlot = (typeof CRASH_SLOTS)[number];

/** The lowest auto cash-out target: 1.01×. */
export const MIN_AUTO_CASH_OUT_CENTI = 101;

/**
 * The studio's default timings (bustabit's classic ones): a 5 s betting window, a tick every
 * 150 ms while running, 3 s from the crash to the next betting window.
 */
export const CRASH_DEFAULT_TIMINGS = { bettingMs: 5_000, tickMs: 150, pauseMs: 3_000 } as const;

/** The most entries of the last rounds a `welcome` carries. */
export const CRASH_HISTORY_LENGTH = 50;

/** The most bets the live list holds (the round's biggest); the rest are in its totals. */
export const CRASH_LIVE_LIST_LENGTH = 100;

const minor = z.number().int().min(0).max(1_000_000_000_000_000);
const centi = z.number().int().min(100).max(MAX_CRASH_CENTI);
const epochMs = z.number().int().nonnegative();
const slotSchema = z.union([z.literal(1), z.literal(2)]);
const idSchema = z.string().min(1).max(100);
/** A page's own id for a request, echoed in its answer. */
const requestIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9._:-]{1,64}$/, 'A request id is 1 to 64 letters, digits or . _ : -');
export const crashHashSchema = z
  .string()
  .regex(CRASH_HASH_PATTERN, 'A hash is 64 lowercase hex digits');

// ---------------------------------------------------------------------------------------------
// What a page sends.

/** The first message: the launch URL's player token, and the page's language. */
export const crashJoinSchema = z.object({
  type: z.literal('join'),
  token: z.string().min(16).max(200),
  lang: z.enum(['en', 'hi']).optional(),
  protocol: z.number().int().positive().optional(),
});

/** A bet on the round in its betting window: `amountMinor`, and an optional auto cash-out. */
export const crashBetSchema = z.object({
  type: z.literal('bet'),
  requestId: requestIdSchema,
  slot: slotSchema,
  amountMinor: minor.min(1),
  /** Cash out automatically at this multiplier (at least `MIN_AUTO_CASH_OUT_CENTI`); null: off. */
  autoCashOutCenti: z
    .number()
    .int()
    .min(MIN_AUTO_CASH_OUT_CENTI)
    .max(MAX_CRASH_CENTI)
    .nullable()
    .optional(),
});

/** Takes back the slot's bet while the betting window is open (the stake is given back). */
export const crashCancelBetSchema = z.object({
  type: z.literal('cancelBet'),
  requestId: requestIdSchema,
  slot: slotSchema,
});

/** Cashes out the slot's bet now, at the server's multiplier when the message reaches it. */
export const crashCashOutSchema = z.object({
  type: z.literal('cashOut'),
  requestId: requestIdSchema,
  slot: slotSchema,
});

/** A clock check: the server answers `pong` with its time at once. */
export const crashPingSchema = z.object({
  type: z.literal('ping'),
  /** The page's own clock, echoed back, to measure the round trip. */
  clientTime: z.number(),
});

export const crashClientMessageSchema = z.discriminatedUnion('type', [
  crashJoinSchema,
  crashBetSchema,
  crashCancelBetSchema,
  crashCashOutSchema,
  crashPingSchema,
]);
export type CrashJoin = z.infer<typeof crashJoinSchema>;
export type CrashBet = z.infer<typeof crashBetSchema>;
export type CrashCancelBet = z.infer<typeof crashCancelBetSchema>;
export type CrashCashOut = z.infer<typeof crashCashOutSchema>;
export type CrashPing = z.infer<typeof crashPingSchema>;
export type CrashClientMessage = z.infer<typeof crashClientMessageSchema>;

// ---------------------------------------------------------------------------------------------
// What the server tells: the table, the fairness, the round.

/** The table's rules, from the studio's configuration. */
export const crashTableSchema = z.object({
  gameCode: z.string(),
  currency: z.string(),
  /** The house edge in basis points (100 = 1%): what every bet returns less, on average. */
  houseEdgeBp: z.number().int().min(0).max(MAX_HOUSE_EDGE_BP),
  minBetMinor: minor,
  maxBetMinor: minor,
  /** The most one bet can win in a round (stake included): a bet reaching it is cashed out. */
  maxWinMinor: minor,
  minAutoCashOutCenti: centi,
  maxAutoCashOutCenti: centi,
  bettingMs: z.number().int().positive(),
  tickMs: z.number().int().positive(),
  pauseMs: z.number().int().nonnegative(),
  /** `m(t) = e^(growthRatePerMs × t)`: `crash-fairness.ts`'s `multiplierCentiAt`. */
  growthRatePerMs: z.number().positive(),
  /** Bets per player per round (the slots 1..slots). */
  slots: z.number().int().positive(),
});
export type CrashTable = z.infer<typeof crashTableSchema>;

/** The hash chain the rounds come from, published before its first round. */
export const crashFairnessSchema = z.object({
  chainId: z.number().int().positive(),
  /** SHA-256 of the first round's hash: the chain's last link, published before play. */
  terminatingHash: crashHashSchema,
  /** The HMAC key the crash points are computed with. */
  salt: z.string(),
  houseEdgeBp: z.number().int().min(0).max(MAX_HOUSE_EDGE_BP),
  /** How many rounds the chain has. */
  chainLength: z.number().int().positive(),
});
export type CrashFairness = z.infer<typeof crashFairnessSchema>;

/** Why a table plays no rounds just now. */
export const CRASH_PAUSE_REASONS = [
  'STARTING',
  'WALLET_UNAVAILABLE',
  'MAINTENANCE',
  'STOPPING',
] as const;
export type CrashPauseReason = (typeof CRASH_PAUSE_REASONS)[number];

const roundBase = {
  /** The studio's round id: also the round id of the wallet callbacks (the console finds it). */
  roundId: idSchema,
  /** The round's place in its chain (1 = the first round played from it). */
  number: z.number().int().positive(),
  chainId: z.number().int().positive(),
};

/** The round as it stands: one shape per phase. */
export const crashRoundSchema = z.discriminatedUnion('phase', [
  z.object({ phase: z.literal('BETTING'), ...roundBase, bettingEndsAt: epochMs }),
  z.object({
    phase: z.literal('RUNNING'),
    ...roundBase,
    startedAt: epochMs,
    growthRatePerMs: z.number().positive(),
  }),
  z.object({
    phase: z.literal('CRASHED'),
    ...roundBase,
    startedAt: epochMs,
    crashedAt: epochMs,
    crashPointCenti: centi,
    /** The round's hash, revealed: `crashPointFromHash(hash, { houseEdgeBp, salt })`. */
    hash: crashHashSchema,
    /** When the next betting window opens (the pause ends). */
    nextRoundAt: epochMs,
  }),
  z.object({
    phase: z.literal('PAUSED'),
    reason: z.enum(CRASH_PAUSE_REASONS),
    message: z.string(),
  }),
]);
export type CrashRound = z.infer<typeof crashRoundSchema>;
export type CrashPhase = CrashRound['phase'];

/** A finished round in the last rounds' list. */
export const crashHistoryEntrySchema = z.object({
  roundId: idSchema,
  chainId: z.number().int().positive(),
  number: z.number().int().positive(),
  crashPointCenti: centi,
  hash: crashHashSchema,
  crashedAt: epochMs,
});
export type CrashHistoryEntry = z.infer<typeof crashHistoryEntrySchema>;

/** A bet in the live list every player sees (players are shown by a masked label). */
export const crashLiveBetSchema = z.object({
  betId: idSchema,
  /**
   * A masked label for the player ("3***4f2"); `mine` marks the reader's own in `welcome`'s
   * list. In `bets` messages (one text sent to every page) it is always false: a page knows its
   * own bets by the `betId`s its `betAccepted` answers carried.
   */
  player: z.string(),
  mine: z.boolean(),
  slot: slotSchema,
  amountMinor: minor,
  /** Set once it cashed out. */
  cashedOutCenti: centi.nullable(),
  winMinor: minor.nullable(),
});
export type CrashLiveBet = z.infer<typeof crashLiveBetSchema>;

/**
 * The whole round's bets as counts: how many, their stakes, how many cashed out and what they
 * won (the live list itself holds at most `CRASH_LIVE_LIST_LENGTH` of them).
 */
export const crashBetTotalsSchema = z.object({
  bets: z.number().int().nonnegative(),
  stakeMinor: minor,
  cashedOut: z.number().int().nonnegative(),
  winMinor: minor,
});
export type CrashBetTotals = z.infer<typeof crashBetTotalsSchema>;

export const CRASH_BET_STATES = ['PLACED', 'CASHED_OUT', 'LOST', 'CANCELLED'] as const;
export type CrashBetState = (typeof CRASH_BET_STATES)[number];

/** One of the player's own bets in the current round, as a page restores it on (re)join. */
export const crashMyBetSchema = z.object({
  betId: idSchema,
  roundId: idSchema,
  slot: slotSchema,
  amountMinor: minor,
  autoCashOutCenti: centi.nullable(),
  state: z.enum(CRASH_BET_STATES),
  cashedOutCenti: centi.nullable(),
  winMinor: minor.nullable(),
});
export type CrashMyBet = z.infer<typeof crashMyBetSchema>;

/**
 * Why a move was refused, with the sentence a page may show (pages translate by code). The
 * wallet's refusals keep the callback API's codes.
 */
export const CRASH_REFUSALS = {
  NOT_JOINED: 'Join the table first.',
  BAD_MESSAGE: 'The game sent a message the table does not understand.',
  INVALID_TOKEN: 'This game session is not valid. Open the game again from the casino.',
  TOKEN_EXPIRED: 'This game session has ended. Open the game again from the casino.',
  BETTING_CLOSED: 'Bets are taken only while the betting window is open.',
  TABLE_PAUSED: 'The table is paused just now.',
  SLOT_TAKEN: 'That bet slot already has a bet in this round.',
  NO_BET: 'There is no bet in that slot in this round.',
  NOT_RUNNING: 'The round has not started yet.',
  ALREADY_CASHED_OUT: 'That bet has already cashed out.',
  CRASHED: 'Too late: the round crashed first.',
  BELOW_MIN_BET: 'The bet is below the table minimum.',
  ABOVE_MAX_BET: 'The bet is above the table maximum.',
  BAD_AUTO_CASH_OUT: 'The auto cash-out is outside the table limits.',
  INSUFFICIENT_FUNDS: 'Your balance does not cover this bet.',
  PLAYER_BLOCKED: 'Betting is not possible on your account just now.',
  LIMIT_REACHED: 'This bet would pass a loss limit you set.',
  UNKNOWN_GAME: 'This game is not available on your site.',
  RATE_LIMITED: 'Too many requests. Wait a moment.',
  WALLET_UNAVAILABLE: 'The wallet did not answer. Try again.',
  BUSY: 'Your previous request on this slot is still being handled.',
} as const;
export type CrashRefusalCode = keyof typeof CRASH_REFUSALS;
export const CRASH_REFUSAL_CODES = Object.keys(CRASH_REFUSALS) as [
  CrashRefusalCode,
  ...CrashRefusalCode[],
];
const refusalCodeSchema = z.enum(CRASH_REFUSAL_CODES);

// ---------------------------------------------------------------------------------------------
// What the server sends.

/** The answer to `join`: everything a page needs to draw the table, also after a reconnect. */
export const crashWelcomeSchema = z.object({
  type: z.literal('welcome'),
  protocol: z.number().int().positive(),
  serverTime: epochMs,
  playerId: z.string(),
  currency: z.string(),
  balanceMinor: z.number().int(),
  table: crashTableSchema,
  fairness: crashFairnessSchema,
  round: crashRoundSchema,
  /** The last rounds, newest first. */
  history: z.array(crashHistoryEntrySchema),
  /** The current round's live list (its biggest bets). */
  bets: z.array(crashLiveBetSchema),
  /** The current round's counts. */
  totals: crashBetTotalsSchema.optional(),
  /** The player's own bets in the current round (after a reconnect: none lost). */
  myBets: z.array(crashMyBetSchema),
});

/** A phase change (to every connection). */
export const crashRoundMessageSchema = z.object({
  type: z.literal('round'),
  serverTime: epochMs,
  round: crashRoundSchema,
});

/** The running round's multiplier, every `tickMs` (to every connection). */
export const crashTickSchema = z.object({
  type: z.literal('tick'),
  roundId: idSchema,
  serverTime: epochMs,
  elapsedMs: z.number().int().nonnegative(),
  multiplierCenti: centi,
});

/** A new chain began (the last one ran out): its terminating hash, before its first round. */
export const crashChainSchema = z.object({
  type: z.literal('chain'),
  fairness: crashFairnessSchema,
});

export const crashBetAcceptedSchema = z.object({
  type: z.literal('betAccepted'),
  requestId: requestIdSchema,
  bet: crashMyBetSchema,
  balanceMinor: z.number().int(),
});

export const crashBetRefusedSchema = z.object({
  type: z.literal('betRefused'),
  requestId: requestIdSchema,
  slot: slotSchema,
  code: refusalCodeSchema,
  message: z.string(),
  /** The balance where the wallet said it (always with INSUFFICIENT_FUNDS). */
  balanceMinor: z.number().int().optional(),
});

export const crashBetCancelledSchema = z.object({
  type: z.literal('betCancelled'),
  requestId: requestIdSchema,
  bet: crashMyBetSchema,
  balanceMinor: z.number().int(),
});

/**
 * A bet cashed out: by the player (`requestId`), at its target, or at the max win. Sent once the
 * studio's round log holds the win, which stands from then on; the balance follows in a
 * `balance` message once the wallet has credited it.
 */
export const crashCashedOutSchema = z.object({
  type: z.literal('cashedOut'),
  /** The player's `cashOut` request; absent for an automatic one. */
  requestId: requestIdSchema.optional(),
  reason: z.enum(['MANUAL', 'AUTO', 'MAX_WIN']),
  bet: crashMyBetSchema,
  multiplierCenti: centi,
  winMinor: minor,
});

/** A refused request other than a bet (`cancelBet`, `cashOut`). */
export const crashRefusedSchema = z.object({
  type: z.literal('refused'),
  requestId: requestIdSchema,
  request: z.enum(['cancelBet', 'cashOut']),
  slot: slotSchema,
  code: refusalCodeSchema,
  message: z.string(),
});

/** A bet still in at the crash: lost (its zero credit closed the round). */
export const crashBetLostSchema = z.object({
  type: z.literal('betLost'),
  bet: crashMyBetSchema,
  crashPointCenti: centi,
});

/** The player's balance, as the latest wallet answer said it. */
export const crashBalanceSchema = z.object({
  type: z.literal('balance'),
  balanceMinor: z.number().int(),
});

/**
 * The live list's changes since the last one (batched, a few a second at most). The list holds
 * the round's biggest bets, at most `CRASH_LIVE_LIST_LENGTH` (every bet to every page would
 * grow with the square of the players); `cancelled` also names bets that left it for bigger
 * ones. A page's own bets come in its own answers whether listed or not.
 */
export const crashLiveBetsSchema = z.object({
  type: z.literal('bets'),
  roundId: idSchema,
  placed: z.array(crashLiveBetSchema),
  cancelled: z.array(idSchema),
  cashedOut: z.array(z.object({ betId: idSchema, cashedOutCenti: centi, winMinor: minor })),
  /** The whole round's counts, as of this message. */
  totals: crashBetTotalsSchema.optional(),
});

export const crashPongSchema = z.object({
  type: z.literal('pong'),
  clientTime: z.number(),
  serverTime: epochMs,
});

/** A protocol error (not joined, a malformed message, a token refused at `join`). */
export const crashErrorSchema = z.object({
  type: z.literal('error'),
  code: refusalCodeSchema,
  message: z.string(),
  /** The server closes the connection after this message (do not retry the same token). */
  fatal: z.boolean(),
});

export const crashServerMessageSchema = z.discriminatedUnion('type', [
  crashWelcomeSchema,
  crashRoundMessageSchema,
  crashTickSchema,
  crashChainSchema,
  crashBetAcceptedSchema,
  crashBetRefusedSchema,
  crashBetCancelledSchema,
  crashCashedOutSchema,
  crashRefusedSchema,
  crashBetLostSchema,
  crashBalanceSchema,
  crashLiveBetsSchema,
  crashPongSchema,
  crashErrorSchema,
]);
export type CrashServerMessage = z.infer<typeof crashServerMessageSchema>;
export type CrashWelcome = z.infer<typeof crashWelcomeSchema>;
export type CrashRoundMessage = z.infer<typeof crashRoundMessageSchema>;
export type CrashTick = z.infer<typeof crashTickSchema>;
export type CrashBetAccepted = z.infer<typeof crashBetAcceptedSchema>;
export type CrashBetRefused = z.infer<typeof crashBetRefusedSchema>;
export type CrashBetCancelled = z.infer<typeof crashBetCancelledSchema>;
export type CrashCashedOut = z.infer<typeof crashCashedOutSchema>;
export type CrashRefused = z.infer<typeof crashRefusedSchema>;
export type CrashBetLost = z.infer<typeof crashBetLostSchema>;
export type CrashLiveBets = z.infer<typeof crashLiveBetsSchema>;
export type CrashErrorMessage = z.infer<typeof crashErrorSchema>;

/**
 * A studio game's server message from a WebSocket frame read by its schema, or null for one a
 * page does not know (a newer server's `type`) or cannot read.
 */
export function parseStudioMessage<T>(schema: z.ZodType<T>, text: string): T | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The crash game's server message from a WebSocket frame (see `parseStudioMessage`). */
export function parseCrashServerMessage(text: string): CrashServerMessage | null {
  return parseStudioMessage(crashServerMessageSchema, text);
}

// ---------------------------------------------------------------------------------------------
// The verify page and the rounds list.

/** What the verify page takes (from its form or `CRASH_VERIFY_PARAMS`). */
export const crashVerifyInputSchema = z.object({
  hash: crashHashSchema,
  salt: z.string().max(200),
  houseEdgeBp: z.coerce.number().int().min(0).max(MAX_HOUSE_EDGE_BP),
  /** The round before's hash or the terminating hash, to check that `hash` links to it. */
  previousHash: crashHashSchema.optional(),
});
export type CrashVerifyInput = z.infer<typeof crashVerifyInputSchema>;

/** `GET crashRoundsPath(provider)`: the chain in play and its last rounds, newest first. */
export const crashRoundsAnswerSchema = z.object({
  fairness: crashFairnessSchema,
  rounds: z.array(crashHistoryEntrySchema),
});
export type CrashRoundsAnswer = z.infer<typeof crashRoundsAnswerSchema>;
