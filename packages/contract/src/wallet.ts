/**
 * Wallet calls on the wire: the transaction history, deposit and withdrawal requests, payment
 * links and UPI payments (spec §7; their payloads are not shown there, so these are ours).
 * Amounts are rupees with at most two decimals.
 */
import { z } from 'zod';
import { IDEMPOTENCY_KEY_RULE, rupeesSchema } from './bets';

const pagingSchema = {
  MaxResultCount: z.coerce.number().int().min(1).max(100).default(20),
  SkipCount: z.coerce.number().int().min(0).max(1_000_000).default(0),
};
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

/** One movement of the player's money. */
export const transactionSchema = z.object({
  id: z.string(),
  time: z.string(),
  type: z.enum(TRANSACTION_TYPES),
  /** Signed: what the movement added to (or took from) the balance. */
  amount: z.number(),
  /** The balance after the movement. */
  balance: z.number(),
  description: z.string(),
});
export type Transaction = z.infer<typeof transactionSchema>;

/** `Transaction/GetHistory`. */
export const transactionHistoryQuerySchema = z.object({
  type: z.enum(TRANSACTION_TYPES).optional(),
  ...pagingSchema,
});
export const transactionHistorySchema = z.object({
  totalCount: z.number().int().nonnegative(),
  items: z.array(transactionSchema),
});

/** `Transaction/GetDetail`: one movement with what it is about (a bet, a market, a payment). */
export const transactionDetailQuerySchema = z.object({ id: z.string().trim().min(1).max(64) });
export const transactionDetailSchema = transactionSchema.extend({
  /** What the movement refers to, e.g. a bet id or a payment id; null when nothing. */
  reference: z.string().nullable(),
  marketName: z.string().nullable(),
  eventName: z.string().nullable(),
});

export const PAYMENT_REQUEST_KINDS = ['DEPOSIT', 'WITHDRAWAL'] as const;
export const PAYMENT_REQUEST_STATUSES = ['PENDING', 'APPROVED', 'REJECTED', 'CANCELLED'] as const;

/** A deposit or withdrawal request as the player sees it. */
export const paymentRequestSchema = z.object({
  id: z.string(),
  kind: z.enum(PAYMENT_REQUEST_KINDS),
  amount: z.number(),
  status: z.enum(PAYMENT_REQUEST_STATUSES),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /** Why a request was rejected, or a note of the operator; else null. */
  note: z.string().nullable(),
});
export type PaymentRequest = z.infer<typeof paymentRequestSchema>;
export const paymentRequestListSchema = z.object({
  totalCount: z.number().int().nonnegative(),
  items: z.array(paymentRequestSchema),
});

/** `DepositWithdrawal/CreateRequestForDepositWithdrawal`. */
export const createPaymentRequestSchema = z.object({
  kind: z.enum(PAYMENT_REQUEST_KINDS),
  amount: rupeesSchema,
  idempotencyKey: idempotencyKeySchema,
});

/** `DepositWithdrawal/CreateDeposit`: a deposit already paid, with its payment reference. */
export const createDepositRequestSchema = z.object({
  amount: rupeesSchema,
  /** The bank or UPI reference of the payment (UTR). */
  reference: z.string().trim().min(6).max(40),
  idempotencyKey: idempotencyKeySchema,
});

/** `DepositWithdrawal/CreateWithdrawal`: paid out to one of the player's payment methods. */
export const createWithdrawalRequestSchema = z.object({
  amount: rupeesSchema,
  paymentMethodId: z.string().trim().min(1).max(64),
  idempotencyKey: idempotencyKeySchema,
});

/** `PlayerRequests`, `GetDepositWithdrawals` and `GetUserWithdrawalHistory`. */
export const paymentRequestsQuerySchema = z.object({
  kind: z.enum(PAYMENT_REQUEST_KINDS).optional(),
  status: z.enum(PAYMENT_REQUEST_STATUSES).optional(),
  ...pagingSchema,
});

/** `Account/GetPaymentInfo`: where the player's withdrawals can be paid. */
export const paymentInfoSchema = z.object({
  methods: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(['BANK', 'UPI']),
      /** As shown to the player: bank and masked account number, or the UPI id. */
      label: z.string(),
    }),
  ),
  minDeposit: z.number(),
  minWithdrawal: z.number(),
});

export const PAYMENT_STATUSES = ['PENDING', 'PAID', 'FAILED', 'EXPIRED'] as const;

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
  /** The payment page, or the `upi://pay` intent of a UPI payment. */
  url: z.string(),
  expiresAt: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

/** `Payment/Check` and `Payment/UpiCheck`. */
export const checkPaymentSchema = z.object({ paymentId: z.string().trim().min(1).max(64) });
