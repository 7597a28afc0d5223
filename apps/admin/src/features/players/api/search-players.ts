import { searchPlayersRoute } from '@backlay/contract/admin-calls';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callAdmin, type AdminResult } from '../../../shared/api/call-admin';
import { PLAYERS_QUERY_KEY } from './player-keys';

export type PlayerPage = AdminResult<typeof searchPlayersRoute>;

/** Players one page brings. */
export const PLAYERS_PAGE_SIZE = 50;

export interface PlayerFilters {
  /** A name prefix, mobile digits or a player id; empty lists the newest. */
  q: string;
  /** One brand's players; empty for every brand the operator covers. */
  brand: string;
  /** Include demo players. */
  demo: boolean;
}

/** One page of the player search, after the cursor of the page before (`GET players`). */
export function fetchPlayerPage(
  filters: PlayerFilters,
  after: string | undefined,
  signal?: AbortSignal,
): Promise<PlayerPage> {
  return callAdmin(
    searchPlayersRoute,
    {
      q: filters.q.trim(),
      brand: filters.brand || undefined,
      demo: filters.demo ? 'true' : 'false',
      after,
      limit: PLAYERS_PAGE_SIZE,
    },
    { signal },
  );
}

/** The search's pages; the next starts at the last one's `nextAfter`. */
export function playerSearchQueryOptions(filters: PlayerFilters) {
  return infiniteQueryOptions({
    queryKey: [...PLAYERS_QUERY_KEY, 'search', filters] as const,
    queryFn: ({ pageParam, signal }) => fetchPlayerPage(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextAfter ?? undefined,
  });
}

export function usePlayerSearch(filters: PlayerFilters) {
  return useInfiniteQuery(playerSearchQueryOptions(filters));
}
