/**
 * The one way into placing a bet. Every bet is checked here for its player's betting lock (an
 * operator's) and its price, then goes to the batcher, which places queued bets together in
 * groups of markets and hands any it cannot decide exactly to the single path (placement.ts) — or,
 * without batching, straight to the single path. Both paths share the same checks (the player's
 * sport switches, the brand's stake limits and the player's own), matching, re-hold rule and
 * ledger movements; a property test holds their results equal.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { BetResult, PlaceBetRequest } from '@backlay/contract/bets';
import { priceToTick } from '@backlay/exchange/ladder';
import type { Player } from '../../http/api-route';
import { createBetBatcher, noStats, type BatchStats } from './batch-placement';
import { betRefused, bettingLocked } from './bet-refusal';
import type { MarketTurns } from './market-turns';
import { placeSingly, withPlayerRules, type ExchangeDeps } from './placement';

export interface BetPlacement {
  /** Places a bet, in a group with others queued meanwhile when batching. */
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
      // Read with the player by the bearer check, so a locked player's bet costs no query.
      const known = await withPlayerRules(deps.db, player);
      if (known.betting?.locked) throw bettingLocked();
      const priceTick = priceToTick(request.price);
      if (priceTick === undefined) throw betRefused('PRICE_OFF_LADDER');
      // A player with a loss limit bets one by one: the check runs under their accounts' locks.
      return batcher && !known.betting?.lossLimited
        ? batcher(known, request, priceTick)
        : single(known, request, priceTick);
    },
    batchStats: () => batcher?.stats() ?? noStats(),
  };
}
