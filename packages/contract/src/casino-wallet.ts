/**
 * The seamless-wallet callback API: what a casino provider's server calls on Backlay's server
 * while a player plays one of its games. Backlay's ledger is the only wallet: the provider asks
 * for the player's balance, takes a bet (`debit`), pays a win (`credit`) and gives a bet back
 * (`rollback`), each a signed, idempotent request. Server to server only: these calls are not
 * part of the player API (`API_ROUTES`) and no browser makes them.
 *
 * - Paths: `POST /casino-wallet/<provider>/<action>`, `provider` being the provider's code
 *   (`dream`, `king`, `mac`) and `action` one of `CASINO_WALLET_ACTIONS`.
 * - Signature: the header `X-Casino-Signature` carries the lowercase hex HMAC-SHA256 of the raw
 *   request body (the exact bytes sent) under the provider's secret. A request without it, or
 *   with a wrong one, is refused (401, INVALID_SIGNATURE) and changes nothing.
 * - Idempotency: every debit, credit and rollback carries the provider's own `transactionId`,
 *   unique per provider. A request repeated with the same id and the same content (kind, round,
 *   game, currency, amount, reference) is answered exactly as it was the first time, and moves
 *   no money again; the same id with other content is DUPLICATE_TRANSACTION.
 * - Amounts are whole minor units (paise for INR), never fractions.
 * - A well-formed, signed request is answered with HTTP 200 and `status` OK or ERROR; 4xx means
 *   the request itself was wrong (do not retry it unchanged), 429 and 5xx mean try again later
 *   with the same transaction id.
 */
import { z } from 'zod';

/** Where the callback API is served, on the same origin as the player API. */
export const CASINO_WALLET_PREFIX = '/casino-wallet';

/** The callbacks, one path each under `/casino-wallet/<provider>/`. */
export const CASINO_WALLET_ACTIONS = ['balance', 'debit', 'credit', 'rollback'] as const;
export type CasinoWalletAction = (typeof CASINO_WALLET_ACTIONS)[number];

/** The header carrying the request body's signature (hex HMAC-SHA256 under the provider's secret). */
export const CASINO_SIGNATURE_HEADER = 'x-casino-signature';

/** The largest request body taken, in bytes. */
export const CASINO_WALLET_BODY_LIMIT_BYTES = 16 * 1024;

/** A provider's code, as it appears in the callback path and the admin console. */
export const providerCodeSchema = z
  .string()
  .regex(/^[a-z][a-z0-9-]{1,30}$/, 'A provider code is 2 to 31 lowercase letters, digits or -');

/** A provider's transaction or round id: up to 100 letters, digits and `._:-`. */
export const casinoIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9._:-]{1,100}$/, 'Ids are 1 to 100 letters, digits or . _ : -');

/** An amount in minor units (paise), at most the ledger's largest movement. */
const minorUnits = z.number().int().min(0).max(1_000_000_000_000_000);

/** The player token a launch URL carried (the `token` query parameter). */
const tokenSchema = z.string().min(16).max(200);
const gameCodeSchema = z.string().min(1).max(64);
const currencySchema = z.string().regex(/^[A-Z]{3}$/, 'A currency is three capital letters');

/** `balance`: the player's balance, as a game shows it. */
export const casinoBalanceRequestSchema = z.object({
  token: tokenSchema,
  gameCode: gameCodeSchema.optional(),
  currency: currencySchema.optional(),
});

/** `debit`: a bet. The first debit of a round opens it. */
export const casinoDebitRequestSchema = z.object({
  token: tokenSchema,
  transactionId: casinoIdSchema,
  roundId: casinoIdSchema,
  gameCode: gameCodeSchema,
  currency: currencySchema,
  /** More than zero. */
  amountMinor: minorUnits.min(1),
});

/** `credit`: a win (zero for a lost round). Paid even after the token expired. */
export const casinoCreditRequestSchema = z.object({
  token: tokenSchema,
  transactionId: casinoIdSchema,
  roundId: casinoIdSchema,
  gameCode: gameCodeSchema,
  currency: currencySchema,
  amountMinor: minorUnits,
  /** Whether the round ends with this credit (default true); more credits may follow if not. */
  roundClosed: z.boolean().default(true),
});

/**
 * `rollback`: a debit given back (the round is cancelled). Paid even after the token expired.
 * A rollback of a debit Backlay never saw is recorded, and that debit is refused if it comes.
 */
export const casinoRollbackRequestSchema = z.object({
  token: tokenSchema,
  transactionId: casinoIdSchema,
  roundId: casinoIdSchema,
  /** The debit to give back. */
  referenceTransactionId: casinoIdSchema,
  gameCode: gameCodeSchema.optional(),
  currency: currencySchema.optional(),
});

export type CasinoBalanceRequest = z.infer<typeof casinoBalanceRequestSchema>;
export type CasinoDebitRequest = z.infer<typeof casinoDebitRequestSchema>;
export type CasinoCreditRequest = z.input<typeof casinoCreditRequestSchema>;
export type CasinoRollbackRequest = z.infer<typeof casinoRollbackRequestSchema>;

/**
 * The error codes of the callback API, each with the HTTP status it travels with and what it
 * means for the provider.
 */
export const CASINO_WALLET_ERRORS = {
  /** The body is not JSON of the action's shape (400; not recorded). */
  INVALID_REQUEST: 400,
  /** The signature header is missing or wrong (401; not recorded). */
  INVALID_SIGNATURE: 401,
  /** The token was never issued, or not for this provider, game or player. */
  INVALID_TOKEN: 200,
  /** The token's game session ended (its time ran out, or the player's sessions were ended). */
  TOKEN_EXPIRED: 200,
  /** The player may not bet now: locked, on a break, casino switched off, brand closed. */
  PLAYER_BLOCKED: 200,
  /** The game is unknown, not this provider's, or not offered on the player's brand. */
  UNKNOWN_GAME: 200,
  /** The currency is not the player's. */
  WRONG_CURRENCY: 200,
  /** The balance does not cover the bet; the answer carries the actual balance. */
  INSUFFICIENT_FUNDS: 200,
  /** The bet would take the player past a loss limit they set themselves. */
  LIMIT_REACHED: 200,
  /** The transaction id was used before for a different request. */
  DUPLICATE_TRANSACTION: 200,
  /** A credit for a round with no debit. */
  TRANSACTION_NOT_FOUND: 200,
  /** A debit whose rollback came first, or a credit of a round that was rolled back. */
  TRANSACTION_ROLLED_BACK: 200,
  /** The round already ended: no more debits or credits, and a paid round is not rolled back. */
  ROUND_CLOSED: 200,
  /** Too many callbacks from this provider just now (429, with Retry-After; not recorded). */
  RATE_LIMITED: 429,
  /**
   * A refusal without a code of its own (a provider switched off, a round of another player);
   * with 404 an unknown provider or callback, with 500 a fault on Backlay's side (retry).
   */
  GENERAL_ERROR: 200,
} as const;
export type CasinoWalletErrorCode = keyof typeof CASINO_WALLET_ERRORS;
export const CASINO_WALLET_ERROR_CODES = Object.keys(
  CASINO_WALLET_ERRORS,
) as CasinoWalletErrorCode[];

/** A callback that was done (or, repeated, had been done). */
export const casinoWalletOkSchema = z.object({
  status: z.literal('OK'),
  /** The Backlay player the token names. */
  playerId: z.string(),
  currency: z.string(),
  /** What the player can bet now, in minor units, after this callback. */
  balanceMinor: z.number().int(),
  /** The provider's transaction id (absent on `balance`). */
  transactionId: z.string().optional(),
});

/** A callback refused: nothing moved. */
export const casinoWalletErrorSchema = z.object({
  status: z.literal('ERROR'),
  code: z.enum(CASINO_WALLET_ERROR_CODES as [CasinoWalletErrorCode, ...CasinoWalletErrorCode[]]),
  message: z.string(),
  /** The player's balance where it is known (always with INSUFFICIENT_FUNDS). */
  balanceMinor: z.number().int().optional(),
  transactionId: z.string().optional(),
});

export const casinoWalletAnswerSchema = z.discriminatedUnion('status', [
  casinoWalletOkSchema,
  casinoWalletErrorSchema,
]);
export type CasinoWalletOk = z.infer<typeof casinoWalletOkSchema>;
export type CasinoWalletError = z.infer<typeof casinoWalletErrorSchema>;
export type CasinoWalletAnswer = z.infer<typeof casinoWalletAnswerSchema>;

/** One callback: its path under the provider and its request schema. */
export interface CasinoWalletRoute<Request extends z.ZodType = z.ZodType> {
  action: CasinoWalletAction;
  request: Request;
  response: typeof casinoWalletAnswerSchema;
}

/** The callback API's own route table (apart from the player's `API_ROUTES`). */
export const CASINO_WALLET_ROUTES = {
  balance: {
    action: 'balance',
    request: casinoBalanceRequestSchema,
    response: casinoWalletAnswerSchema,
  },
  debit: { action: 'debit', request: casinoDebitRequestSchema, response: casinoWalletAnswerSchema },
  credit: {
    action: 'credit',
    request: casinoCreditRequestSchema,
    response: casinoWalletAnswerSchema,
  },
  rollback: {
    action: 'rollback',
    request: casinoRollbackRequestSchema,
    response: casinoWalletAnswerSchema,
  },
} as const satisfies Record<CasinoWalletAction, CasinoWalletRoute>;

/** The URL path of one callback of one provider. */
export function casinoWalletPath(provider: string, action: CasinoWalletAction): string {
  return `${CASINO_WALLET_PREFIX}/${provider}/${action}`;
}

/**
 * The query parameters of a game URL Backlay hands a player (the provider's base URL plus
 * these): the player token the callbacks carry, the game (absent for the provider's lobby),
 * the currency, the language, Backlay's operator id at the provider and where the game's
 * "back" control leads.
 */
export const LAUNCH_PARAMS = {
  token: 'token',
  gameCode: 'game',
  gameId: 'gameId',
  currency: 'currency',
  language: 'lang',
  operatorId: 'operator',
  returnUrl: 'returnUrl',
} as const;
