import type { decideDepositRoute, decideWithdrawalRoute } from '@backlay/contract/admin-calls';
import type { AdminRequest } from '../../../shared/api/call-admin';
import { optionalText, typedAmount } from './typed-input';

type DepositDecision = AdminRequest<typeof decideDepositRoute>;
type WithdrawalDecision = AdminRequest<typeof decideWithdrawalRoute>;

/** The request a decision is about. */
interface Decided {
  id: string;
  amount: number;
}

/**
 * The approval of a deposit. `amount` goes only when finance corrected what the player asked
 * for, which the contract then refuses without a remark saying why.
 */
export function depositApproval(
  request: Decided,
  amountTyped: string,
  remarkTyped: string,
): DepositDecision {
  const amount = typedAmount(amountTyped);
  const remark = optionalText(remarkTyped);
  return {
    id: request.id,
    decision: 'APPROVE',
    ...(amount === request.amount ? {} : { amount }),
    ...(remark === undefined ? {} : { remark }),
  };
}

/**
 * The second approval of a corrected deposit: it names the amount proposed, as this operator
 * saw it, which the server credits (and refuses if the deposit no longer awaits that).
 */
export function depositSecondApproval(
  request: { id: string; proposedAmount: number },
  remarkTyped: string,
): DepositDecision {
  const remark = optionalText(remarkTyped);
  return {
    id: request.id,
    decision: 'APPROVE',
    proposedAmount: request.proposedAmount,
    ...(remark === undefined ? {} : { remark }),
  };
}

/** The rejection of a deposit; the contract asks for a remark. */
export function depositRejection(request: Decided, remarkTyped: string): DepositDecision {
  const remark = optionalText(remarkTyped);
  return { id: request.id, decision: 'REJECT', ...(remark === undefined ? {} : { remark }) };
}

/** A withdrawal paid out, with the bank's or UPI's reference the contract asks for. */
export function withdrawalPaid(
  request: Decided,
  referenceTyped: string,
  remarkTyped: string,
): WithdrawalDecision {
  const payoutReference = optionalText(referenceTyped);
  const remark = optionalText(remarkTyped);
  return {
    id: request.id,
    decision: 'PAID',
    ...(payoutReference === undefined ? {} : { payoutReference }),
    ...(remark === undefined ? {} : { remark }),
  };
}

/** The rejection of a withdrawal, which returns the hold to the player; a remark is asked for. */
export function withdrawalRejection(request: Decided, remarkTyped: string): WithdrawalDecision {
  const remark = optionalText(remarkTyped);
  return { id: request.id, decision: 'REJECT', ...(remark === undefined ? {} : { remark }) };
}
