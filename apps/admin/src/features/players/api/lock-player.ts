import { lockPlayerRoute } from '@backlay/contract/admin-calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAdmin, type AdminRequest } from '../../../shared/api/call-admin';
import { PLAYERS_QUERY_KEY } from './player-keys';

export type LockPlayerInput = AdminRequest<typeof lockPlayerRoute>;

/** Sets or lifts a player's betting or login lock (`POST players/lock`). */
export function lockPlayer(input: LockPlayerInput) {
  return callAdmin(lockPlayerRoute, input);
}

/** Locks or unlocks; the player's page and the search read the player again. */
export function useLockPlayer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: lockPlayer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PLAYERS_QUERY_KEY }),
  });
}
