import { decideDepositRoute } from '@backlay/contract/admin-calls';
import { useState } from 'react';
import { formatRupees } from '../../../shared/format/money';
import { requestErrors } from '../../../shared/forms/request-errors';
import { Button } from '../../../shared/ui/button';
import { TextField } from '../../../shared/ui/fields';
import { useDecideDeposit } from '../api/decide-deposit';
import type { QueueItem } from '../api/payment-queue';
import { depositApproval, depositRejection } from '../model/decisions';
import { typedAmount } from '../model/typed-input';
import { DecisionForm } from './decision-form';
import { RemarkField } from './remark-field';

/**
 * A pending deposit's decisions: approve, crediting what the player asked for or a corrected
 * amount (with a remark saying why), or reject with a remark. Each asks before it calls.
 */
export function DepositActions({
  item,
  onDecided,
}: {
  item: QueueItem;
  onDecided: (decided: QueueItem) => void;
}) {
  const [step, setStep] = useState<'approve' | 'reject' | null>(null);
  const [amount, setAmount] = useState(String(item.amount));
  const [remark, setRemark] = useState('');
  const decide = useDecideDeposit();

  const confirm = async (input: Parameters<typeof decide.mutateAsync>[0]) => {
    onDecided(await decide.mutateAsync(input));
  };

  if (step === 'approve') {
    const credited = typedAmount(amount);
    const corrected = credited !== item.amount;
    return (
      <DecisionForm
        title="Approve the deposit"
        description={
          <>
            <p>
              Credit <strong>{formatRupees(credited)}</strong> to {item.userName} on {item.domain}.
            </p>
            {corrected ? (
              <p>
                The player asked for {formatRupees(item.amount)}: say in the remark why the amount
                is different.
                {credited > item.amount
                  ? ' Well above what was asked, it waits for a second operator’s approval.'
                  : ''}
              </p>
            ) : null}
          </>
        }
        confirmLabel="Approve and credit"
        tone="primary"
        renderFields={(errors) => (
          <>
            <TextField
              label="Amount to credit (₹)"
              hint="Change it only when the slip shows another amount."
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              error={errors.amount}
            />
            <RemarkField
              value={remark}
              onChange={setRemark}
              error={errors.remark}
              hint="Required when the amount is changed. The player sees it."
            />
          </>
        )}
        validate={() => requestErrors(decideDepositRoute, depositApproval(item, amount, remark))}
        onConfirm={() => confirm(depositApproval(item, amount, remark))}
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
            hint="Say why, such as “No payment with this UTR reached the account.”"
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
        Approve
      </Button>
      <Button variant="danger" onClick={() => setStep('reject')}>
        Reject
      </Button>
    </div>
  );
}
