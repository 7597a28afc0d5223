/**
 * Tells watchers what a committed bet or cancel changed: the market's new prices in its money
 * book (the players' balances are announced by the wallet). Prices are read and pushed at most
 * once per market and book every PUSH_INTERVAL_MS: a burst of bets on one market costs one
 * read, and watchers still see every change within that interval.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { type Hub } from '../hub';
import { readOdds, toHubOdds } from './odds';
import type { ExchangeChange } from './placement';

const PUSH_INTERVAL_MS = 100;

export function createChangePublisher(deps: {
  db: Database;
  hub: Pick<Hub, 'publishMarketOdds' | 'isWatched'>;
  log: Pick<FastifyBaseLogger, 'error'>;
}): (change: ExchangeChange) => void {
  const pending = new Set<string>();
  const fail = (error: unknown) => deps.log.error({ err: error }, 'exchange push failed');

  function pushOdds(marketId: string, book: ExchangeChange['book']): void {
    const key = `${book}:${marketId}`;
    // Nobody to tell, nothing to read.
    if (pending.has(key) || !deps.hub.isWatched(marketId, book)) return;
    pending.add(key);
    setTimeout(() => {
      pending.delete(key);
      void (async () => {
        for (const odds of await readOdds(deps.db, [marketId], book)) {
          await deps.hub.publishMarketOdds(toHubOdds(odds), book);
        }
      })().catch(fail);
    }, PUSH_INTERVAL_MS).unref();
  }

  return (change) => pushOdds(change.marketId, change.book);
}
