import { setPlayerLimitsRoute } from '@backlay/contract/admin-calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAdmin, type AdminRequest } from '../../../shared/api/call-admin';
import { playerDetailQueryOptions } from './player-detail';

export type SetPlayerLimitsInput = AdminRequest<typeof setPlayerLimitsRoute>;

/** Sets the most one bet of the player may stake, or none (`POST players/limits`). */
export function setPlayerLimits(input: SetPlayerLimitsInput) {
  return callAdmin(setPlayerLimitsRoute, input);
}

export function useSetPlayerLimits(playerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPlayerLimits,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: playerDetailQueryOptions(playerId).queryKey }),
  });
}
