import type { GatewayReviewDecision } from '@backlay/contract/admin-gateway-reviews';
import { formatRupees } from '../../../shared/format/money';
import { parseNumber } from '../../../shared/forms/parse-number';
import type { ReviewDecisionInput } from '../api/decide-review';
import type { ReviewItem } from '../api/gateway-reviews';

/** Paise in a rupee: differences are worked out in whole paise, never in float rupees. */
const PAISE = 100;

/**
 * What was paid against what was asked, in rupees: positive when the payer sent more. Zero
 * never happens for a reviewed payment, but reads as no difference.
 */
export function paidDifference(item: { askedAmount: number; paidAmount: number }): number {
  return (Math.round(item.paidAmount * PAISE) - Math.round(item.askedAmount * PAISE)) / PAISE;
}

/**
 * The request a decision sends. Crediting the amount paid sends no amount; crediting another
 * amount sends the one typed (NaN when it is not a number, for the contract to refuse); a remark
 * goes when one was typed (the contract asks for one but for crediting the amount paid).
 */
export function reviewDecision(
  id: string,
  decision: GatewayReviewDecision,
  typed: { amount: string; remark: string },
): ReviewDecisionInput {
  const remark = typed.remark.trim();
  return {
    id,
    decision,
    ...(decision === 'CREDIT_OTHER' ? { amount: parseNumber(typed.amount) ?? Number.NaN } : {}),
    ...(remark === '' ? {} : { remark }),
  };
}

/** What a decision on a reviewed payment did, in a sentence. */
export function decidedText(item: ReviewItem): string {
  return item.status === 'PAID'
    ? `Credited: ${formatRupees(item.creditedAmount)} to ${item.userName}.`
    : `Rejected: nothing was credited to ${item.userName}.`;
}
