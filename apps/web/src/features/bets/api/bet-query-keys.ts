/**
 * The keys of the player's open bets and expected profit and loss. The shell reads both again
 * on leaving the lobby, from the first chunk, so they live in a module that imports nothing.
 */
export const BET_QUERY_KEYS = {
  openBets: ['open-bets'],
  expectedProfitLoss: ['expected-profit-loss'],
} as const;
