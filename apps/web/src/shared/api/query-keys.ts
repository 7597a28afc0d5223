/**
 * Query keys shared across features: the route guard invalidates them on leaving the lobby
 * and the real-time hub will write into them, so they are spelled once, here.
 */
export const SHARED_QUERY_KEYS = {
  openBets: ['open-bets'],
  expectedProfitLoss: ['expected-profit-loss'],
} as const;
