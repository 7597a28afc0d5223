import { activityLogRoute } from '@backlay/contract/profile-calls';
import type { RouteResult } from '@backlay/contract/route-entry';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callParsed } from '../../../shared/api/call-api';

export type ActivityLogPage = RouteResult<typeof activityLogRoute>;
export type ActivityLogItem = ActivityLogPage['items'][number];

/** How many entries one page of the activity log shows. */
export const ACTIVITY_LOG_PAGE_SIZE = 10;

/** One page of what the player did, newest first (`GET Account/GetActivityLog`). */
export function fetchActivityLog(page: number, signal?: AbortSignal): Promise<ActivityLogPage> {
  return callParsed(activityLogRoute, {
    query: {
      MaxResultCount: ACTIVITY_LOG_PAGE_SIZE,
      SkipCount: page * ACTIVITY_LOG_PAGE_SIZE,
    },
    signal,
  });
}

/** The activity log query of one page (0-based). */
export function activityLogQueryOptions(page: number) {
  return queryOptions({
    queryKey: ['activity-log', page] as const,
    queryFn: ({ signal }) => fetchActivityLog(page, signal),
  });
}

/** A page of the activity log; the previous page stays on screen while the next loads. */
export function useActivityLog(page: number) {
  return useQuery({ ...activityLogQueryOptions(page), placeholderData: keepPreviousData });
}
