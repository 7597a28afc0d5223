import type { SportTree } from '@backlay/contract/sports';
import { useQuery } from '@tanstack/react-query';
import { sportTreeQueryOptions } from '../api/sport-tree';
import { applyToTree, matchOddsMarketIds } from '../model/market-updates';
import { useLiveQueryData } from './use-live-list';
import { useListPollMs } from './use-live-poll';

/**
 * The sport tree, kept live: pushed prices and statuses of the given events' match odds
 * are written into it, and it is read again now and then for new events.
 */
export function useLiveSportTree(watched: (tree: SportTree) => string[] = allMatchOdds) {
  const options = sportTreeQueryOptions();
  const query = useQuery({ ...options, refetchInterval: useListPollMs() });
  useLiveQueryData<SportTree>(options.queryKey, query.data ? watched(query.data) : [], applyToTree);
  return query;
}

function allMatchOdds(tree: SportTree): string[] {
  return matchOddsMarketIds(tree.flatMap((s) => s.events));
}
