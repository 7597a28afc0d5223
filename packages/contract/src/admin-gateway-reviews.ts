/**
 * Finance's review of gateway payments the gateway reported paid with another amount than they
 * asked for: the queue (both amounts, the player, the brand, the gateway's reference and the
 * times) and the one decision on each. Amounts are rupees with at most two decimals.
 */
import { z } from 'zod';
import { brandFilterSchema, uuidSchema } from './admin';
import { moneySchema } from './money';
import { stripMarkup } from './sanitize-input';

/** UNDER_REVIEW waits for finance; PAID was credited (at the amount decided); REJECTED was not. */
export const GATEWAY_REVIEW_STATUSES = ['UNDER_REVIEW', 'PAID', 'REJECTED'] as const;
export type GatewayReviewStatus = (typeof GATEWAY_REVIEW_STATUSES)[number];

/**
 * Credit what the gateway reported paid; credit another amount (a remark says why); or reject,
 * crediting nothing: the money goes back to the payer outside Backlay (a remark says how).
 */
export const GATEWAY_REVIEW_DECISIONS = ['CREDIT_PAID', 'CREDIT_OTHER', 'REJECT'] as const;
export type GatewayReviewDecision = (typeof GATEWAY_REVIEW_DECISIONS)[number];

/** The most a review may credit, in rupees: as much as an adjustment may move. */
export const GATEWAY_REVIEW_MAX_CREDIT = 10_000_000;

/** `payments/gateway-reviews`: the reviews, oldest waiting first, with a search. */
export const gatewayReviewQuerySchema = z.object({
  brand: brandFilterSchema,
  /** Absent: every review (newest first); UNDER_REVIEW lists the oldest first, as work to do. */
  status: z.enum(GATEWAY_REVIEW_STATUSES).optional(),
  /** The gateway's reference (exact, case-insensitive), or a player's name prefix. */
  search: z.string().trim().max(40).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});

/** One reviewed gateway payment as finance sees it. */
export const gatewayReviewItemSchema = z.object({
  /** The gateway payment. */
  id: uuidSchema,
  /** The deposit request the player reads it as. */
  requestId: uuidSchema,
  domain: z.string(),
  playerId: uuidSchema,
  userName: z.string(),
  channel: z.enum(['LINK', 'UPI_INTENT']),
  /** What the payment link or UPI intent asked for. */
  askedAmount: z.number(),
  /** What the gateway reported paid. */
  paidAmount: z.number(),
  /** What finance credited; null until credited (and for a rejected payment). */
  creditedAmount: z.number().nullable(),
  /** The gateway's id of the payment. */
  gatewayReference: z.string(),
  status: z.enum(GATEWAY_REVIEW_STATUSES),
  /** When the player started the payment. */
  createdAt: z.string(),
  /** When the gateway's paid amount was found to differ. */
  reviewStartedAt: z.string(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
  /** Finance's remark, which the player reads beside the request. */
  remark: z.string().nullable(),
});
export type GatewayReviewItem = z.infer<typeof gatewayReviewItemSchema>;
export const gatewayReviewQueueSchema = z.object({
  totalCount: z.number().int().nonnegative(),
  items: z.array(gatewayReviewItemSchema),
});

const remarkSchema = z
  .string()
  .overwrite(stripMarkup)
  .trim()
  .min(3, 'Write a remark of at least 3 characters')
  .max(300);

/**
 * `payments/gateway-reviews/decide`: once per payment (deciding again is refused). Crediting
 * another amount than the one paid needs the amount and a remark; rejecting needs a remark.
 */
export const decideGatewayReviewRequestSchema = z
  .object({
    id: uuidSchema,
    decision: z.enum(GATEWAY_REVIEW_DECISIONS),
    amount: moneySchema({ max: GATEWAY_REVIEW_MAX_CREDIT }).optional(),
    remark: remarkSchema.optional(),
  })
  .refine((input) => (input.decision === 'CREDIT_OTHER') === (input.amount !== undefined), {
    message: 'Enter the amount to credit (only when crediting another amount)',
    path: ['amount'],
  })
  .refine((input) => input.decision === 'CREDIT_PAID' || input.remark !== undefined, {
    message: 'Say why in a remark: the player reads it',
    path: ['remark'],
  });
export type GatewayReviewDecisionInput = z.output<typeof decideGatewayReviewRequestSchema>;
