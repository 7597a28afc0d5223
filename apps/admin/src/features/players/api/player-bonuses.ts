import { playerBonusesRoute } from '@backlay/contract/admin-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callAdmin, type AdminResult } from '../../../shared/api/call-admin';
import { PLAYERS_QUERY_KEY } from './player-keys';

export type PlayerBonuses = AdminResult<typeof playerBonusesRoute>;

/** A player's bonus wallet and every bonus of theirs, newest first (`GET bonuses/player`). */
export function fetchPlayerBonuses(playerId: string, signal?: AbortSignal): Promise<PlayerBonuses> {
  return callAdmin(playerBonusesRoute, { playerId }, { signal });
}

export function playerBonusesQueryOptions(playerId: string) {
  return queryOptions({
    queryKey: [...PLAYERS_QUERY_KEY, 'bonuses', playerId] as const,
    queryFn: ({ signal }) => fetchPlayerBonuses(playerId, signal),
  });
}

export function usePlayerBonuses(playerId: string) {
  return useQuery(playerBonusesQueryOptions(playerId));
}
