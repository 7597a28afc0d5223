/**
 * What watchers of a market hear after a change to it commits: its status (open, suspended or
 * closed, and whether in play) and its prices in each money book. The feed and operators'
 * market operations both tell them this way (bets and cancels push prices through the change
 * publisher, and the wallet announces players' balances itself).
 */
import type { MarketOddsData, MarketStatusData } from '@backlay/contract/hub';
import type { Queryable } from '../../db/database';
import { BOOKS, type Book } from '../wallet';
import { SUSPENDED_REASON } from './market-rows';
import { readOdds, toHubOdds } from './odds';

/** Where market pushes go: the app's hub. */
export interface MarketPublisher {
  publishMarketOdds(data: MarketOddsData, book: Book): Promise<void>;
  publishMarketStatus(data: MarketStatusData): Promise<void>;
  /** Whether a market's prices in a book reach anyone; without it, they are always read. */
  isWatched?(marketId: string, book: Book): boolean;
}

/** Pushes the market's status as it is now. */
export async function publishMarketStatus(
  db: Queryable,
  publisher: Pick<MarketPublisher, 'publishMarketStatus'>,
  marketId: string,
): Promise<void> {
  const [row] = await db.query<{ status: string; in_play: boolean; reason: string | null }>(
    `SELECT status, in_play, ${SUSPENDED_REASON} AS reason FROM markets m WHERE id = $1`,
    [marketId],
  );
  if (!row) return;
  await publisher.publishMarketStatus({
    MarketId: marketId,
    Status: row.status === 'OPEN' ? 'open' : row.status === 'SUSPENDED' ? 'suspended' : 'closed',
    InPlay: row.in_play,
    Reason: row.reason,
    PublishedAt: Date.now(),
  });
}

/** Pushes the market's prices in each of `books` that someone watches. */
export async function publishMarketOdds(
  db: Queryable,
  publisher: Pick<MarketPublisher, 'publishMarketOdds' | 'isWatched'>,
  marketId: string,
  books: readonly Book[] = BOOKS,
): Promise<void> {
  for (const book of books) {
    if (publisher.isWatched && !publisher.isWatched(marketId, book)) continue;
    for (const odds of await readOdds(db, [marketId], book)) {
      await publisher.publishMarketOdds(toHubOdds(odds), book);
    }
  }
}
