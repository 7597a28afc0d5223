/**
 * The brand's betting rules on the wire, as the rules page shows them: for each sport the player
 * may bet on, each market type's stake and liability limits, in-play bet delay and commission.
 * The spec names no call for them (its rules page is static), so this shape is ours. Amounts are
 * rupees with at most two decimals.
 *
 * Built from the zod features the first visit already loads (object, array, number, string,
 * enum): see the note in wallet.ts.
 */
import { z } from 'zod';
import { MARKET_TYPES } from './sports';

/** What one bet on one market type of a sport may be, and what is taken from its winnings. */
export const marketTypeRulesSchema = z.object({
  marketType: z.enum(MARKET_TYPES),
  minStake: z.number(),
  /** The player's own limit where an operator set one lower than the brand's. */
  maxStake: z.number(),
  /** The most the player may stand to lose on one market, all bets together. */
  maxLiability: z.number(),
  /** How long a bet placed in play waits before it reaches the market; 0 for none. */
  betDelaySeconds: z.number(),
  /** Commission on net market winnings, percent. */
  commissionPercent: z.number(),
});
export type MarketTypeRules = z.infer<typeof marketTypeRulesSchema>;

/** `Setting/GetBettingRules`: the sports the player sees, in order, each with every market type. */
export const bettingRulesSchema = z.object({
  sports: z.array(
    z.object({
      sportId: z.number(),
      sportName: z.string(),
      markets: z.array(marketTypeRulesSchema),
    }),
  ),
});
export type BettingRules = z.infer<typeof bettingRulesSchema>;
