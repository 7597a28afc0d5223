import type { BrandVersions } from '@backlay/contract/admin-brands';
import { brandVersionsRoute } from '@backlay/contract/admin-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callAdmin } from '../../../shared/api/call-admin';
import { BRANDS_QUERY_KEY } from './brand-keys';

export type BrandVersion = BrandVersions['versions'][number];

/** Every version of a brand, each with its whole document (`GET brands/versions`). */
export function fetchBrandVersions(domain: string, signal?: AbortSignal): Promise<BrandVersions> {
  return callAdmin(brandVersionsRoute, { domain }, { signal });
}

export function brandVersionsQueryOptions(domain: string) {
  return queryOptions({
    queryKey: [...BRANDS_QUERY_KEY, 'versions', domain] as const,
    queryFn: ({ signal }) => fetchBrandVersions(domain, signal),
  });
}

export function useBrandVersions(domain: string) {
  return useQuery(brandVersionsQueryOptions(domain));
}
