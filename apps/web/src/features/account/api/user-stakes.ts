import type { StakeButton } from '@backlay/contract/account';
import { userStakesRoute } from '@backlay/contract/account-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callParsed } from '../../../shared/api/call-api';
import { storeStakes } from '../../../shared/session/session-store';

/** The player's stake buttons as the server has them (`GET UserStake/Get`). */
export async function fetchUserStakes(signal?: AbortSignal): Promise<StakeButton[]> {
  const stakes = await callParsed(userStakesRoute, {
    signal,
  });
  // The stored copy is what the bet slip reads.
  storeStakes(stakes);
  return stakes;
}

/** The stake-buttons query. */
export function userStakesQueryOptions() {
  return queryOptions({
    queryKey: ['user-stakes'] as const,
    queryFn: ({ signal }) => fetchUserStakes(signal),
  });
}

/** The player's stake buttons. */
export function useUserStakes() {
  return useQuery(userStakesQueryOptions());
}
