/**
 * What other modules do when a market settles, inside the settlement's own transaction: the
 * bonus module counts settled stakes towards wagering this way, so the count commits (or rolls
 * back) with the settlement and a settlement is never counted twice. A hook is called once per
 * market with every position at once, so whatever it does it can do in a statement or two,
 * however many players the market has. An operator's correction of a settled result calls the
 * same hooks in the correction's transaction, saying so (`correctedFrom`), with the positions
 * worked out the same way: a hook sees the market as the new result leaves it. Hooks are kept
 * per database (`Queryable.origin`).
 */
import { commitListeners } from '../../db/after-commit';
import type { Queryable } from '../../db/database';
import type { Book } from '../wallet';

/** One matched part of a player's bet on the settled market. */
export interface SettledFill {
  side: 'back' | 'lay';
  /** The matched price on the exchange ladder. */
  priceTick: number;
  stakeMinor: number;
}

/** A player's position on the settled market. */
export interface SettledPosition {
  ownerId: string;
  domain: string;
  book: Book;
  /**
   * What the player stood to lose on the market as a whole (the hold its settlement released):
   * a position hedged by backing and laying the same runner risks only its net.
   */
  netRiskMinor: number;
  /** The player's result before commission: positive won, negative lost. */
  profitMinor: number;
  fills: SettledFill[];
}

export interface MarketSettled {
  marketId: string;
  /** Settled void: nobody won or lost. */
  voided: boolean;
  /**
   * Present when an operator corrected the market's settled result: the result it replaced
   * (void or a winner). Absent for the market's first settlement.
   */
  correctedFrom?: { voided: boolean };
  /** Every player's position (the house's participants are left out). */
  positions: SettledPosition[];
}

export type SettlementHook = (tx: Queryable, market: MarketSettled) => Promise<void>;

const hooks = commitListeners<SettlementHook>();

/** Calls `hook` in the transaction of every market settled on `db`, until the returned function is called. */
export function onMarketSettled(db: { readonly origin: object }, hook: SettlementHook): () => void {
  return hooks.add(db, hook);
}

/**
 * Runs the hooks of `tx`'s database for a settled or corrected market (nothing to do without
 * positions).
 */
export async function runSettlementHooks(tx: Queryable, market: MarketSettled): Promise<void> {
  if (market.positions.length === 0) return;
  for (const hook of hooks.of(tx.origin)) await hook(tx, market);
}
