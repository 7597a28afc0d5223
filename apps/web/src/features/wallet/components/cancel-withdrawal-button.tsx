import type { PaymentRequest } from '@backlay/contract/wallet';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/request-error';
import { formatRupees } from '../../../shared/format/money';
import { toast } from '../../../shared/toasts/toast-store';
import { Button } from '../../../shared/ui/button';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { useCancelWithdrawal } from '../api/cancel-withdrawal';

export const WITHDRAWAL_CANCELLED_MESSAGE =
  'Withdrawal cancelled: the amount is back in your balance.';

/** Cancels a pending withdrawal, after asking. */
export function CancelWithdrawalButton({ request }: { request: PaymentRequest }) {
  const [asking, setAsking] = useState(false);
  const cancel = useCancelWithdrawal();

  const confirm = () =>
    cancel.mutate(request.id, {
      onSuccess: () => {
        setAsking(false);
        toast.success(WITHDRAWAL_CANCELLED_MESSAGE);
      },
      onError: (error) => {
        setAsking(false);
        toast.error(errorMessage(error));
      },
    });

  return (
    <>
      <Button
        variant="outline"
        size="sm"
        className="request-card__cancel"
        onClick={() => setAsking(true)}
      >
        Cancel
      </Button>
      {asking ? (
        <ConfirmDialog
          title="Cancel this withdrawal?"
          confirmLabel="Cancel withdrawal"
          busy={cancel.isPending}
          onConfirm={confirm}
          onClose={() => setAsking(false)}
        >
          <p>
            {formatRupees(request.amount)} to {request.account} will not be paid out; it goes back
            to your balance.
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
