import type { CasinoProvider } from '@backlay/contract/admin-casino';
import { casinoProvidersRoute } from '@backlay/contract/admin-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callAdmin } from '../../../shared/api/call-admin';
import { CASINO_QUERY_KEY } from './casino-keys';

/** Every casino provider with its settings (`GET casino/providers`). */
export async function fetchCasinoProviders(signal?: AbortSignal): Promise<CasinoProvider[]> {
  return (await callAdmin(casinoProvidersRoute, {}, { signal })).items;
}

export function casinoProvidersQueryOptions() {
  return queryOptions({
    queryKey: [...CASINO_QUERY_KEY, 'providers'] as const,
    queryFn: ({ signal }) => fetchCasinoProviders(signal),
  });
}

export function useCasinoProviders() {
  return useQuery(casinoProvidersQueryOptions());
}
