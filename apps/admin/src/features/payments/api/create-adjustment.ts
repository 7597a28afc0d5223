import type { Adjustment } from '@backlay/contract/admin-payments';
import { createAdjustmentRoute } from '@backlay/contract/admin-calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAdmin, type AdminRequest } from '../../../shared/api/call-admin';
import { ADJUSTMENTS_QUERY_KEY } from './adjustments';

export type CreateAdjustmentInput = AdminRequest<typeof createAdjustmentRoute>;

/**
 * Credits (positive) or debits (negative) a player (`POST payments/adjustments`): applied at
 * once, or left awaiting a second operator above the threshold.
 */
export function createAdjustment(input: CreateAdjustmentInput): Promise<Adjustment> {
  return callAdmin(createAdjustmentRoute, input);
}

export function useCreateAdjustment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdjustment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADJUSTMENTS_QUERY_KEY }),
  });
}
