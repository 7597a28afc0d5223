import type { PaymentRequestKind } from '@backlay/contract/wallet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PENDING_FILTERS } from '../model/queue-filters';
import { paymentQueueQueryOptions } from './payment-queue';

/** How often the navigation's pending counts look again while the console is open. */
export const PENDING_REFRESH_MS = 60_000;

/**
 * How many requests of a kind wait on every brand the operator covers: the queue's
 * `totalCount`, asked for with a page of one row so the answer stays small.
 */
export function pendingCountQueryOptions(kind: PaymentRequestKind) {
  const queue = paymentQueueQueryOptions(kind, PENDING_FILTERS, 1);
  return queryOptions({
    queryKey: queue.queryKey,
    queryFn: queue.queryFn,
    refetchInterval: PENDING_REFRESH_MS,
    select: (page) => page.totalCount,
  });
}

export function usePendingCount(kind: PaymentRequestKind) {
  return useQuery(pendingCountQueryOptions(kind));
}
