import { casinoRoundsRoute } from '@backlay/contract/admin-calls';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callAdmin, type AdminRequest, type AdminResult } from '../../../shared/api/call-admin';
import { ROUNDS_PAGE_SIZE, type RoundFilters } from '../model/round-filters';
import { CASINO_QUERY_KEY } from './casino-keys';

export type CasinoRoundPage = AdminResult<typeof casinoRoundsRoute>;
export type CasinoRoundRow = CasinoRoundPage['items'][number];

/** What the rounds call is sent for the filters: what is left empty is left out. */
export function roundsRequestOf(
  filters: RoundFilters,
  before?: string,
): AdminRequest<typeof casinoRoundsRoute> {
  return {
    brand: filters.brand || undefined,
    playerId: filters.playerId.trim() || undefined,
    provider: filters.provider || undefined,
    roundId: filters.roundId.trim() || undefined,
    gameCode: filters.gameCode.trim() || undefined,
    before,
    limit: ROUNDS_PAGE_SIZE,
  };
}

/** One page of rounds, newest first, before the last page's `nextBefore` (`GET casino/rounds`). */
export function fetchCasinoRounds(
  filters: RoundFilters,
  before: string | undefined,
  signal?: AbortSignal,
): Promise<CasinoRoundPage> {
  return callAdmin(casinoRoundsRoute, roundsRequestOf(filters, before), { signal });
}

export function casinoRoundsQueryOptions(filters: RoundFilters) {
  return infiniteQueryOptions({
    queryKey: [...CASINO_QUERY_KEY, 'rounds', filters] as const,
    queryFn: ({ pageParam, signal }) => fetchCasinoRounds(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });
}

export function useCasinoRounds(filters: RoundFilters) {
  return useInfiniteQuery(casinoRoundsQueryOptions(filters));
}
