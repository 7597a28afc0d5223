import { decideDepositRoute } from '@backlay/contract/admin-calls';
import { useState } from 'react';
import { formatRupees } from '../../../shared/format/money';
import { requestErrors } from '../../../shared/forms/request-errors';
import { useMe } from '../../../shared/session/me-query';
import { Button } from '../../../shared/ui/button';
import { useDecideDeposit } from '../api/decide-deposit';
import type { QueueItem } from '../api/payment-queue';
import { depositRejection, depositSecondApproval } from '../model/decisions';
import { DecisionForm } from './decision-form';
import { RemarkField } from './remark-field';

/**
 * A deposit whose corrected amount awaits a second operator: another operator approves it
 * (crediting the proposed amount) or rejects the deposit. The operator who proposed it is told
 * that someone else decides it.
 */
export function SecondApprovalActions({
  item,
  proposedAmount,
  onDecided,
}: {
  item: QueueItem;
  proposedAmount: number;
  onDecided: (decided: QueueItem) => void;
}) {
  const { data: me } = useMe();
  const [step, setStep] = useState<'approve' | 'reject' | null>(null);
  const [remark, setRemark] = useState('');
  const decide = useDecideDeposit();

  const confirm = async (input: Parameters<typeof decide.mutateAsync>[0]) => {
    onDecided(await decide.mutateAsync(input));
  };
  const approval = () => depositSecondApproval({ id: item.id, proposedAmount }, remark);

  if (me !== undefined && me.userName === item.proposedBy) {
    return (
      <p className="muted">
        You proposed crediting {formatRupees(proposedAmount)}: another operator approves or rejects
        it.
      </p>
    );
  }
  if (step === 'approve') {
    return (
      <DecisionForm
        title="Approve the corrected amount"
        description={
          <p>
            Credit <strong>{formatRupees(proposedAmount)}</strong> to {item.userName} on{' '}
            {item.domain}, as {item.proposedBy ?? 'another operator'} proposed. The player asked for{' '}
            {formatRupees(item.amount)}.
          </p>
        }
        confirmLabel={`Approve and credit ${formatRupees(proposedAmount)}`}
        tone="primary"
        renderFields={(errors) => (
          <RemarkField
            value={remark}
            onChange={setRemark}
            error={errors.remark}
            hint="Optional; it replaces the proposer’s remark, which the player sees."
          />
        )}
        validate={() => requestErrors(decideDepositRoute, approval())}
        onConfirm={() => confirm(approval())}
        onCancel={() => setStep(null)}
      />
    );
  }
  if (step === 'reject') {
    return (
      <DecisionForm
        title="Reject the deposit"
        description={
          <p>Nothing is credited to {item.userName}. They see your remark beside the request.</p>
        }
        confirmLabel="Reject deposit"
        tone="danger"
        renderFields={(errors) => (
          <RemarkField
            value={remark}
            onChange={setRemark}
            error={errors.remark}
            hint="Say why, such as “The bank shows only the amount asked for.”"
          />
        )}
        validate={() => requestErrors(decideDepositRoute, depositRejection(item, remark))}
        onConfirm={() => confirm(depositRejection(item, remark))}
        onCancel={() => setStep(null)}
      />
    );
  }
  return (
    <div className="request__actions">
      <Button variant="primary" onClick={() => setStep('approve')}>
        Approve {formatRupees(proposedAmount)}
      </Button>
      <Button variant="danger" onClick={() => setStep('reject')}>
        Reject
      </Button>
    </div>
  );
}
