import { setCasinoPlayerSwitchRoute } from '@backlay/contract/admin-calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAdmin, type AdminRequest } from '../../../shared/api/call-admin';
import { casinoPlayerQueryOptions, type CasinoPlayer } from './casino-player';

export type SetCasinoPlayerSwitchInput = AdminRequest<typeof setCasinoPlayerSwitchRoute>;

/** Switches a player's casino on or off (`POST casino/player/switch`). */
export function setCasinoPlayerSwitch(input: SetCasinoPlayerSwitchInput): Promise<CasinoPlayer> {
  return callAdmin(setCasinoPlayerSwitchRoute, input);
}

/** Switches; the player's casino section shows the answer at once. */
export function useSetCasinoPlayerSwitch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCasinoPlayerSwitch,
    onSuccess: (saved) =>
      queryClient.setQueryData(casinoPlayerQueryOptions(saved.playerId).queryKey, saved),
  });
}
