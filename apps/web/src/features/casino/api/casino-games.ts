import type { CasinoGame } from '@backlay/contract/casino';
import { internationalGamesRoute } from '@backlay/contract/casino-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callParsed } from '../../../shared/api/call-api';

/** The brand's games change only when an operator changes its catalogue. */
const CATALOGUE_STALE_MS = 5 * 60_000;

/** Every game the brand offers (`GET InternationalCasino/GetGames`). */
export function fetchCasinoGames(signal?: AbortSignal): Promise<CasinoGame[]> {
  return callParsed(internationalGamesRoute, { signal });
}

/**
 * The brand's game list: the player's casino games, which a logout empties with the rest of
 * the player's data (the session's end removes every query but the site's settings).
 */
export function casinoGamesQueryOptions() {
  return queryOptions({
    queryKey: ['casino-games'] as const,
    queryFn: ({ signal }) => fetchCasinoGames(signal),
    staleTime: CATALOGUE_STALE_MS,
  });
}

/** The brand's games. */
export function useCasinoGames() {
  return useQuery(casinoGamesQueryOptions());
}
