import type { SportTree } from '@backlay/contract/sports';
import { sportTreeRoute } from '@backlay/contract/sport-calls';
import { queryOptions } from '@tanstack/react-query';
import { callParsed } from '../../../shared/api/call-api';

/** The sports the visitor may see, each with its events (`GET Event/TreeSportWithEvent`). */
export function fetchSportTree(signal?: AbortSignal): Promise<SportTree> {
  return callParsed(sportTreeRoute, { signal });
}

/** The sport tree query. */
export function sportTreeQueryOptions() {
  return queryOptions({
    queryKey: ['sport-tree'] as const,
    queryFn: ({ signal }) => fetchSportTree(signal),
  });
}
