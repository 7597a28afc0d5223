import type { AdminPlayerBonus } from '@backlay/contract/admin-bonuses';
import { forfeitBonusRoute } from '@backlay/contract/admin-calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAdmin, type AdminRequest } from '../../../shared/api/call-admin';
import { PLAYERS_QUERY_KEY } from './player-keys';

export type ForfeitBonusInput = AdminRequest<typeof forfeitBonusRoute>;

/**
 * Forfeits a player's offered or active bonus with the operator's reason; what is left of it
 * goes back to the brand, once (`POST bonuses/player/forfeit`).
 */
export function forfeitBonus(input: ForfeitBonusInput): Promise<AdminPlayerBonus> {
  return callAdmin(forfeitBonusRoute, input);
}

/** The forfeit; the player's bonuses and balances are read again. */
export function useForfeitBonus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: forfeitBonus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PLAYERS_QUERY_KEY }),
  });
}
