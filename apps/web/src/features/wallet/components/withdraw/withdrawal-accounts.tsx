import type { WithdrawalAccount } from '@backlay/contract/wallet';
import { useState } from 'react';
import { errorMessage } from '../../../../shared/api/request-error';
import { i18n, params, useMessages } from '../../../../shared/i18n/i18n';
import { Icon } from '../../../../shared/icons/icon';
import { trashIcon } from '../../../../shared/icons/set/trash-icon';
import { toast } from '../../../../shared/toasts/toast-store';
import { ConfirmDialog } from '../../../../shared/ui/confirm-dialog';
import { useRemoveWithdrawalAccount } from '../../api/withdrawal-accounts';
import { ChoiceList, type Choice } from '../choice-list';

const messages = i18n('wallet/withdrawal-accounts', {
  removed: 'Account removed.',
  remove: params('Remove {account}'),
  payTo: 'Pay to',
  title: 'Remove this account?',
  confirm: 'Remove',
  noLongerOffered: params(
    '{account} will no longer be offered for withdrawals. You can add it again later.',
  ),
});

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
  const t = useMessages(messages);
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
          aria-label={t.remove({ account: text.title })}
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
        toast.success(messages.get().removed);
      },
      onError: (error) => {
        setRemoving(null);
        toast.error(errorMessage(error));
      },
    });

  return (
    <>
      <ChoiceList legend={t.payTo} choices={choices} selected={selected} onSelect={onSelect} />
      {removing ? (
        <ConfirmDialog
          title={t.title}
          confirmLabel={t.confirm}
          busy={remove.isPending}
          onConfirm={() => confirm(removing)}
          onClose={() => setRemoving(null)}
        >
          <p>{t.noLongerOffered({ account: describe(removing).title })}</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
