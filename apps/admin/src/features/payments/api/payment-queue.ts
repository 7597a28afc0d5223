import { paymentQueueRoute } from '@backlay/contract/admin-calls';
import type { PaymentRequestKind } from '@backlay/contract/wallet';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callAdmin, type AdminResult } from '../../../shared/api/call-admin';
import { QUEUE_PAGE_SIZE, type QueueFilters } from '../model/queue-filters';
import { PAYMENTS_QUERY_KEY } from './payment-keys';

export type PaymentQueue = AdminResult<typeof paymentQueueRoute>;
export type QueueItem = PaymentQueue['items'][number];

/** One page of the deposits or withdrawals (`GET payments/queue`). */
export function fetchPaymentQueue(
  kind: PaymentRequestKind,
  filters: QueueFilters,
  limit: number,
  signal?: AbortSignal,
): Promise<PaymentQueue> {
  return callAdmin(
    paymentQueueRoute,
    {
      kind,
      brand: filters.brand || undefined,
      status: filters.status === 'ALL' ? undefined : filters.status,
      search: filters.search.trim() || undefined,
      limit,
      offset: (filters.page - 1) * limit,
    },
    { signal },
  );
}

export function paymentQueueQueryOptions(
  kind: PaymentRequestKind,
  filters: QueueFilters,
  limit = QUEUE_PAGE_SIZE,
) {
  return queryOptions({
    queryKey: [...PAYMENTS_QUERY_KEY, 'queue', kind, filters, limit] as const,
    queryFn: ({ signal }) => fetchPaymentQueue(kind, filters, limit, signal),
    // Another page or filter keeps the rows on screen until the new ones come.
    placeholderData: keepPreviousData,
  });
}

/**
 * How often an open queue is read again: players cancel withdrawals and other operators decide
 * requests meanwhile, and the rows on screen must not keep saying they wait.
 */
export const QUEUE_REFRESH_MS = 30_000;

export function usePaymentQueue(kind: PaymentRequestKind, filters: QueueFilters) {
  return useQuery({
    ...paymentQueueQueryOptions(kind, filters),
    refetchInterval: QUEUE_REFRESH_MS,
  });
}
