import { gatewayReviewsRoute } from '@backlay/contract/admin-calls';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callAdmin, type AdminResult } from '../../../shared/api/call-admin';
import { REVIEW_PAGE_SIZE, WAITING_FILTERS, type ReviewFilters } from '../model/review-filters';

export type GatewayReviewQueue = AdminResult<typeof gatewayReviewsRoute>;
export type ReviewItem = GatewayReviewQueue['items'][number];

/**
 * The root of every review query: a decision refreshes the queue and the waiting count alike.
 */
export const REVIEWS_QUERY_KEY = ['payment-reviews'] as const;

/** How often the waiting count looks again while the page is open. */
export const WAITING_REFRESH_MS = 60_000;

/** One page of the reviewed gateway payments (`GET payments/gateway-reviews`). */
export function fetchGatewayReviews(
  filters: ReviewFilters,
  limit: number,
  signal?: AbortSignal,
): Promise<GatewayReviewQueue> {
  return callAdmin(
    gatewayReviewsRoute,
    {
      brand: filters.brand || undefined,
      status: filters.status === 'ALL' ? undefined : filters.status,
      search: filters.search.trim() || undefined,
      limit,
      offset: (filters.page - 1) * limit,
    },
    { signal },
  );
}

export function gatewayReviewsQueryOptions(filters: ReviewFilters, limit = REVIEW_PAGE_SIZE) {
  return queryOptions({
    queryKey: [...REVIEWS_QUERY_KEY, 'queue', filters, limit] as const,
    queryFn: ({ signal }) => fetchGatewayReviews(filters, limit, signal),
    // Another page or filter keeps the rows on screen until the new ones come.
    placeholderData: keepPreviousData,
  });
}

export function useGatewayReviews(filters: ReviewFilters) {
  return useQuery(gatewayReviewsQueryOptions(filters));
}

/**
 * How many payments wait for a decision on every brand the operator covers: the queue's
 * `totalCount`, asked for with a page of one row.
 */
export function useWaitingCount() {
  const queue = gatewayReviewsQueryOptions(WAITING_FILTERS, 1);
  return useQuery({
    queryKey: queue.queryKey,
    queryFn: queue.queryFn,
    refetchInterval: WAITING_REFRESH_MS,
    select: (page) => page.totalCount,
  });
}
