import { forcePasswordResetRoute } from '@backlay/contract/admin-calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAdmin, type AdminRequest } from '../../../shared/api/call-admin';
import { playerDetailQueryOptions } from './player-detail';

export type ForcePasswordResetInput = AdminRequest<typeof forcePasswordResetRoute>;

/** Makes the player choose a new password at their next login (`POST players/force-password-reset`). */
export function forcePasswordReset(input: ForcePasswordResetInput) {
  return callAdmin(forcePasswordResetRoute, input);
}

export function useForcePasswordReset(playerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: forcePasswordReset,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: playerDetailQueryOptions(playerId).queryKey }),
  });
}
