import type { CasinoProfitLoss } from '@backlay/contract/casino';
import { casinoProfitLossRoute } from '@backlay/contract/casino-calls';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callParsed } from '../../../shared/api/call-api';
import type { CasinoReportQuery } from './casino-rounds';

/** Games one page of the casino tab of P&L shows. */
export const CASINO_PROFIT_LOSS_PAGE_SIZE = 20;

/** One page of the player's casino result per game, and the range's totals (`POST Casino/GetProfitLoss`). */
export function fetchCasinoProfitLoss(
  query: CasinoReportQuery,
  signal?: AbortSignal,
): Promise<CasinoProfitLoss> {
  return callParsed(casinoProfitLossRoute, {
    body: {
      from: query.from,
      to: query.to,
      MaxResultCount: CASINO_PROFIT_LOSS_PAGE_SIZE,
      SkipCount: query.page * CASINO_PROFIT_LOSS_PAGE_SIZE,
    },
    signal,
  });
}

/** The casino profit-and-loss query of one range and page. */
export function casinoProfitLossQueryOptions(query: CasinoReportQuery) {
  return queryOptions({
    queryKey: ['casino-profit-loss', query] as const,
    queryFn: ({ signal }) => fetchCasinoProfitLoss(query, signal),
  });
}

/** A page of the casino profit and loss; the previous page stays while the next loads. */
export function useCasinoProfitLoss(query: CasinoReportQuery, enabled: boolean) {
  return useQuery({
    ...casinoProfitLossQueryOptions(query),
    enabled,
    placeholderData: keepPreviousData,
  });
}
