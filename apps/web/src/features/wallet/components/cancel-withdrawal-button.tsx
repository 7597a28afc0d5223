import type { PaymentRequest } from '@backlay/contract/wallet';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/request-error';
import { formatRupees } from '../../../shared/format/money';
import { i18n, params, useMessages } from '../../../shared/i18n/i18n';
import { toast } from '../../../shared/toasts/toast-store';
import { Button } from '../../../shared/ui/button';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { useCancelWithdrawal } from '../api/cancel-withdrawal';

const messages = i18n('wallet/cancel-withdrawal-button', {
  cancelled: 'Withdrawal cancelled: the amount is back in your balance.',
  cancel: 'Cancel',
  title: 'Cancel this withdrawal?',
  confirm: 'Cancel withdrawal',
  notPaidOut: params('{amount} to {account} will not be paid out; it goes back to your balance.'),
});

/** Cancels a pending withdrawal, after asking. */
export function CancelWithdrawalButton({ request }: { request: PaymentRequest }) {
  const t = useMessages(messages);
  const [asking, setAsking] = useState(false);
  const cancel = useCancelWithdrawal();

  const confirm = () =>
    cancel.mutate(request.id, {
      onSuccess: () => {
        setAsking(false);
        toast.success(messages.get().cancelled);
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
        {t.cancel}
      </Button>
      {asking ? (
        <ConfirmDialog
          title={t.title}
          confirmLabel={t.confirm}
          busy={cancel.isPending}
          onConfirm={confirm}
          onClose={() => setAsking(false)}
        >
          <p>{t.notPaidOut({ amount: formatRupees(request.amount), account: request.account })}</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
