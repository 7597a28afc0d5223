import { dashboardRoute } from '@backlay/contract/admin-calls';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callAdmin, type AdminResult } from '../../../shared/api/call-admin';
import { DASHBOARD_QUERY_KEY } from './dashboard-keys';

export type Dashboard = AdminResult<typeof dashboardRoute>;
export type DashboardDay = Dashboard['days'][number];

/** The periods an operator can choose, in days; the server takes 1 to 90. */
export const DASHBOARD_PERIODS = [7, 14, 30, 90] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];
/** The server's own default period. */
export const DEFAULT_PERIOD: DashboardPeriod = 14;

export interface DashboardFilters {
  /** One brand; empty for every brand the operator covers. */
  brand: string;
  days: DashboardPeriod;
}

/** The dashboard's figures for a brand (or all covered) over the last `days` UTC days. */
export function fetchDashboard(
  filters: DashboardFilters,
  signal?: AbortSignal,
): Promise<Dashboard> {
  return callAdmin(
    dashboardRoute,
    { brand: filters.brand || undefined, days: filters.days },
    { signal },
  );
}

export function dashboardQueryOptions(filters: DashboardFilters) {
  return queryOptions({
    queryKey: [...DASHBOARD_QUERY_KEY, 'figures', filters] as const,
    queryFn: ({ signal }) => fetchDashboard(filters, signal),
    // Another brand or period keeps the last figures on screen until the new ones come.
    placeholderData: keepPreviousData,
  });
}

export function useDashboard(filters: DashboardFilters) {
  return useQuery(dashboardQueryOptions(filters));
}
