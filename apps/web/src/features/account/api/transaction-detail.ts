import type { TransactionDetail } from '@backlay/contract/wallet';
import { transactionDetailRoute } from '@backlay/contract/wallet-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callParsed } from '../../../shared/api/call-api';

/** One movement with its entries and its cause (`GET Transaction/GetDetail`). */
export function fetchTransactionDetail(
  id: string,
  signal?: AbortSignal,
): Promise<TransactionDetail> {
  return callParsed(transactionDetailRoute, { query: { id }, signal });
}

/** The detail query of one movement; a movement never changes, so it stays fresh. */
export function transactionDetailQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['transaction-detail', id] as const,
    queryFn: ({ signal }) => fetchTransactionDetail(id, signal),
    staleTime: Infinity,
  });
}

/** A movement's detail. */
export function useTransactionDetail(id: string) {
  return useQuery(transactionDetailQueryOptions(id));
}
