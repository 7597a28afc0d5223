import { useState } from 'react';
import { formatRupees } from '../../../shared/format/money';
import { useCan } from '../../../shared/session/me-query';
import { CopyField } from '../../../shared/ui/copy-field';
import { Dialog } from '../../../shared/ui/dialog';
import { Notice } from '../../../shared/ui/notice';
import type { QueueItem } from '../api/payment-queue';
import { sameUtrText } from '../model/labels';
import { awaitsDecision } from '../model/queue-filters';
import { DepositActions } from './deposit-actions';
import { RequestFacts } from './request-facts';
import { SecondApprovalActions } from './second-approval-actions';
import { SlipViewer } from './slip-viewer';
import { WithdrawalActions } from './withdrawal-actions';
import './payments.css';

/** What a decision just did, in a sentence. */
function decidedText(item: QueueItem): string {
  const settled = formatRupees(item.settledAmount ?? item.amount);
  if (item.status === 'AWAITING_APPROVAL') {
    return `Proposed: ${formatRupees(item.proposedAmount ?? item.amount)} for ${item.userName} waits for a second operator’s approval.`;
  }
  if (item.kind === 'DEPOSIT') {
    return item.status === 'APPROVED'
      ? `Approved: ${settled} credited to ${item.userName}.`
      : `Rejected: nothing was credited to ${item.userName}.`;
  }
  return item.status === 'APPROVED'
    ? `Marked paid: ${settled} paid out to ${item.userName}.`
    : `Rejected: the ${formatRupees(item.amount)} held went back to ${item.userName}.`;
}

/**
 * One request opened from its queue: its facts, the deposit's slip or the withdrawal's payout
 * account to copy, and, for an operator who may decide, the decisions of a pending request.
 * After a decision it shows the request as the server answered it.
 */
export function RequestDialog({ opened, onClose }: { opened: QueueItem; onClose: () => void }) {
  const can = useCan();
  const [item, setItem] = useState(opened);
  const [decided, setDecided] = useState(false);
  const deposit = item.kind === 'DEPOSIT';
  const onDecided = (next: QueueItem) => {
    setItem(next);
    setDecided(true);
  };

  return (
    <Dialog
      title={`${deposit ? 'Deposit' : 'Withdrawal'} of ${formatRupees(item.amount)}`}
      onClose={onClose}
      size="wide"
    >
      <div className="request">
        {item.sameUtrCount > 0 ? (
          <Notice tone="warning" title={sameUtrText(item.sameUtrCount)}>
            <p>
              Other requests on this brand name the same UTR. Check this is not a payment already
              credited before approving it.
            </p>
          </Notice>
        ) : null}
        {decided ? (
          <Notice tone={item.status === 'AWAITING_APPROVAL' ? 'info' : 'success'}>
            <p>{decidedText(item)}</p>
          </Notice>
        ) : null}
        <RequestFacts item={item} />
        {deposit ? (
          item.slipId ? (
            <SlipViewer slipId={item.slipId} label={`Payment slip of ${item.userName}`} />
          ) : (
            <p className="muted">No slip is attached to this deposit.</p>
          )
        ) : (
          <CopyField label="Payout account" value={item.account} />
        )}
        {!awaitsDecision(item.status) ? null : !can('payments.decide') ? (
          <p className="muted">Your role may look at requests but not decide them.</p>
        ) : item.status === 'AWAITING_APPROVAL' && item.proposedAmount !== null ? (
          <SecondApprovalActions
            item={item}
            proposedAmount={item.proposedAmount}
            onDecided={onDecided}
          />
        ) : deposit ? (
          <DepositActions item={item} onDecided={onDecided} />
        ) : (
          <WithdrawalActions item={item} onDecided={onDecided} />
        )}
      </div>
    </Dialog>
  );
}
