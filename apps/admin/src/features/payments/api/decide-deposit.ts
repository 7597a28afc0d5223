import { decideDepositRoute } from '@backlay/contract/admin-calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAdmin, type AdminRequest } from '../../../shared/api/call-admin';
import type { QueueItem } from './payment-queue';
import { PAYMENTS_QUERY_KEY } from './payment-keys';

export type DecideDepositInput = AdminRequest<typeof decideDepositRoute>;

/** Approves (crediting the player) or rejects a deposit (`POST payments/deposit/decide`). */
export function decideDeposit(input: DecideDepositInput): Promise<QueueItem> {
  return callAdmin(decideDepositRoute, input);
}

/**
 * Decides a deposit; the queues are read again whatever the answer, since a refusal (decided
 * by someone else first) means the queue on screen is out of date too.
 */
export function useDecideDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideDeposit,
    onSettled: () => queryClient.invalidateQueries({ queryKey: PAYMENTS_QUERY_KEY }),
  });
}
