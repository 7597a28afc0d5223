import type { StakeButton } from '@backlay/contract/account';
import { saveStakesRoute } from '@backlay/contract/account-calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callParsed } from '../../../shared/api/call-api';
import { storeStakes } from '../../../shared/session/session-store';
import { userStakesQueryOptions } from './user-stakes';

/** Saves the eight stake buttons (`POST UserStake/Add`). */
export function saveStakes(stakes: StakeButton[]): Promise<StakeButton[]> {
  return callParsed(saveStakesRoute, {
    body: { stakes },
  });
}

/** The save mutation: the saved buttons are stored and the stakes query refreshed. */
export function useSaveStakes() {
  const queryClient = useQueryClient();
  const { queryKey } = userStakesQueryOptions();
  return useMutation({
    mutationFn: saveStakes,
    onSuccess: (saved) => {
      storeStakes(saved);
      queryClient.setQueryData(queryKey, saved);
      void queryClient.invalidateQueries({ queryKey });
    },
  });
}
