import { serverText } from '../../../shared/api/admin-api-error';
import { formatRupees } from '../../../shared/format/money';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { useDecideAdjustment } from '../api/decide-adjustment';
import type { AdjustmentDecision } from './adjustment-columns';

/**
 * Asks before approving or rejecting another operator's adjustment; the server's refusal
 * (the operator who asked may not approve it, or it was decided first) shows in the dialog.
 */
export function AdjustmentDecisionDialog({
  decision,
  onClose,
}: {
  decision: AdjustmentDecision;
  onClose: () => void;
}) {
  const decide = useDecideAdjustment();
  const { adjustment, approve } = decision;
  const debit = adjustment.amount < 0;
  const what = `${debit ? 'debit' : 'credit'} of ${formatRupees(Math.abs(adjustment.amount))}`;
  return (
    <ConfirmDialog
      title={approve ? 'Approve the adjustment' : 'Reject the adjustment'}
      description={
        <>
          <p>
            A {what} {debit ? 'from' : 'to'} {adjustment.userName} ({adjustment.domain}), asked for
            by {adjustment.requestedBy}.
          </p>
          <p className="muted">Reason: {adjustment.reason}</p>
          <p>
            {approve
              ? 'Approving applies it to the player’s cash now.'
              : 'Rejecting leaves the player’s cash as it is.'}
          </p>
        </>
      }
      confirmLabel={approve ? 'Approve' : 'Reject'}
      tone={approve ? 'primary' : 'danger'}
      askReason={false}
      onConfirm={() => decide.mutateAsync({ id: adjustment.id, approve })}
      // The server refuses the operator who asked with FORBIDDEN: its words say why.
      failureText={serverText}
      onClose={onClose}
    />
  );
}
