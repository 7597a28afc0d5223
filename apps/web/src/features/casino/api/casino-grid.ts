import { casinoGridRoute } from '@backlay/contract/casino-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callParsed } from '../../../shared/api/call-api';

/** The lobby's rows change only when an operator changes the brand's catalogue. */
const GRID_STALE_MS = 5 * 60_000;

export type CasinoGrid = Awaited<ReturnType<typeof fetchCasinoGrid>>;

/** The lobby's rows of games, in the brand's order (`GET Casino/GetGrid`). */
export function fetchCasinoGrid(signal?: AbortSignal) {
  return callParsed(casinoGridRoute, { signal });
}

/** The lobby's rows, one query the session's end empties with the player's other data. */
export function casinoGridQueryOptions() {
  return queryOptions({
    queryKey: ['casino-grid'] as const,
    queryFn: ({ signal }) => fetchCasinoGrid(signal),
    staleTime: GRID_STALE_MS,
  });
}

/** The lobby's rows of games, asked for while `enabled`. */
export function useCasinoGrid(enabled = true) {
  return useQuery({ ...casinoGridQueryOptions(), enabled });
}
