import type { ADJUSTMENT_STATUSES } from '@backlay/contract/admin-payments';
import { adjustmentsRoute } from '@backlay/contract/admin-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callAdmin, type AdminResult } from '../../../shared/api/call-admin';
import { PAYMENTS_QUERY_KEY } from './payment-keys';

/** Every adjustment list, whatever its filters: a new or decided adjustment refreshes them all. */
export const ADJUSTMENTS_QUERY_KEY = [...PAYMENTS_QUERY_KEY, 'adjustments'] as const;

export type AdjustmentList = AdminResult<typeof adjustmentsRoute>;
export type AdjustmentStatus = (typeof ADJUSTMENT_STATUSES)[number];

export interface AdjustmentFilters {
  /** One brand; empty for every brand the operator covers. */
  brand: string;
  /** One status; empty for every status. */
  status: AdjustmentStatus | '';
}

/** The manual adjustments and the amount above which a second operator approves (`GET payments/adjustments`). */
export function fetchAdjustments(
  filters: AdjustmentFilters,
  signal?: AbortSignal,
): Promise<AdjustmentList> {
  return callAdmin(
    adjustmentsRoute,
    { brand: filters.brand || undefined, status: filters.status || undefined },
    { signal },
  );
}

export function adjustmentsQueryOptions(filters: AdjustmentFilters) {
  return queryOptions({
    queryKey: [...ADJUSTMENTS_QUERY_KEY, filters] as const,
    queryFn: ({ signal }) => fetchAdjustments(filters, signal),
  });
}

export function useAdjustments(filters: AdjustmentFilters) {
  return useQuery(adjustmentsQueryOptions(filters));
}
