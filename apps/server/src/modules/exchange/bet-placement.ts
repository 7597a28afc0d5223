/**
 * The one way into placing a bet. Every bet is checked for its price and its player's sport
 * switches here, then goes to the batcher, which places bets queued for one market together and
 * hands any it cannot decide exactly to the single path (placement.ts) — or, without batching,
 * straight to the single path. Both paths share the same checks, matching, re-hold rule and
 * ledger movements; a property test holds their results equal.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { BetResult, PlaceBetRequest } from '@backlay/contract/bets';
import { priceToTick } from '@backlay/exchange/ladder';
import type { Player } from '../../http/api-route';
import { createBetBatcher, noStats, type BatchStats } from './batch-placement';
import { betRefused } from './bet-refusal';
import type { MarketTurns } from './market-turns';
import { placeSingly, withSportFlags, type ExchangeDeps } from './placement';

export interface BetPlacement {
  /** Places a bet, in a batch with others queued for its market when batching. */
  place(player: Player, request: PlaceBetRequest): Promise<BetResult>;
  /** What the batches did so far (nothing, when bets go one by one). */
  batchStats(): BatchStats;
}

export function createBetPlacement(
  deps: ExchangeDeps & { inTurn: MarketTurns },
  batching: { log: Pick<FastifyBaseLogger, 'error'> } | null,
): BetPlacement {
  const single = (player: Player, request: PlaceBetRequest, priceTick: number) =>
    placeSingly(deps, player, request, priceTick);
  const batcher = batching
    ? createBetBatcher({ ...deps, log: batching.log }, (player, request) =>
        single(player, request, priceToTick(request.price) ?? -1),
      )
    : null;
  return {
    async place(player, request) {
      const priceTick = priceToTick(request.price);
      if (priceTick === undefined) throw betRefused('PRICE_OFF_LADDER');
      const known = await withSportFlags(deps.db, player);
      return batcher ? batcher(known, request, priceTick) : single(known, request, priceTick);
    },
    batchStats: () => batcher?.stats() ?? noStats(),
  };
}
