import type { CasinoCatalogue } from '@backlay/contract/admin-casino';
import { casinoCatalogueRoute } from '@backlay/contract/admin-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callAdmin } from '../../../shared/api/call-admin';
import { CASINO_QUERY_KEY } from './casino-keys';

/** A brand's casino switch and its games in the lobby's order (`GET casino/catalogue`). */
export function fetchCasinoCatalogue(
  brand: string,
  signal?: AbortSignal,
): Promise<CasinoCatalogue> {
  return callAdmin(casinoCatalogueRoute, { brand }, { signal });
}

export function casinoCatalogueQueryOptions(brand: string) {
  return queryOptions({
    queryKey: [...CASINO_QUERY_KEY, 'catalogue', brand] as const,
    queryFn: ({ signal }) => fetchCasinoCatalogue(brand, signal),
  });
}

export function useCasinoCatalogue(brand: string) {
  return useQuery({ ...casinoCatalogueQueryOptions(brand), enabled: brand !== '' });
}
