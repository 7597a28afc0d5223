import { decideWithdrawalRoute } from '@backlay/contract/admin-calls';
import { useState } from 'react';
import { formatRupees } from '../../../shared/format/money';
import { requestErrors } from '../../../shared/forms/request-errors';
import { Button } from '../../../shared/ui/button';
import { TextField } from '../../../shared/ui/fields';
import { useDecideWithdrawal } from '../api/decide-withdrawal';
import type { QueueItem } from '../api/payment-queue';
import { withdrawalPaid, withdrawalRejection } from '../model/decisions';
import { DecisionForm } from './decision-form';
import { RemarkField } from './remark-field';

/**
 * A pending withdrawal's decisions: mark it paid once the money has gone out (with the
 * payout's reference), or reject it, which returns the hold to the player. Each asks first.
 */
export function WithdrawalActions({
  item,
  onDecided,
}: {
  item: QueueItem;
  onDecided: (decided: QueueItem) => void;
}) {
  const [step, setStep] = useState<'paid' | 'reject' | null>(null);
  const [reference, setReference] = useState('');
  const [remark, setRemark] = useState('');
  const decide = useDecideWithdrawal();

  const confirm = async (input: Parameters<typeof decide.mutateAsync>[0]) => {
    onDecided(await decide.mutateAsync(input));
  };

  if (step === 'paid') {
    return (
      <DecisionForm
        title="Mark the withdrawal paid"
        description={
          <p>
            Confirm that <strong>{formatRupees(item.amount)}</strong> has been paid to{' '}
            <span className="mono">{item.account}</span>. The amount held from {item.userName}’s
            balance is then paid out for good.
          </p>
        }
        confirmLabel="Mark paid"
        tone="primary"
        renderFields={(errors) => (
          <>
            <TextField
              label="Payout reference"
              hint="The bank’s UTR or the UPI reference of the payment made."
              autoComplete="off"
              spellCheck={false}
              maxLength={40}
              value={reference}
              onChange={(event) => setReference(event.target.value)}
              error={errors.payoutReference}
            />
            <RemarkField
              value={remark}
              onChange={setRemark}
              error={errors.remark}
              hint="Optional. The player sees it."
            />
          </>
        )}
        validate={() =>
          requestErrors(decideWithdrawalRoute, withdrawalPaid(item, reference, remark))
        }
        onConfirm={() => confirm(withdrawalPaid(item, reference, remark))}
        onCancel={() => setStep(null)}
      />
    );
  }
  if (step === 'reject') {
    return (
      <DecisionForm
        title="Reject the withdrawal"
        description={
          <p>
            The <strong>{formatRupees(item.amount)}</strong> held returns to {item.userName}’s
            balance. They see your remark beside the request.
          </p>
        }
        confirmLabel="Reject withdrawal"
        tone="danger"
        renderFields={(errors) => (
          <RemarkField
            value={remark}
            onChange={setRemark}
            error={errors.remark}
            hint="Say why, such as “The account name does not match the player’s.”"
          />
        )}
        validate={() => requestErrors(decideWithdrawalRoute, withdrawalRejection(item, remark))}
        onConfirm={() => confirm(withdrawalRejection(item, remark))}
        onCancel={() => setStep(null)}
      />
    );
  }
  return (
    <div className="request__actions">
      <Button variant="primary" onClick={() => setStep('paid')}>
        Mark paid
      </Button>
      <Button variant="danger" onClick={() => setStep('reject')}>
        Reject
      </Button>
    </div>
  );
}
