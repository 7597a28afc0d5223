import type { BettingDefaultsState } from '@backlay/contract/admin-brands';
import { updateBettingDefaultsRoute } from '@backlay/contract/admin-calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAdmin, type AdminRequest } from '../../../shared/api/call-admin';
import { bettingDefaultsQueryOptions } from './betting-defaults';

export type UpdateBettingDefaultsInput = AdminRequest<typeof updateBettingDefaultsRoute>;

/**
 * Saves the platform's betting rules as a new version (`POST brands/betting-defaults/update`);
 * CONFLICT when `version` is no longer the latest.
 */
export function updateBettingDefaults(
  input: UpdateBettingDefaultsInput,
): Promise<BettingDefaultsState> {
  return callAdmin(updateBettingDefaultsRoute, input);
}

export function useUpdateBettingDefaults() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBettingDefaults,
    onSuccess: (state) => queryClient.setQueryData(bettingDefaultsQueryOptions().queryKey, state),
  });
}
