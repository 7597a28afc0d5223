import { brandsRoute } from '@backlay/contract/admin-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callAdmin, type AdminResult } from '../../../shared/api/call-admin';
import { BRANDS_QUERY_KEY } from './brand-keys';

export type BrandList = AdminResult<typeof brandsRoute>;
export type BrandSummary = BrandList['brands'][number];

/** Every brand the operator covers, with its latest version (`GET brands`). */
export function fetchBrands(signal?: AbortSignal): Promise<BrandList> {
  return callAdmin(brandsRoute, {}, { signal });
}

export function brandsQueryOptions() {
  return queryOptions({
    queryKey: [...BRANDS_QUERY_KEY, 'list'] as const,
    queryFn: ({ signal }) => fetchBrands(signal),
  });
}

export function useBrands() {
  return useQuery(brandsQueryOptions());
}
