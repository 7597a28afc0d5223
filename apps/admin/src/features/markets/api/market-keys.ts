/** The root of every markets query: an action on a market invalidates lists and books alike. */
export const MARKETS_QUERY_KEY = ['markets'] as const;
