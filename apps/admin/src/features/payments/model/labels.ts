import type { ADJUSTMENT_STATUSES } from '@backlay/contract/admin-payments';
import type { DEPOSIT_CHANNELS } from '@backlay/contract/wallet';
import { formatRupees } from '../../../shared/format/money';
import type { QueueItem } from '../api/payment-queue';

type Channel = (typeof DEPOSIT_CHANNELS)[number];

const CHANNEL_LABELS: Record<Channel, string> = {
  UPI: 'UPI',
  BANK: 'Bank transfer',
  LINK: 'Payment link',
  UPI_INTENT: 'UPI intent',
};

/** How a deposit was paid, or the kind of account a withdrawal goes to, in words. */
export function channelLabel(channel: Channel): string {
  return CHANNEL_LABELS[channel];
}

/** The warning of a UTR that other requests of the brand already named. */
export function sameUtrText(count: number): string {
  return `UTR seen ${count}× before`;
}

type AdjustmentStatus = (typeof ADJUSTMENT_STATUSES)[number];

const ADJUSTMENT_STATUS_LABELS: Record<AdjustmentStatus, string> = {
  APPLIED: 'Applied',
  AWAITING_APPROVAL: 'Awaiting approval',
  REJECTED: 'Rejected',
};

/** An adjustment's status in words. */
export function adjustmentStatusLabel(status: AdjustmentStatus): string {
  return ADJUSTMENT_STATUS_LABELS[status];
}

/** What a decision on a deposit or withdrawal did, in a sentence, and how the notice reads. */
export function decisionText(item: QueueItem): { text: string; tone: 'info' | 'success' } {
  const settled = formatRupees(item.settledAmount ?? item.amount);
  if (item.status === 'AWAITING_APPROVAL') {
    return {
      tone: 'info',
      text: `Proposed: ${formatRupees(item.proposedAmount ?? item.amount)} for ${item.userName} waits for a second operator’s approval.`,
    };
  }
  if (item.kind === 'DEPOSIT') {
    return {
      tone: 'success',
      text:
        item.status === 'APPROVED'
          ? `Approved: ${settled} credited to ${item.userName}.`
          : `Rejected: nothing was credited to ${item.userName}.`,
    };
  }
  return {
    tone: 'success',
    text:
      item.status === 'APPROVED'
        ? `Marked paid: ${settled} paid out to ${item.userName}.`
        : `Rejected: the ${formatRupees(item.amount)} held went back to ${item.userName}.`,
  };
}
