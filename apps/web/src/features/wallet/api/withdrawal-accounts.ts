import type { addWithdrawalAccountSchema, WithdrawalAccount } from '@backlay/contract/wallet';
import {
  addWithdrawalAccountRoute,
  removeWithdrawalAccountRoute,
} from '@backlay/contract/wallet-calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callParsed } from '../../../shared/api/call-api';
import { paymentInfoQueryOptions } from './payment-info';

export type NewWithdrawalAccount = z.input<typeof addWithdrawalAccountSchema>;

/** Saves a bank account or UPI id to be paid to (`POST DepositWithdrawal/AddWithdrawalAccount`). */
export function addWithdrawalAccount(input: NewWithdrawalAccount): Promise<WithdrawalAccount> {
  return callParsed(addWithdrawalAccountRoute, { body: input });
}

/** Forgets a payout account (`POST DepositWithdrawal/RemoveWithdrawalAccount`). */
export function removeWithdrawalAccount(id: string): Promise<{ id: string }> {
  return callParsed(removeWithdrawalAccountRoute, { body: { id } });
}

/** Adding or removing an account changes the payment info's list: it is read again. */
function useAccountMutation<Input, Result>(mutationFn: (input: Input) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: paymentInfoQueryOptions().queryKey }),
  });
}

/** The add-account mutation. */
export function useAddWithdrawalAccount() {
  return useAccountMutation(addWithdrawalAccount);
}

/** The remove-account mutation. */
export function useRemoveWithdrawalAccount() {
  return useAccountMutation(removeWithdrawalAccount);
}
