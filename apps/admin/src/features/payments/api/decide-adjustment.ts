import type { Adjustment } from '@backlay/contract/admin-payments';
import { decideAdjustmentRoute } from '@backlay/contract/admin-calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAdmin, type AdminRequest } from '../../../shared/api/call-admin';
import { ADJUSTMENTS_QUERY_KEY } from './adjustments';

export type DecideAdjustmentInput = AdminRequest<typeof decideAdjustmentRoute>;

/**
 * Approves (applying it) or rejects an adjustment awaiting a second operator
 * (`POST payments/adjustments/decide`); the server refuses the operator who asked for it.
 */
export function decideAdjustment(input: DecideAdjustmentInput): Promise<Adjustment> {
  return callAdmin(decideAdjustmentRoute, input);
}

/** Decides an adjustment; the lists are read again whatever the answer (it may be decided already). */
export function useDecideAdjustment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideAdjustment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADJUSTMENTS_QUERY_KEY }),
  });
}
