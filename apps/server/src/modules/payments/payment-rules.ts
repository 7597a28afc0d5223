/** What every deposit and withdrawal checks first: a real-money player, an amount in limits. */
import { formatRupees } from '../wallet';
import { ApiError } from '../../http/api-error';
import type { PaymentLimitsMinor } from './payment-settings';

export const PAYMENT_MESSAGES = {
  demo: 'Deposits and withdrawals are for registered players. Your demo account keeps its play money.',
  decided: (status: string) =>
    status === 'AWAITING_APPROVAL'
      ? 'This deposit already waits for a second operator to approve its corrected amount.'
      : `This request was already ${status.toLowerCase().replace(/_/g, ' ')}.`,
  idempotencyConflict: 'This request key was already used for another request.',
  utrUsed: 'This UTR was already submitted on this site. Each payment can be claimed once.',
  slipUsed: 'This screenshot was already attached to another deposit.',
  slipUnknown: 'Attach the payment screenshot again: the one sent is not yours or has expired.',
  methodUnknown: 'That payment method is no longer offered. Choose another one.',
  accountUnknown: 'That withdrawal account is not one of yours. Choose another one.',
  unknownRequest: 'There is no such request.',
  ownProposal: 'A second operator must approve the corrected amount you proposed.',
  noProposal: 'This deposit has no corrected amount awaiting approval. Open it again to decide it.',
  otherProposal: (proposedMinor: number) =>
    `The corrected amount awaiting approval is ${formatRupees(proposedMinor)}. Open the deposit again to decide it.`,
  overPlayerLimit: (why: string) => `The player's own deposit limit refuses this amount. ${why}`,
} as const;

/** Refuses a demo player: play money never enters or leaves the real book. */
export function assertRealMoney(player: { demo: boolean }): void {
  if (player.demo) throw new ApiError('FORBIDDEN', PAYMENT_MESSAGES.demo);
}

/** Refuses an amount outside the brand's limits for deposits or withdrawals. */
export function assertWithinLimits(
  kind: 'deposit' | 'withdrawal',
  amountMinor: number,
  limits: PaymentLimitsMinor,
): void {
  const [min, max] =
    kind === 'deposit'
      ? [limits.minDepositMinor, limits.maxDepositMinor]
      : [limits.minWithdrawalMinor, limits.maxWithdrawalMinor];
  if (amountMinor < min || amountMinor > max) {
    const noun = kind === 'deposit' ? 'A deposit' : 'A withdrawal';
    throw new ApiError(
      'VALIDATION_FAILED',
      `${noun} on this site is between ${formatRupees(min)} and ${formatRupees(max)}.`,
    );
  }
}
