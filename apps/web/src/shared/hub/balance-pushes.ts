import type { BalanceUpdate } from '../session/user-info-query';

export type BalancePushListener = (update: BalanceUpdate) => void;

const listeners = new Set<BalancePushListener>();

/**
 * Calls the listener with every pushed balance and exposure, once they are in the user info
 * query, until the returned function is called: a moved wallet means a bet was placed,
 * matched, cancelled or settled, so whoever shows bets reads them again.
 */
export function onBalancePush(listener: BalancePushListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Hands a pushed balance and exposure to every listener. */
export function emitBalancePush(update: BalanceUpdate): void {
  for (const listener of listeners) listener(update);
}
