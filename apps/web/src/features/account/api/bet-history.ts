import type { BET_HISTORY_FILTERS, BetHistory } from '@backlay/contract/bets';
import { betHistoryRoute } from '@backlay/contract/bet-calls';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callParsed } from '../../../shared/api/call-api';

/** Bets one page of the history shows. */
export const BET_HISTORY_PAGE_SIZE = 20;

export type BetHistoryStatus = (typeof BET_HISTORY_FILTERS)[number];

export interface BetHistoryQuery {
  fromDate?: string;
  toDate?: string;
  /** Only this sport's bets; all when null. */
  sportId: number | null;
  status: BetHistoryStatus;
  /** 0-based page number. */
  page: number;
}

/** One page of the player's bets, newest first (`POST Bet/GetUserBetHistory`). */
export function fetchBetHistory(query: BetHistoryQuery, signal?: AbortSignal): Promise<BetHistory> {
  return callParsed(betHistoryRoute, {
    body: {
      fromDate: query.fromDate,
      toDate: query.toDate,
      sportId: query.sportId ?? undefined,
      status: query.status,
      MaxResultCount: BET_HISTORY_PAGE_SIZE,
      SkipCount: query.page * BET_HISTORY_PAGE_SIZE,
    },
    signal,
  });
}

/** The bet-history query of one filter and page. */
export function betHistoryQueryOptions(query: BetHistoryQuery) {
  return queryOptions({
    queryKey: ['bet-history', query] as const,
    queryFn: ({ signal }) => fetchBetHistory(query, signal),
  });
}

/** A page of bet history; the previous page stays on screen while the next loads. */
export function useBetHistory(query: BetHistoryQuery, enabled: boolean) {
  return useQuery({ ...betHistoryQueryOptions(query), enabled, placeholderData: keepPreviousData });
}
