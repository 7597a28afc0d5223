/**
 * Money in the back office: the deposit and withdrawal queues finance works through, the slips
 * players attach, each brand's payment methods and limits, and manual adjustments (above a
 * threshold, a second operator approves them). Amounts are rupees with at most two decimals.
 */
import { z } from 'zod';
import { brandFilterSchema, uuidSchema } from './admin';
import { IDEMPOTENCY_KEY_RULE, rupeesSchema } from './bets';
import { moneySchema } from './money';
import { stripMarkup } from './sanitize-input';
import {
  DEPOSIT_CHANNELS,
  PAYMENT_REQUEST_KINDS,
  PAYMENT_REQUEST_STATUSES,
  accountNumberSchema,
  payeeNameSchema,
  ifscSchema,
  upiIdSchema,
} from './wallet';

/**
 * A request's statuses as finance sees them: the player's, and a deposit whose corrected amount
 * awaits a second operator's approval (the player reads it as pending).
 */
export const QUEUE_STATUSES = [...PAYMENT_REQUEST_STATUSES, 'AWAITING_APPROVAL'] as const;
export type QueueStatus = (typeof QUEUE_STATUSES)[number];

/** Finance's remark, which the player may read: markup stripped like all stored text (spec §5). */
const remarkSchema = z
  .string()
  .overwrite(stripMarkup)
  .trim()
  .min(3, 'Write a remark of at least 3 characters')
  .max(300);

/** `payments/queue`: deposits or withdrawals, oldest pending first, with a search. */
export const paymentQueueQuerySchema = z.object({
  brand: brandFilterSchema,
  kind: z.enum(PAYMENT_REQUEST_KINDS),
  /**
   * Absent: every status (newest first). PENDING lists the work to do, oldest first: pending
   * requests and deposits awaiting a second approval.
   */
  status: z.enum(QUEUE_STATUSES).optional(),
  /** A UTR, payout or gateway reference (exact, case-insensitive), or a player's name prefix. */
  search: z.string().trim().max(40).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});

/** One request as finance sees it: the player, where the money went or goes, the proof. */
export const paymentQueueItemSchema = z.object({
  id: uuidSchema,
  domain: z.string(),
  kind: z.enum(PAYMENT_REQUEST_KINDS),
  playerId: uuidSchema,
  userName: z.string(),
  amount: z.number(),
  settledAmount: z.number().nullable(),
  status: z.enum(QUEUE_STATUSES),
  /** A corrected deposit's amount awaiting (or given) a second operator's approval; else null. */
  proposedAmount: z.number().nullable(),
  /** The operator who proposed it: a second operator approves it. */
  proposedBy: z.string().nullable(),
  channel: z.enum(DEPOSIT_CHANNELS),
  /** In full: the brand's account paid into, or the player's account to pay out to. */
  account: z.string(),
  /** A deposit's UTR or gateway payment id; a paid withdrawal's payout reference. */
  reference: z.string().nullable(),
  /** The deposit's payment screenshot, read with `payments/slip`. */
  slipId: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
  note: z.string().nullable(),
  /**
   * Requests with the same UTR on other brands (a brand takes a UTR once): one payment claimed
   * twice is suspect.
   */
  sameUtrCount: z.number().int().nonnegative(),
});
export type PaymentQueueItem = z.infer<typeof paymentQueueItemSchema>;
export const paymentQueueSchema = z.object({
  totalCount: z.number().int().nonnegative(),
  /** The sum of the listed status's amounts over every page. */
  totalAmount: z.number(),
  items: z.array(paymentQueueItemSchema),
});

/**
 * `payments/deposit/decide`: approve (crediting `amount` when finance corrects it, which needs a
 * remark) or reject with a remark. A decided request stays decided: deciding again is refused.
 * A correction above what the player asked by more than the tolerance leaves the deposit
 * AWAITING_APPROVAL at that amount: another operator approves it (crediting it) or rejects it.
 */
export const decideDepositRequestSchema = z
  .object({
    id: uuidSchema,
    decision: z.enum(['APPROVE', 'REJECT']),
    amount: rupeesSchema.optional(),
    remark: remarkSchema.optional(),
    /**
     * The second approval of a deposit AWAITING_APPROVAL: the proposed amount as this operator
     * saw it, which approving credits. Refused on a deposit without that proposal, and an
     * approval without it is refused on one awaiting a second approval.
     */
    proposedAmount: moneySchema().optional(),
  })
  .refine((input) => input.decision === 'APPROVE' || input.remark !== undefined, {
    message: 'Say why the deposit is rejected',
    path: ['remark'],
  })
  .refine((input) => input.amount === undefined || input.remark !== undefined, {
    message: 'Say why the amount was corrected',
    path: ['remark'],
  })
  .refine(
    (input) =>
      input.proposedAmount === undefined ||
      (input.decision === 'APPROVE' && input.amount === undefined),
    {
      message: 'A second approval credits the proposed amount as it is',
      path: ['proposedAmount'],
    },
  );

/** `payments/withdrawal/decide`: paid out (with the bank's or UPI's reference) or rejected. */
export const decideWithdrawalRequestSchema = z
  .object({
    id: uuidSchema,
    decision: z.enum(['PAID', 'REJECT']),
    payoutReference: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9-]{6,40}$/, 'Enter the payout reference: 6 to 40 letters or digits')
      .optional(),
    remark: remarkSchema.optional(),
  })
  .refine((input) => input.decision !== 'PAID' || input.payoutReference !== undefined, {
    message: 'Enter the payout reference',
    path: ['payoutReference'],
  })
  .refine((input) => input.decision !== 'REJECT' || input.remark !== undefined, {
    message: 'Say why the withdrawal is rejected',
    path: ['remark'],
  });

/** `payments/slip`: a deposit's screenshot as a data URL. */
export const slipQuerySchema = z.object({ id: uuidSchema });
export const slipSchema = z.object({ dataUrl: z.string() });

// Payment methods and limits per brand

export const brandUpiMethodSchema = z.object({
  /** Absent for a method being added. */
  id: uuidSchema.optional(),
  upiId: upiIdSchema,
  payeeName: payeeNameSchema,
  active: z.boolean(),
});
export const brandBankMethodSchema = z.object({
  id: uuidSchema.optional(),
  bankName: z.string().trim().min(2, 'Enter the bank name').max(80),
  accountName: payeeNameSchema,
  accountNumber: accountNumberSchema,
  ifsc: ifscSchema,
  active: z.boolean(),
});
export const paymentLimitsSchema = z
  .object({
    minDeposit: rupeesSchema,
    maxDeposit: rupeesSchema,
    minWithdrawal: rupeesSchema,
    maxWithdrawal: rupeesSchema,
  })
  .refine((l) => l.minDeposit <= l.maxDeposit, {
    message: 'The minimum deposit is above the maximum',
    path: ['minDeposit'],
  })
  .refine((l) => l.minWithdrawal <= l.maxWithdrawal, {
    message: 'The minimum withdrawal is above the maximum',
    path: ['minWithdrawal'],
  });
export type PaymentLimits = z.infer<typeof paymentLimitsSchema>;

export const paymentSettingsQuerySchema = z.object({
  brand: z.string().trim().min(1, 'Choose a brand').max(253).toLowerCase(),
});
/** A brand's payment settings: what `Account/GetPaymentInfo` offers its players. */
export const paymentSettingsSchema = z.object({
  brand: z.string(),
  /** 0 before the first save (the platform's defaults apply). */
  version: z.number().int().nonnegative(),
  upi: z.array(brandUpiMethodSchema.required({ id: true })),
  bank: z.array(brandBankMethodSchema.required({ id: true })),
  /** Deposits by the payment gateway's link, and by UPI intent. */
  paymentLink: z.boolean(),
  upiIntent: z.boolean(),
  limits: paymentLimitsSchema,
});
export type PaymentSettings = z.infer<typeof paymentSettingsSchema>;
export const updatePaymentSettingsRequestSchema = z.object({
  brand: paymentSettingsQuerySchema.shape.brand,
  /** The version the edit was made on: an older one is refused (someone saved in between). */
  version: z.number().int().nonnegative(),
  upi: z.array(brandUpiMethodSchema).max(20),
  bank: z.array(brandBankMethodSchema).max(20),
  paymentLink: z.boolean(),
  upiIntent: z.boolean(),
  limits: paymentLimitsSchema,
});

// Manual adjustments

export const ADJUSTMENT_STATUSES = ['APPLIED', 'AWAITING_APPROVAL', 'REJECTED'] as const;

/**
 * `payments/adjust`: credit (positive) or debit (negative) a real-money player, with a reason.
 * The console's key makes it idempotent: the same key with the same request answers the first
 * adjustment again, with another request it is refused (CONFLICT).
 */
export const createAdjustmentRequestSchema = z.object({
  playerId: uuidSchema,
  amount: moneySchema({ max: 10_000_000, signed: true }),
  reason: z
    .string()
    .overwrite(stripMarkup)
    .trim()
    .min(5, 'Write a reason of at least 5 characters')
    .max(300),
  idempotencyKey: z.string().regex(IDEMPOTENCY_KEY_RULE, 'An adjustment needs an idempotency key'),
});
export const adjustmentSchema = z.object({
  id: uuidSchema,
  domain: z.string(),
  playerId: uuidSchema,
  userName: z.string(),
  amount: z.number(),
  reason: z.string(),
  status: z.enum(ADJUSTMENT_STATUSES),
  requestedBy: z.string(),
  decidedBy: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type Adjustment = z.infer<typeof adjustmentSchema>;
export const adjustmentsQuerySchema = z.object({
  brand: brandFilterSchema,
  status: z.enum(ADJUSTMENT_STATUSES).optional(),
});
export const adjustmentListSchema = z.object({
  /**
   * In rupees: an adjustment that takes what one operator adjusted for one player over the
   * window (either way, awaiting ones included) above this waits for a second operator.
   */
  approvalAbove: z.number(),
  approvalWindowHours: z.number().int().positive(),
  items: z.array(adjustmentSchema),
});
/** `payments/adjustments/decide`: by an operator other than the one who asked. */
export const decideAdjustmentRequestSchema = z.object({
  id: uuidSchema,
  approve: z.boolean(),
});
