/** The root of every brands query: a change to a brand invalidates the list, the brand and its history alike. */
export const BRANDS_QUERY_KEY = ['brands'] as const;
