import type { CasinoRounds } from '@backlay/contract/casino';
import { casinoRoundsRoute } from '@backlay/contract/casino-calls';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callParsed } from '../../../shared/api/call-api';

/** Rounds one page of the casino tab shows. */
export const CASINO_ROUNDS_PAGE_SIZE = 20;

export interface CasinoReportQuery {
  /** The first and last calendar day (`YYYY-MM-DD`, India's time), each optional. */
  from?: string;
  to?: string;
  /** 0-based page number. */
  page: number;
}

/** One page of the player's casino rounds, newest first, and the range's totals (`POST Casino/GetRounds`). */
export function fetchCasinoRounds(
  query: CasinoReportQuery,
  signal?: AbortSignal,
): Promise<CasinoRounds> {
  return callParsed(casinoRoundsRoute, {
    body: {
      from: query.from,
      to: query.to,
      MaxResultCount: CASINO_ROUNDS_PAGE_SIZE,
      SkipCount: query.page * CASINO_ROUNDS_PAGE_SIZE,
    },
    signal,
  });
}

/** The casino rounds query of one range and page. */
export function casinoRoundsQueryOptions(query: CasinoReportQuery) {
  return queryOptions({
    queryKey: ['casino-rounds', query] as const,
    queryFn: ({ signal }) => fetchCasinoRounds(query, signal),
  });
}

/** A page of casino rounds; the previous page stays on screen while the next loads. */
export function useCasinoRounds(query: CasinoReportQuery, enabled: boolean) {
  return useQuery({
    ...casinoRoundsQueryOptions(query),
    enabled,
    placeholderData: keepPreviousData,
  });
}
