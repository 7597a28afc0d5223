import { casinoPlayerRoute } from '@backlay/contract/admin-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callAdmin, type AdminResult } from '../../../shared/api/call-admin';
import { PLAYERS_QUERY_KEY } from './player-keys';

export type CasinoPlayer = AdminResult<typeof casinoPlayerRoute>;

/** A player's casino switch and their last 30 days of real-money rounds (`GET casino/player`). */
export function fetchCasinoPlayer(playerId: string, signal?: AbortSignal): Promise<CasinoPlayer> {
  return callAdmin(casinoPlayerRoute, { playerId }, { signal });
}

export function casinoPlayerQueryOptions(playerId: string) {
  return queryOptions({
    queryKey: [...PLAYERS_QUERY_KEY, 'casino', playerId] as const,
    queryFn: ({ signal }) => fetchCasinoPlayer(playerId, signal),
  });
}

export function useCasinoPlayer(playerId: string) {
  return useQuery(casinoPlayerQueryOptions(playerId));
}
