import { casinoRoundRoute } from '@backlay/contract/admin-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callAdmin, type AdminResult } from '../../../shared/api/call-admin';
import { CASINO_QUERY_KEY } from './casino-keys';

export type CasinoRound = AdminResult<typeof casinoRoundRoute>;
export type CasinoCallback = CasinoRound['callbacks'][number];

/** One round with every callback of it (`GET casino/rounds/detail`). */
export function fetchCasinoRound(id: string, signal?: AbortSignal): Promise<CasinoRound> {
  return callAdmin(casinoRoundRoute, { id }, { signal });
}

export function casinoRoundQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...CASINO_QUERY_KEY, 'round', id] as const,
    queryFn: ({ signal }) => fetchCasinoRound(id, signal),
  });
}

export function useCasinoRound(id: string) {
  return useQuery(casinoRoundQueryOptions(id));
}
