import { decideWithdrawalRoute } from '@backlay/contract/admin-calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAdmin, type AdminRequest } from '../../../shared/api/call-admin';
import type { QueueItem } from './payment-queue';
import { PAYMENTS_QUERY_KEY } from './payment-keys';

export type DecideWithdrawalInput = AdminRequest<typeof decideWithdrawalRoute>;

/** Marks a withdrawal paid out, or rejects it (`POST payments/withdrawal/decide`). */
export function decideWithdrawal(input: DecideWithdrawalInput): Promise<QueueItem> {
  return callAdmin(decideWithdrawalRoute, input);
}

/** Decides a withdrawal; the queues are read again whatever the answer, as for deposits. */
export function useDecideWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideWithdrawal,
    onSettled: () => queryClient.invalidateQueries({ queryKey: PAYMENTS_QUERY_KEY }),
  });
}
