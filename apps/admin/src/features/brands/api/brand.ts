import type { Brand } from '@backlay/contract/admin-brands';
import { brandRoute } from '@backlay/contract/admin-calls';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { callAdmin } from '../../../shared/api/call-admin';
import { BRANDS_QUERY_KEY } from './brand-keys';
import { brandVersionsQueryOptions } from './brand-versions';
import { brandsQueryOptions } from './brands';

/** One brand's latest version: its registry entry, settings and betting rules (`GET brands/detail`). */
export function fetchBrand(domain: string, signal?: AbortSignal): Promise<Brand> {
  return callAdmin(brandRoute, { domain }, { signal });
}

export function brandQueryOptions(domain: string) {
  return queryOptions({
    queryKey: [...BRANDS_QUERY_KEY, 'detail', domain] as const,
    queryFn: ({ signal }) => fetchBrand(domain, signal),
  });
}

export function useBrand(domain: string) {
  return useQuery(brandQueryOptions(domain));
}

/**
 * A brand's new version, as a change answered it, goes straight into the brand's query (every
 * tab reads it from there); the list and the brand's history are read again.
 */
export async function storeBrandVersion(queryClient: QueryClient, brand: Brand): Promise<void> {
  queryClient.setQueryData(brandQueryOptions(brand.domain).queryKey, brand);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: brandsQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: brandVersionsQueryOptions(brand.domain).queryKey }),
  ]);
}
