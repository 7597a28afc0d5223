/**
 * The root of every payments query: a decision refreshes the queues and the navigation's
 * pending counts alike.
 */
export const PAYMENTS_QUERY_KEY = ['payments'] as const;
