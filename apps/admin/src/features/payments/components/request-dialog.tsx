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

/**
 * One request opened from its queue: its facts, the deposit's slip or the withdrawal's payout
 * account to copy, and, for an operator who may decide, the decisions of a pending request.
 * A decision goes to `onDecided` (the queue moves on); `previous` says what the decision that
 * opened this request did.
 */
export function RequestDialog({
  opened: item,
  gone,
  previous,
  onDecided,
  onClose,
}: {
  opened: QueueItem;
  /** The queue read since no longer lists it as waiting: there is nothing left to decide. */
  gone: boolean;
  previous: { text: string; tone: 'info' | 'success' } | null;
  onDecided: (decided: QueueItem) => void;
  onClose: () => void;
}) {
  const can = useCan();
  const deposit = item.kind === 'DEPOSIT';

  return (
    <Dialog
      title={`${deposit ? 'Deposit' : 'Withdrawal'} of ${formatRupees(item.amount)}`}
      onClose={onClose}
      size="wide"
    >
      <div className="request">
        {previous ? (
          <Notice tone={previous.tone}>
            <p>{previous.text} This is the next request waiting.</p>
          </Notice>
        ) : null}
        {item.sameUtrCount > 0 ? (
          <Notice tone="warning" title={sameUtrText(item.sameUtrCount)}>
            <p>
              Other requests on this brand name the same UTR. Check this is not a payment already
              credited before approving it.
            </p>
          </Notice>
        ) : null}
        <RequestFacts item={item} waiting={!gone} />
        {deposit ? (
          item.slipId ? (
            <SlipViewer slipId={item.slipId} label={`Payment slip of ${item.userName}`} />
          ) : (
            <p className="muted">No slip is attached to this deposit.</p>
          )
        ) : (
          <CopyField label="Payout account" value={item.account} />
        )}
        {gone ? (
          <Notice tone="warning" title="No longer waiting">
            <p>
              {deposit
                ? 'Another operator decided this deposit meanwhile.'
                : 'The player cancelled this withdrawal, or another operator decided it, meanwhile.'}{' '}
              The queue has been read again.
            </p>
          </Notice>
        ) : null}
        {gone || !awaitsDecision(item.status) ? null : !can('payments.decide') ? (
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
