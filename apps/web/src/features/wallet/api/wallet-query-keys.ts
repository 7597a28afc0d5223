/**
 * The keys of the wallet's queries. Every one starts with `WALLET_QUERY_KEY`, so a payment
 * that moved money marks them all stale at once.
 */
export const WALLET_QUERY_KEY = ['wallet'] as const;

export const WALLET_QUERY_KEYS = {
  paymentInfo: [...WALLET_QUERY_KEY, 'payment-info'],
  playerRequests: [...WALLET_QUERY_KEY, 'player-requests'],
  pendingWithdrawals: [...WALLET_QUERY_KEY, 'pending-withdrawals'],
} as const;
