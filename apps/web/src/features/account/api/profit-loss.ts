import type { ProfitLoss } from '@backlay/contract/bets';
import { profitLossRoute } from '@backlay/contract/bet-calls';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callParsed } from '../../../shared/api/call-api';

/** Settled markets one page of the report shows. */
export const PROFIT_LOSS_PAGE_SIZE = 20;

export interface ProfitLossQuery {
  fromDate?: string;
  toDate?: string;
  sportId: number | null;
  /** 0-based page number. */
  page: number;
}

/** One page of settled markets with their results, and the range's totals (`POST Bet/GetUserProfitLoss`). */
export function fetchProfitLoss(query: ProfitLossQuery, signal?: AbortSignal): Promise<ProfitLoss> {
  return callParsed(profitLossRoute, {
    body: {
      fromDate: query.fromDate,
      toDate: query.toDate,
      sportId: query.sportId ?? undefined,
      MaxResultCount: PROFIT_LOSS_PAGE_SIZE,
      SkipCount: query.page * PROFIT_LOSS_PAGE_SIZE,
    },
    signal,
  });
}

/** The profit-and-loss query of one filter and page. */
export function profitLossQueryOptions(query: ProfitLossQuery) {
  return queryOptions({
    queryKey: ['profit-loss', query] as const,
    queryFn: ({ signal }) => fetchProfitLoss(query, signal),
  });
}

/** A page of the profit-and-loss report; the previous page stays while the next loads. */
export function useProfitLoss(query: ProfitLossQuery, enabled: boolean) {
  return useQuery({ ...profitLossQueryOptions(query), enabled, placeholderData: keepPreviousData });
}
