import type { DecodedHubMessage } from '@backlay/contract/hub';

/** A pushed change of a watched market: its odds, or its status. */
export type MarketUpdate = Extract<DecodedHubMessage, { code: 'MarketOdds' | 'MarketStatus' }>;

export type MarketUpdateListener = (update: MarketUpdate) => void;

const listeners = new Set<MarketUpdateListener>();

/** Calls the listener with every pushed market update until the returned function is called. */
export function onMarketUpdate(listener: MarketUpdateListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Hands a pushed market update to every listener. */
export function emitMarketUpdate(update: MarketUpdate): void {
  for (const listener of listeners) listener(update);
}
