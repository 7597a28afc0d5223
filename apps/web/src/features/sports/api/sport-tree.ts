import { sportTreeSchema, type SportTree } from '@backlay/contract/sports';
import { API_ROUTES } from '@backlay/contract/routes';
import { queryOptions } from '@tanstack/react-query';
import { callParsed } from '../../../shared/api/call-api';

/** The sports the visitor may see, each with its events (`GET Event/TreeSportWithEvent`). */
export function fetchSportTree(signal?: AbortSignal): Promise<SportTree> {
  return callParsed(API_ROUTES.sportTree, sportTreeSchema, { signal });
}

/** The sport tree query. */
export function sportTreeQueryOptions() {
  return queryOptions({
    queryKey: ['sport-tree'] as const,
    queryFn: ({ signal }) => fetchSportTree(signal),
  });
}
