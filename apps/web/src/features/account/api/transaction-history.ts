import type {
  STATEMENT_HOLDS,
  TRANSACTION_TYPES,
  transactionHistorySchema,
} from '@backlay/contract/wallet';
import { transactionHistoryRoute } from '@backlay/contract/wallet-calls';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { callParsed } from '../../../shared/api/call-api';

/** Movements one page of the statement shows. */
export const STATEMENT_PAGE_SIZE = 20;

export type TransactionType = (typeof TRANSACTION_TYPES)[number];
export type TransactionHistory = z.output<typeof transactionHistorySchema>;

export interface StatementQuery {
  type?: TransactionType;
  /** `HIDE` folds bets' holds and releases away (they never move the balance). */
  holds?: (typeof STATEMENT_HOLDS)[number];
  /** Calendar days (`YYYY-MM-DD`), inclusive. */
  from?: string;
  to?: string;
  /** The page before's `nextCursor`; absent for the first (newest) page. */
  cursor?: string;
}

/** One page of the player's money movements, newest first (`GET Transaction/GetHistory`). */
export function fetchTransactionHistory(
  query: StatementQuery,
  signal?: AbortSignal,
): Promise<TransactionHistory> {
  return callParsed(transactionHistoryRoute, {
    query: { ...query, MaxResultCount: STATEMENT_PAGE_SIZE },
    signal,
  });
}

/** The statement query of one filter and cursor. */
export function transactionHistoryQueryOptions(query: StatementQuery) {
  return queryOptions({
    queryKey: ['transaction-history', query] as const,
    queryFn: ({ signal }) => fetchTransactionHistory(query, signal),
  });
}

/** A page of the statement; the page before stays on screen while the next loads. */
export function useTransactionHistory(query: StatementQuery, enabled: boolean) {
  return useQuery({
    ...transactionHistoryQueryOptions(query),
    enabled,
    placeholderData: keepPreviousData,
  });
}
