import { casinoFiguresRoute } from '@backlay/contract/admin-calls';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callAdmin, type AdminResult } from '../../../shared/api/call-admin';
import type { FiguresFilters } from '../model/figures-filters';
import { CASINO_QUERY_KEY } from './casino-keys';

export type CasinoFigures = AdminResult<typeof casinoFiguresRoute>;
export type CasinoFiguresDay = CasinoFigures['days'][number];
export type CasinoFiguresGame = CasinoFigures['games'][number];
export type CasinoFiguresProvider = CasinoFigures['providers'][number];
export type CasinoFiguresBrand = CasinoFigures['byBrand'][number];

/** Real-money rounds' turnover, wins and GGR by day, game, provider and brand (`GET casino/figures`). */
export function fetchCasinoFigures(
  filters: FiguresFilters,
  signal?: AbortSignal,
): Promise<CasinoFigures> {
  return callAdmin(
    casinoFiguresRoute,
    { brand: filters.brand || undefined, days: filters.days },
    { signal },
  );
}

export function casinoFiguresQueryOptions(filters: FiguresFilters) {
  return queryOptions({
    queryKey: [...CASINO_QUERY_KEY, 'figures', filters] as const,
    queryFn: ({ signal }) => fetchCasinoFigures(filters, signal),
    // Another brand or period keeps the last figures on screen until the new ones come.
    placeholderData: keepPreviousData,
  });
}

export function useCasinoFigures(filters: FiguresFilters) {
  return useQuery(casinoFiguresQueryOptions(filters));
}
