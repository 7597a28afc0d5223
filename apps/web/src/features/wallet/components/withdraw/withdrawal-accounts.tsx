import type { WithdrawalAccount } from '@backlay/contract/wallet';
import { useState } from 'react';
import { errorMessage } from '../../../../shared/api/request-error';
import { Icon } from '../../../../shared/icons/icon';
import { trashIcon } from '../../../../shared/icons/set/trash-icon';
import { toast } from '../../../../shared/toasts/toast-store';
import { ConfirmDialog } from '../../../../shared/ui/confirm-dialog';
import { useRemoveWithdrawalAccount } from '../../api/withdrawal-accounts';
import { ChoiceList, type Choice } from '../choice-list';

export const ACCOUNT_REMOVED_MESSAGE = 'Account removed.';

/** An account's name and details as the list shows them. */
function describe(account: WithdrawalAccount): { title: string; detail: string } {
  return account.kind === 'BANK'
    ? {
        title: `${account.bankName} · ${account.accountNumber}`,
        detail: `${account.holderName} · IFSC ${account.ifsc}`,
      }
    : { title: `UPI · ${account.upiId}`, detail: account.holderName };
}

/** The player's payout accounts to choose from, each removable after a question. */
export function WithdrawalAccounts({
  accounts,
  selected,
  onSelect,
}: {
  accounts: readonly WithdrawalAccount[];
  selected: string | null;
  onSelect: (id: string) => void;
}) {
  const [removing, setRemoving] = useState<WithdrawalAccount | null>(null);
  const remove = useRemoveWithdrawalAccount();

  const choices: Choice[] = accounts.map((account) => {
    const text = describe(account);
    return {
      id: account.id,
      ...text,
      aside: (
        <button
          type="button"
          className="choice__remove"
          aria-label={`Remove ${text.title}`}
          onClick={() => setRemoving(account)}
        >
          <Icon icon={trashIcon} />
        </button>
      ),
    };
  });

  const confirm = (account: WithdrawalAccount) =>
    remove.mutate(account.id, {
      onSuccess: () => {
        setRemoving(null);
        toast.success(ACCOUNT_REMOVED_MESSAGE);
      },
      onError: (error) => {
        setRemoving(null);
        toast.error(errorMessage(error));
      },
    });

  return (
    <>
      <ChoiceList legend="Pay to" choices={choices} selected={selected} onSelect={onSelect} />
      {removing ? (
        <ConfirmDialog
          title="Remove this account?"
          confirmLabel="Remove"
          busy={remove.isPending}
          onConfirm={() => confirm(removing)}
          onClose={() => setRemoving(null)}
        >
          <p>
            {describe(removing).title} will no longer be offered for withdrawals. You can add it
            again later.
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
