/**
 * Wallet calls on the wire: the transaction history, deposit and withdrawal requests, payment
 * links and UPI payments (spec §7; their payloads are not shown there, so these are ours).
 * Amounts are rupees with at most two decimals.
 */
import { z } from 'zod';
import { betSchema, IDEMPOTENCY_KEY_RULE, rupeesSchema } from './bets';

const pagingSchema = {
  MaxResultCount: z.coerce.number().int().min(1).max(100).default(20),
  SkipCount: z.coerce.number().int().min(0).max(1_000_000).default(0),
};
/*
 * Built from the zod features the first visit already loads (string, regex, transform, pipe,
 * union), rather than z.uuid, z.iso.date, toUpperCase or z.discriminatedUnion: every zod module
 * the client uses ships in its first-visit framework chunk, which has a size budget.
 */
export const UUID_RULE =
  /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
export const idSchema = (message: string) => z.string({ message }).regex(UUID_RULE, message);
/** A calendar day, `YYYY-MM-DD`. */
const DAY_MESSAGE = 'Use a date such as 2026-11-24';
const daySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, DAY_MESSAGE)
  // A real calendar day between the years 2000 and 2999 (not 2026-02-30).
  .refine((day) => {
    const at = new Date(`${day}T00:00:00Z`);
    return (
      day >= '2000' &&
      day < '3000' &&
      !Number.isNaN(at.getTime()) &&
      at.toISOString().startsWith(day)
    );
  }, DAY_MESSAGE);
/** Trimmed and upper-cased before `schema` checks it. */
const upperCase = (schema: z.ZodString) =>
  z
    .string()
    .transform((value) => value.trim().toUpperCase())
    .pipe(schema);

const idempotencyKeySchema = z
  .string()
  .regex(IDEMPOTENCY_KEY_RULE, 'A payment needs an idempotency key');

export const TRANSACTION_TYPES = [
  'DEPOSIT',
  'WITHDRAWAL',
  'BET',
  'SETTLEMENT',
  'COMMISSION',
  'BONUS',
  'CASINO',
  'ADJUSTMENT',
] as const;

/** The market a bet's movement was on, with its event: what the line names and links to. */
export const transactionMarketSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** `MATCH_ODDS`, `BOOKMAKER`, `FANCY`…: how its bets read (`bet-description.ts`). */
  type: z.string(),
  /** A fancy session's line (run value V as V - 0.5); null for other markets. */
  line: z.number().nullable(),
  eventId: z.number(),
  /** The feed's id of the event: with `eventId`, the link to its market page. */
  eventExternalId: z.string(),
  eventName: z.string(),
});
export type TransactionMarket = z.infer<typeof transactionMarketSchema>;

/**
 * One movement of the player's money. The balance is the header's, cash + exposure: a bet's hold
 * or release (cash to exposure and back) moves it by nothing, and a market's settlement by its
 * result (the release of its hold, the win or loss and any commission are one movement).
 */
export const transactionSchema = z.object({
  id: z.string(),
  time: z.string(),
  type: z.enum(TRANSACTION_TYPES),
  /** Signed: what the movement added to (or took from) the balance. */
  amount: z.number(),
  /** The balance after the movement. */
  balance: z.number(),
  /** Signed: what it set aside for bets (+) or gave back from them (−), the exposure's change. */
  exposure: z.number(),
  /** The available amount (balance less exposure) after the movement. */
  available: z.number(),
  description: z.string(),
  /** The market of a bet's hold, release or settlement; null for other movements. */
  market: transactionMarketSchema.nullable(),
});
export type Transaction = z.infer<typeof transactionSchema>;

/** Whether the statement lists the holds and releases of bets (they never move the balance). */
export const STATEMENT_HOLDS = ['SHOW', 'HIDE'] as const;

/**
 * `Transaction/GetHistory`: the player's movements, newest first, paged by a cursor (the last
 * row's `id` of the page before), so rows written while the player reads never shift a page.
 * `from` and `to` are calendar days (inclusive) in India's time; `type` narrows to one kind;
 * `holds: 'HIDE'` folds bets' holds and releases away (not when `type` asks for them, BET).
 */
export const transactionHistoryQuerySchema = z.object({
  type: z.enum(TRANSACTION_TYPES).optional(),
  holds: z.enum(STATEMENT_HOLDS).optional(),
  from: daySchema.optional(),
  to: daySchema.optional(),
  /** The `nextCursor` of the page before; absent for the first page. */
  cursor: z.string().trim().max(200).optional(),
  MaxResultCount: z.coerce.number().int().min(1).max(100).default(20),
});
export const transactionHistorySchema = z.object({
  items: z.array(transactionSchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});

/** `Transaction/GetDetail`: one movement with its entries and what caused it. */
export const transactionDetailQuerySchema = z.object({ id: idSchema('Unknown transaction') });
export const transactionDetailSchema = transactionSchema.extend({
  /** What the movement refers to, e.g. a bet id or a payment id; null when nothing. */
  reference: z.string().nullable(),
  marketName: z.string().nullable(),
  eventName: z.string().nullable(),
  /** The transfer's legs, as the player may read them: which of their accounts, and by how much. */
  entries: z.array(
    z.object({
      /** `Cash`, `Exposure`, `Bonus`, or the other side (`Payments`, `House`, `Commission`). */
      account: z.string(),
      amount: z.number(),
    }),
  ),
  /**
   * The player's bets on the movement's market (newest first, at most 50), described as open
   * bets and bet history describe them (`bet-description.ts`: the market's type and line).
   */
  bets: z.array(betSchema),
  /** The deposit or withdrawal request behind a payment's movement. */
  request: z
    .object({ id: z.string(), kind: z.enum(['DEPOSIT', 'WITHDRAWAL']), status: z.string() })
    .nullable(),
});
export type TransactionDetail = z.infer<typeof transactionDetailSchema>;

// Payments: what a brand offers, deposits, withdrawals and the player's requests.

/** A UPI virtual payment address: `name@handle`. */
export const UPI_ID_RULE = /^[A-Za-z0-9._-]{2,256}@[A-Za-z][A-Za-z0-9]{1,63}$/;
/** An Indian Financial System Code: four letters of the bank, a zero, six of the branch. */
export const IFSC_RULE = /^[A-Z]{4}0[A-Z0-9]{6}$/;
/** An Indian bank account number: 9 to 18 digits. */
export const ACCOUNT_NUMBER_RULE = /^\d{9,18}$/;
/**
 * A payment's UTR: the 12-digit reference of UPI and IMPS, or the 16-character NEFT or
 * 22-character RTGS one.
 */
export const UTR_RULE = /^(?:\d{12}|[A-Z0-9]{16}|[A-Z0-9]{22})$/;
export const UTR_MESSAGE =
  'Enter the UTR: 12 digits for UPI or IMPS, or the 16- or 22-character NEFT or RTGS reference';

export const upiIdSchema = z.string().trim().regex(UPI_ID_RULE, 'Enter a UPI id such as name@bank');
export const ifscSchema = upperCase(
  z.string().regex(IFSC_RULE, 'Enter the 11-character IFSC, such as SBIN0001234'),
);
export const accountNumberSchema = z
  .string()
  .trim()
  .regex(ACCOUNT_NUMBER_RULE, 'An account number has 9 to 18 digits');
export const holderNameSchema = z
  .string()
  .trim()
  .min(2, 'Enter the name on the account')
  .max(80)
  .regex(/^[\p{L} .'-]+$/u, 'Use letters, spaces, dots and hyphens only');
/**
 * The name a brand's players see beside its UPI id or bank account: often a company's, which
 * may have digits ("Gold365 Gaming") and the marks company names use ("R & K Traders (P) Ltd.").
 */
export const payeeNameSchema = z
  .string()
  .trim()
  .min(2, 'Enter the name on the account')
  .max(80)
  .regex(/^[\p{L}\p{M}\p{N} .,'&()/-]+$/u, "Use letters, digits, spaces and . , ' & ( ) / - only")
  .regex(/\p{L}/u, 'A name has letters, not only digits and marks');
export const utrSchema = upperCase(z.string().regex(UTR_RULE, UTR_MESSAGE));

/** Where a player pays a manual deposit: a brand's UPI id or bank account. */
export const depositMethodSchema = z.union([
  z.object({
    id: z.string(),
    kind: z.literal('UPI'),
    upiId: z.string(),
    payeeName: z.string(),
  }),
  z.object({
    id: z.string(),
    kind: z.literal('BANK'),
    bankName: z.string(),
    accountName: z.string(),
    accountNumber: z.string(),
    ifsc: z.string(),
  }),
]);
export type DepositMethod = z.infer<typeof depositMethodSchema>;

/** Where a player's withdrawals are paid: a bank account or UPI id they saved. */
export const withdrawalAccountSchema = z.union([
  z.object({
    id: z.string(),
    kind: z.literal('BANK'),
    holderName: z.string(),
    bankName: z.string(),
    /** Masked but for the last four digits. */
    accountNumber: z.string(),
    ifsc: z.string(),
  }),
  z.object({ id: z.string(), kind: z.literal('UPI'), holderName: z.string(), upiId: z.string() }),
]);
export type WithdrawalAccount = z.infer<typeof withdrawalAccountSchema>;

/** What a withdrawal does to the player's active bonuses (see `paymentInfoSchema.bonus`). */
export const WITHDRAWAL_BONUS_OUTCOMES = ['KEPT', 'FORFEITED'] as const;
export const withdrawalBonusSchema = z.object({
  /** The active bonuses together (the bonus wallet), in rupees. */
  amount: z.number(),
  /** Stakes counted so far and the wagering required, over the active bonuses. */
  wagered: z.number(),
  required: z.number(),
  outcome: z.enum(WITHDRAWAL_BONUS_OUTCOMES),
});
export type WithdrawalBonus = z.infer<typeof withdrawalBonusSchema>;

/** `Account/GetPaymentInfo`: what the player's brand offers and where the player is paid. */
export const paymentInfoSchema = z.object({
  /** False for demo players: deposits and withdrawals are for registered players. */
  realMoney: z.boolean(),
  depositMethods: z.array(depositMethodSchema),
  /** Whether the brand takes deposits through a payment link (gateway) and by UPI intent. */
  paymentLink: z.boolean(),
  upiIntent: z.boolean(),
  minDeposit: z.number(),
  maxDeposit: z.number(),
  /** What the player's own deposit limits leave to deposit now; null when they set none. */
  depositAllowance: z.number().nullable(),
  minWithdrawal: z.number(),
  maxWithdrawal: z.number(),
  /** Cash the player may withdraw now (not held for bets or pending withdrawals). */
  withdrawable: z.number(),
  withdrawalAccounts: z.array(withdrawalAccountSchema),
  /**
   * The player's active bonuses, as a withdrawal would leave them, to say before it is confirmed;
   * null (or absent) when none is active. The bonus wallet is apart from cash: a withdrawal takes
   * only cash, so `outcome` is KEPT (the bonus stays, its wagering goes on).
   */
  bonus: withdrawalBonusSchema.nullable().optional(),
});
export type PaymentInfo = z.infer<typeof paymentInfoSchema>;

/** `DepositWithdrawal/AddWithdrawalAccount`: the account number is typed twice. */
export const addWithdrawalAccountSchema = z.union([
  z
    .object({
      kind: z.literal('BANK'),
      holderName: holderNameSchema,
      bankName: z.string().trim().min(2, 'Enter the bank name').max(80),
      accountNumber: accountNumberSchema,
      confirmAccountNumber: z.string().trim(),
      ifsc: ifscSchema,
    })
    .refine((account) => account.accountNumber === account.confirmAccountNumber, {
      message: 'The account numbers do not match',
      path: ['confirmAccountNumber'],
    }),
  z.object({ kind: z.literal('UPI'), holderName: holderNameSchema, upiId: upiIdSchema }),
]);
export const withdrawalAccountIdSchema = z.object({ id: idSchema('Unknown account') });

export const PAYMENT_REQUEST_KINDS = ['DEPOSIT', 'WITHDRAWAL'] as const;
export type PaymentRequestKind = (typeof PAYMENT_REQUEST_KINDS)[number];
/**
 * PENDING until finance decides; APPROVED means credited (a deposit) or paid out (a withdrawal).
 * UNDER_REVIEW: a gateway deposit paid with another amount than it asked for, which finance
 * reviews (credited, at the amount they decide, or rejected and refunded outside).
 */
export const PAYMENT_REQUEST_STATUSES = [
  'PENDING',
  'APPROVED',
  'REJECTED',
  'CANCELLED',
  'UNDER_REVIEW',
] as const;
export type PaymentRequestStatus = (typeof PAYMENT_REQUEST_STATUSES)[number];
/** How a deposit was paid. */
export const DEPOSIT_CHANNELS = ['UPI', 'BANK', 'LINK', 'UPI_INTENT'] as const;

/** A deposit or withdrawal request as the player sees it. */
export const paymentRequestSchema = z.object({
  id: z.string(),
  kind: z.enum(PAYMENT_REQUEST_KINDS),
  /** What the player asked for. */
  amount: z.number(),
  /** What was credited or paid, when finance corrected the amount; else null. */
  settledAmount: z.number().nullable(),
  status: z.enum(PAYMENT_REQUEST_STATUSES),
  /** A deposit's channel, or the withdrawal account's kind (`UPI` or `BANK`). */
  channel: z.enum(DEPOSIT_CHANNELS),
  /** The payee or payout account as shown to the player. */
  account: z.string(),
  /** A deposit's UTR, a gateway payment's id, or a paid withdrawal's payout reference. */
  reference: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /** Finance's remark (why rejected, why the amount changed); else null. */
  note: z.string().nullable(),
  /**
   * What the gateway reported paid, when it was not the amount asked for (the deposit went to
   * finance's review); absent otherwise.
   */
  paidAmount: z.number().optional(),
});
export type PaymentRequest = z.infer<typeof paymentRequestSchema>;
export const paymentRequestListSchema = z.object({
  totalCount: z.number().int().nonnegative(),
  items: z.array(paymentRequestSchema),
});

/** `DepositWithdrawal/CreateDeposit`: a manual deposit already paid, proved by its UTR and slip. */
export const createDepositRequestSchema = z.object({
  amount: rupeesSchema,
  /** The brand's UPI id or bank account the player paid. */
  methodId: idSchema('Choose how you paid'),
  utr: utrSchema,
  /** The screenshot stored by `Setting/StoreImage`. */
  slipId: idSchema('Attach the payment screenshot'),
  idempotencyKey: idempotencyKeySchema,
});

/** `DepositWithdrawal/CreateWithdrawal`: paid out to one of the player's withdrawal accounts. */
export const createWithdrawalRequestSchema = z.object({
  amount: rupeesSchema,
  withdrawalAccountId: idSchema('Choose where to be paid'),
  idempotencyKey: idempotencyKeySchema,
});

/** `DepositWithdrawal/CreateRequestForDepositWithdrawal`: either of the two above, by kind. */
export const createPaymentRequestSchema = z.union([
  createDepositRequestSchema.extend({ kind: z.literal('DEPOSIT') }),
  createWithdrawalRequestSchema.extend({ kind: z.literal('WITHDRAWAL') }),
]);

/** `DepositWithdrawal/CancelWithdrawal`: a pending withdrawal, whose hold returns to cash. */
export const cancelWithdrawalSchema = z.object({ id: idSchema('Unknown request') });

/** `PlayerRequests`, `GetDepositWithdrawals` and `GetUserWithdrawalHistory`. */
export const paymentRequestsQuerySchema = z.object({
  kind: z.enum(PAYMENT_REQUEST_KINDS).optional(),
  status: z.enum(PAYMENT_REQUEST_STATUSES).optional(),
  /** Calendar days in India's time, inclusive. */
  from: daySchema.optional(),
  to: daySchema.optional(),
  ...pagingSchema,
});

/**
 * A gateway payment's status. UNDER_REVIEW: paid with another amount than asked for, waiting for
 * finance; then PAID (credited, at the amount finance decided) or REJECTED (refunded outside).
 */
export const PAYMENT_STATUSES = [
  'PENDING',
  'PAID',
  'FAILED',
  'EXPIRED',
  'CANCELLED',
  'UNDER_REVIEW',
  'REJECTED',
] as const;

/** `Payment/Generate` and `Payment/UpiCreate`. */
export const createPaymentSchema = z.object({
  amount: rupeesSchema,
  idempotencyKey: idempotencyKeySchema,
});
/** A payment link or UPI intent the player pays through. */
export const paymentSchema = z.object({
  paymentId: z.string(),
  amount: z.number(),
  status: z.enum(PAYMENT_STATUSES),
  /** The hosted payment page, or the `upi://pay` intent of a UPI payment. */
  url: z.string(),
  expiresAt: z.string(),
  /** What the gateway reported paid, when it was not `amount` (the payment is reviewed). */
  paidAmount: z.number().optional(),
});
export type Payment = z.infer<typeof paymentSchema>;

/** `Payment/Check` and `Payment/UpiCheck`. */
export const checkPaymentSchema = z.object({ paymentId: z.string().trim().min(1).max(64) });
