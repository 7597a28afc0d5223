/**
 * The one way into placing a bet. Every bet is checked here for its player's betting lock (an
 * operator's) and its price, then goes to the batcher, which places queued bets together in
 * groups of markets and hands any it cannot decide exactly to the single path (placement.ts) — or,
 * without batching, straight to the single path. Both paths share the same checks (the player's
 * sport switches, the brand's stake limits and the player's own), matching, re-hold rule and
 * ledger movements; a property test holds their results equal.
 *
 * Every bet is one use of the player's bet limit. Where the limit's counters live in the
 * database the groups write to, a grouped bet's use is counted in its group's transaction, sent
 * with the group's first statements: no round trip of its own, and counted once, since a group
 * that rolls back takes its counts with it and the single way then counts its bets again.
 * Elsewhere (PGlite, Redis) the use is counted here, before anything else.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { BetResult, PlaceBetRequest } from '@backlay/contract/bets';
import { priceToTick } from '@backlay/exchange/ladder';
import type { Player } from '../../http/api-route';
import type { RateLimits } from '../limits';
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

/** The per-player bet limit; none in tests of placement alone. */
export type BetLimits = Pick<RateLimits, 'take' | 'inTransaction'>;

export function createBetPlacement(
  deps: ExchangeDeps & { inTurn: MarketTurns },
  batching: { log: Pick<FastifyBaseLogger, 'error'> } | null,
  limits: BetLimits | null = null,
): BetPlacement {
  const single = (player: Player, request: PlaceBetRequest, priceTick: number) =>
    placeSingly(deps, player, request, priceTick);
  const countAlone = async (player: Player) => limits?.take('betsPlayer', player.id);
  const limitInGroup = batching ? (limits?.inTransaction('betsPlayer') ?? null) : null;
  const batcher = batching
    ? createBetBatcher(
        { ...deps, log: batching.log, limitInGroup },
        async (player, request, counted) => {
          if (!counted) await countAlone(player);
          return single(player, request, priceToTick(request.price) ?? -1);
        },
      )
    : null;
  return {
    async place(player, request) {
      if (!limitInGroup) await countAlone(player);
      // Read with the player by the bearer check, so a locked player's bet costs no query.
      const known = await withPlayerRules(deps.db, player);
      const priceTick = priceToTick(request.price);
      // A player with a loss limit bets one by one: the check runs under their accounts' locks.
      const grouped =
        batcher && !known.betting?.locked && !known.betting?.lossLimited && priceTick !== undefined;
      // Counted by its group's transaction when it goes in one; otherwise now.
      if (limitInGroup && !grouped) await countAlone(player);
      if (known.betting?.locked) throw bettingLocked();
      if (priceTick === undefined) throw betRefused('PRICE_OFF_LADDER');
      return grouped
        ? batcher(known, request, priceTick, !limitInGroup)
        : single(known, request, priceTick);
    },
    batchStats: () => batcher?.stats() ?? noStats(),
  };
}
