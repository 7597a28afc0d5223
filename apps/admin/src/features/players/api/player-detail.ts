import type { PlayerDetail } from '@backlay/contract/admin';
import { playerDetailRoute } from '@backlay/contract/admin-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callAdmin } from '../../../shared/api/call-admin';
import { PLAYERS_QUERY_KEY } from './player-keys';

/** Everything the player page shows about one player (`GET players/detail`). */
export function fetchPlayerDetail(playerId: string, signal?: AbortSignal): Promise<PlayerDetail> {
  return callAdmin(playerDetailRoute, { playerId }, { signal });
}

export function playerDetailQueryOptions(playerId: string) {
  return queryOptions({
    queryKey: [...PLAYERS_QUERY_KEY, 'detail', playerId] as const,
    queryFn: ({ signal }) => fetchPlayerDetail(playerId, signal),
  });
}

export function usePlayerDetail(playerId: string) {
  return useQuery(playerDetailQueryOptions(playerId));
}
