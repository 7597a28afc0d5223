/** The root of the dashboard's and the online list's queries. */
export const DASHBOARD_QUERY_KEY = ['dashboard'] as const;
