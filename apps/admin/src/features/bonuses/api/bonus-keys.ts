/** The root of every campaigns query: a saved or paused campaign invalidates them all. */
export const CAMPAIGNS_QUERY_KEY = ['bonus-campaigns'] as const;
